/* OpenSSL side of `reject_forged_receipt30m` (Docs/PERFORMANCE.md, "Rejecting a forged receipt"):
 * the same bench protocol as ../shared/bench/bench_openssl.c, one case. It parses FIXTURES/forged-100k.der
 * (Vectors/tools/hostile.py) with d2i_CMS_ContentInfo and runs CMS_verify with a trust store that holds
 * no root of the signer's, so it is refused, as PureReceipt refuses it under its default policy.
 *
 *   bench_openssl_hostile FIXTURES_DIR [filters...]   one TSV line per case (impl case bytes median
 *                                                     min p25 p75 max iters), SAMPLES / SAMPLE_MS env
 *   bench_openssl_hostile FIXTURES_DIR --one CASE N   N runs inside run_case (for callgrind)
 *
 * Build: cc -O2 -o /tmp/purereceipt-bench-openssl-hostile Vectors/tools/bench_openssl_hostile.c -lcrypto
 * Part of the PureReceipt measurements. Licence: Apache-2.0. */
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned char *g_bytes;
static long g_size;
static X509_STORE *g_store;
static volatile long g_sink;

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void reject_forged(void) {
    const unsigned char *p = g_bytes;
    CMS_ContentInfo *cms = d2i_CMS_ContentInfo(NULL, &p, g_size);
    if (!cms) { fprintf(stderr, "forged receipt does not parse\n"); exit(1); }
    BIO *out = BIO_new(BIO_s_null());
    int ok = CMS_verify(cms, NULL, g_store, NULL, out, CMS_BINARY);
    if (ok == 1) { fprintf(stderr, "forged receipt verified\n"); exit(1); }
    g_sink += ok;
    BIO_free(out);
    CMS_ContentInfo_free(cms);
    ERR_clear_error();
}

__attribute__((noinline)) static void run_case(long iters) {
    for (long i = 0; i < iters; i++) reject_forged();
}

static int cmpd(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FIXTURES_DIR [filters...] | --one CASE N\n", argv[0]); return 1; }
    char path[4096];
    snprintf(path, sizeof path, "%s/forged-100k.der", argv[1]);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "no %s (Vectors/tools/bench.sh hostile)\n", path); return 1; }
    fseek(f, 0, SEEK_END);
    g_size = ftell(f);
    fseek(f, 0, SEEK_SET);
    g_bytes = malloc(g_size);
    if (!g_bytes || fread(g_bytes, 1, g_size, f) != (size_t)g_size) { fprintf(stderr, "cannot read %s\n", path); return 1; }
    fclose(f);
    g_store = X509_STORE_new();
    const char *name = "reject_forged_receipt30m";
    if (argc >= 5 && !strcmp(argv[2], "--one")) {
        if (strcmp(argv[3], name)) { fprintf(stderr, "no case %s\n", argv[3]); return 1; }
        reject_forged(); /* warm outside the counted region */
        run_case(atol(argv[4]));
        return 0;
    }
    if (argc > 2) {
        int hit = 0;
        for (int a = 2; a < argc; a++) if (strstr(name, argv[a])) hit = 1;
        if (!hit) return 0;
    }
    int samples = getenv("SAMPLES") ? atoi(getenv("SAMPLES")) : 21;
    double sample_ns = (getenv("SAMPLE_MS") ? atof(getenv("SAMPLE_MS")) : 10) * 1e6;
    long iters = 1;
    for (;;) { /* calibrate: a batch of about SAMPLE_MS */
        double t0 = now_ns();
        run_case(iters);
        double dt = now_ns() - t0;
        if (dt > sample_ns / 4 || iters > (1L << 30)) { iters = (long)(iters * sample_ns / (dt > 1 ? dt : 1)); break; }
        iters *= 4;
    }
    if (iters < 1) iters = 1;
    if (samples > 256) samples = 256;
    if (samples < 1) samples = 1;
    double v[256];
    for (int s = 0; s < samples; s++) {
        double t0 = now_ns();
        run_case(iters);
        v[s] = (now_ns() - t0) / iters;
    }
    qsort(v, samples, sizeof(double), cmpd);
    printf("openssl\t%s\t0\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%ld\n", name, v[samples / 2], v[0], v[samples / 4],
           v[(3 * samples) / 4], v[samples - 1], iters);
    return 0;
}
