/* OpenSSL side of the hostile-input cases (Docs/PERFORMANCE.md, "Rejecting a forged receipt" and
 * "Hostile inputs"): the same bench protocol as ../shared/bench/bench_openssl.c. Each case parses one
 * fixture with d2i_CMS_ContentInfo and runs CMS_verify, which must refuse it, as PureReceipt does:
 *   reject_forged_receipt30m   forged-100k.der, a trust store holding no root of the signer's
 *   reject_samename_<short|20k|60k|100k>, reject_decoys_<1m|hangul_2m|escapes_1_5m>
 *                              samename-*.der / decoys-*.der (Vectors/tools/hostile_names.py), a
 *                              trust store holding only the bench test root (FIXTURES/root.der).
 *                              A name over OpenSSL's X509_NAME_MAX (1 MiB) makes d2i fail: that
 *                              refusal (malformed) is what is timed then.
 * A case runs only when its fixture is in FIXTURES_DIR (bench.sh hostile links them there).
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

struct hostile_case {
    const char *name, *file;
    int with_root; /* trust store: the bench test root (1) or empty (0) */
};

static const struct hostile_case g_cases[] = {
    {"reject_forged_receipt30m", "forged-100k.der", 0},
    {"reject_samename_short", "samename-short.der", 1},
    {"reject_samename_20k", "samename-20k.der", 1},
    {"reject_samename_60k", "samename-60k.der", 1},
    {"reject_samename_100k", "samename-100k.der", 1},
    {"reject_decoys_1m", "decoys-1m.der", 1},
    {"reject_decoys_hangul_2m", "decoys-hangul-2m.der", 1},
    {"reject_decoys_escapes_1_5m", "decoys-escapes-1_5m.der", 1},
};
enum { CASE_COUNT = sizeof g_cases / sizeof g_cases[0] };

static unsigned char *g_bytes;
static long g_size;
static X509_STORE *g_store;
static volatile long g_sink;

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* The whole file, or NULL when it cannot be read. */
static unsigned char *read_file(const char *dir, const char *name, long *size) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = malloc(*size > 0 ? *size : 1);
    if (!bytes || fread(bytes, 1, *size, f) != (size_t)*size) { fclose(f); free(bytes); return NULL; }
    fclose(f);
    return bytes;
}

/* Loads the case's fixture and trust store; 0 when the fixture is missing. */
static int load_case(const char *dir, const struct hostile_case *c) {
    free(g_bytes);
    g_bytes = read_file(dir, c->file, &g_size);
    if (!g_bytes) return 0;
    if (g_store) X509_STORE_free(g_store);
    g_store = X509_STORE_new();
    if (c->with_root) {
        long size;
        unsigned char *der = read_file(dir, "root.der", &size);
        const unsigned char *p = der;
        X509 *root = der ? d2i_X509(NULL, &p, size) : NULL;
        if (!root || !X509_STORE_add_cert(g_store, root)) { fprintf(stderr, "cannot read %s/root.der\n", dir); exit(1); }
        X509_free(root);
        free(der);
    }
    return 1;
}

/* One refusal: the bytes do not parse (malformed), or CMS_verify fails. Returns 1 for a parse
 * failure, 0 for a verification failure; exits if the input verifies. */
static int reject_one(void) {
    const unsigned char *p = g_bytes;
    CMS_ContentInfo *cms = d2i_CMS_ContentInfo(NULL, &p, g_size);
    if (!cms) {
        ERR_clear_error();
        g_sink += 1;
        return 1;
    }
    BIO *out = BIO_new(BIO_s_null());
    int ok = CMS_verify(cms, NULL, g_store, NULL, out, CMS_BINARY);
    if (ok == 1) { fprintf(stderr, "hostile input verified\n"); exit(1); }
    g_sink += ok;
    BIO_free(out);
    CMS_ContentInfo_free(cms);
    ERR_clear_error();
    return 0;
}

__attribute__((noinline)) static void run_case(long iters) {
    for (long i = 0; i < iters; i++) reject_one();
}

static int cmpd(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void time_case(const struct hostile_case *c) {
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
    printf("openssl\t%s\t0\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%ld\n", c->name, v[samples / 2], v[0], v[samples / 4],
           v[(3 * samples) / 4], v[samples - 1], iters);
    fflush(stdout);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FIXTURES_DIR [filters...] | --one CASE N\n", argv[0]); return 1; }
    if (argc >= 5 && !strcmp(argv[2], "--one")) {
        for (int i = 0; i < CASE_COUNT; i++) {
            if (strcmp(argv[3], g_cases[i].name)) continue;
            if (!load_case(argv[1], &g_cases[i])) {
                fprintf(stderr, "no %s/%s (Vectors/tools/bench.sh hostile)\n", argv[1], g_cases[i].file);
                return 1;
            }
            int malformed = reject_one(); /* warm outside the counted region */
            fprintf(stderr, "# %s: refused as %s\n", g_cases[i].name, malformed ? "malformed (d2i)" : "not verified");
            run_case(atol(argv[4]));
            return 0;
        }
        fprintf(stderr, "no case %s\n", argv[3]);
        return 1;
    }
    for (int i = 0; i < CASE_COUNT; i++) {
        int hit = argc == 2;
        for (int a = 2; a < argc; a++) if (strstr(g_cases[i].name, argv[a])) hit = 1;
        if (!hit || !load_case(argv[1], &g_cases[i])) continue;
        time_case(&g_cases[i]);
    }
    return 0;
}
