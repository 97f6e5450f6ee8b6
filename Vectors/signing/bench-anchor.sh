#!/usr/bin/env bash
# Builds the OpenSSL anchor of ../shared/bench (bench_openssl.c, read-only there) with one more
# case, ecdsa_p256_sign_sha256: EVP_PKEY_sign of the SHA-256 digest of msg.bin with ec-leaf.key
# (key parsed and context made once, outside timing; OpenSSL draws its nonce from its generator).
# The shared file is copied to .build/ and the case inserted there; nothing else changes.
#   bash Vectors/signing/bench-anchor.sh [OUT]   (default /tmp/purereceipt-bench-openssl-signing)
set -euo pipefail
cd "$(dirname "$0")/../.."
source=../shared/bench/bench_openssl.c
out=${1:-/tmp/purereceipt-bench-openssl-signing}
mkdir -p .build
copy=.build/bench_openssl_signing.c
python3 - "$source" "$copy" <<'PY'
import sys
text = open(sys.argv[1]).read()
function = r'''
#include <openssl/pem.h>
static EVP_PKEY_CTX *g_sign_ctx;
static void c_ecdsa_sign(long unused) {
    (void)unused;
    unsigned char sig[80];
    size_t n = sizeof sig;
    if (EVP_PKEY_sign(g_sign_ctx, sig, &n, g_dig256, 32) != 1) die("ecdsa sign");
    g_sink += sig[n - 1];
}
'''
registration = r'''    {   /* ecdsa_p256_sign_sha256: the signing product's pair (Vectors/signing/bench-anchor.sh) */
        char kp[4096];
        snprintf(kp, sizeof kp, "%s/%s", g_dir, "ec-leaf.key");
        FILE *kf = fopen(kp, "rb");
        if (kf) {
            EVP_PKEY *key = PEM_read_PrivateKey(kf, NULL, NULL, NULL);
            fclose(kf);
            if (!key) die("ec-leaf.key");
            g_sign_ctx = EVP_PKEY_CTX_new(key, NULL);
            if (EVP_PKEY_sign_init(g_sign_ctx) != 1) die("sign init");
            EVP_PKEY_CTX_set_signature_md(g_sign_ctx, EVP_sha256());
            add("ecdsa_p256_sign_sha256", 0, c_ecdsa_sign, 0);
        }
    }
'''
anchor = "static unsigned char g_out[64];"
marker = '    add("clock_probe_10000_dep_adds"'
assert anchor in text and marker in text, "bench_openssl.c changed: update Vectors/signing/bench-anchor.sh"
text = text.replace(anchor, anchor + function, 1).replace(marker, registration + marker, 1)
open(sys.argv[2], "w").write(text)
PY
cc -O2 -o "$out" "$copy" -lcrypto
echo "$out"
