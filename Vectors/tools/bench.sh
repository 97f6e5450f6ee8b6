#!/usr/bin/env bash
# Benchmark PureReceipt against OpenSSL (see Docs/PERFORMANCE.md). Benchmark-only: nothing here is
# used by the library, the tests or CI.
#
# usage: Vectors/tools/bench.sh [fixtures|scale|revocation|build|compare|callgrind|memory|hostile|all]   (default: all)
# env:   SHARED  (default ../shared/bench)   the protocol, anchor and fixture generator
#        FIXTURES (default $TMPDIR/purereceipt-bench-fixtures)
#        ANCHOR  (default $TMPDIR/purereceipt-bench-openssl)
#        ROUNDS  (default 9)   compare.py rounds
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SHARED="${SHARED:-$ROOT/../shared/bench}"
TMP="${TMPDIR:-/tmp}"
FIXTURES="${FIXTURES:-$TMP/purereceipt-bench-fixtures}"
ANCHOR="${ANCHOR:-$TMP/purereceipt-bench-openssl}"
ROUNDS="${ROUNDS:-9}"
BENCH="$ROOT/.build-perf/release/purereceipt-bench"
cd "$ROOT"

fixtures() {
    "$SHARED/gen_fixtures.sh" "$FIXTURES"
    # The anchor needs libssl-dev (apt-get install -y libssl-dev).
    cc -O2 -o "$ANCHOR" "$SHARED/bench_openssl.c" -lcrypto
}

# Scale fixtures for linearity and memory: a ~10 MB receipt (34 000 in-app records) and receipts
# with 1 000 / 10 000 / 100 000 in-app records, signed like the 8 KB and 1 MB ones.
scale() {
    cd "$FIXTURES"
    for spec in 10m:34000 inapp1k:1000 inapp10k:10000 inapp100k:100000; do
        name="${spec%%:*}"; count="${spec##*:}"
        [ -f "receipt-$name-sha256.der" ] && continue
        python3 "$SHARED/make_payload.py" "payload-$name.der" "$count"
        openssl cms -sign -binary -nodetach -noattr -md sha256 -signer leaf.pem -inkey leaf.key \
            -certfile chain.pem -in "payload-$name.der" -outform DER -out "receipt-$name-sha256.der"
    done
    cd "$ROOT"
}

# OCSP responses for the fixture chains, for the revocation cases (Cases/RevocationCases.swift): each
# certificate below a root (leaf, inter, ec-leaf, ec-inter) answered `good` by its issuer itself
# (responder named by name), thisUpdate at generation, nextUpdate ten years later, made by OpenSSL's
# responder code (`openssl ocsp -index`). Written once: ocsp-<certificate>.der.
revocation() {
    cd "$FIXTURES"
    for pair in leaf:inter inter:root ec-leaf:ec-inter ec-inter:ec-root; do
        cert="${pair%%:*}"; issuer="${pair##*:}"
        [ -f "ocsp-$cert.der" ] && continue
        serial=$(openssl x509 -in "$cert.pem" -noout -serial | cut -d= -f2)
        printf 'V\t400101000000Z\t\t%s\tunknown\t/CN=%s\n' "$serial" "$cert" > ocsp-index.txt
        openssl ocsp -issuer "$issuer.pem" -cert "$cert.pem" -no_nonce -reqout ocsp-request.der
        openssl ocsp -index ocsp-index.txt -CA "$issuer.pem" -rsigner "$issuer.pem" -rkey "$issuer.key" \
            -ndays 3650 -reqin ocsp-request.der -respout "ocsp-$cert.der"
    done
    rm -f ocsp-index.txt ocsp-index.txt.attr ocsp-request.der
    cd "$ROOT"
}

build() {
    swift build -c release --product purereceipt-bench --scratch-path .build-perf
}

compare() {
    python3 "$SHARED/compare.py" --cand "$BENCH" --base "$ANCHOR" --fixtures "$FIXTURES" --rounds "$ROUNDS" \
        rsa2048_verify_prehashed_sha256 sha256_lowlevel_16384 x509_parse_leaf asn1_walk_payload1m \
        cms_verify_receipt8k_sha256 cms_verify_receipt8k_sha256=cms_verify_receipt8k_sha256_warm \
        cms_verify_receipt1m_sha256
    echo
    echo "SHA-256 with OpenSSL's SHA extensions masked (OPENSSL_ia32cap=':~0x20000000'):"
    OPENSSL_ia32cap=':~0x20000000' python3 "$SHARED/compare.py" --cand "$BENCH" --base "$ANCHOR" \
        --fixtures "$FIXTURES" --rounds "$ROUNDS" sha256_lowlevel_16384
}

callgrind() {
    python3 "$SHARED/compare.py" --cand "$BENCH" --base "$ANCHOR" --fixtures "$FIXTURES" --rounds 1 \
        --callgrind 20 --strip rsa2048_verify_prehashed_sha256 sha256_lowlevel_16384 x509_parse_leaf \
        asn1_walk_payload8k cms_verify_receipt8k_sha256 cms_verify_receipt8k_sha256=cms_verify_receipt8k_sha256_warm
}

# Peak RSS (kB) of `--one CASE 1` minus that of a baseline case that loads the same process but does
# almost nothing (x509_parse_leaf), for each scale case.
memory() {
    rss() { /usr/bin/time -f %M "$BENCH" "$FIXTURES" --one "$1" 1 2>&1 >/dev/null | tail -1; }
    base=$(rss x509_parse_leaf)
    printf "baseline (x509_parse_leaf) max RSS: %s kB\n" "$base"
    for c in cms_verify_receipt8k_sha256 cms_verify_receipt1m_sha256 scale_verify_receipt10m_sha256 \
             scale_parse_inapp1k scale_parse_inapp10k scale_parse_inapp100k \
             scale_validate_inapp1k scale_validate_inapp10k scale_validate_inapp100k; do
        printf "%s: max RSS %s kB\n" "$c" "$(rss "$c")"
    done
    ls -l "$FIXTURES"/receipt-*-sha256.der "$FIXTURES"/payload-*.der
}

# Hostile inputs (Docs/PERFORMANCE.md, "Hostile inputs"), generated into $TMP/purereceipt-hostile
# when missing (Vectors/tools/hostile.py; never into the repository):
# 1. a forged 25.5 MB receipt refused under the default policy, against OpenSSL refusing the same
#    bytes: `reject_forged_receipt30m`, with the anchor Vectors/tools/bench_openssl_hostile.c (the
#    signer's path is checked before the payload is hashed or read: the only order);
# 2. hostile certificate names (Vectors/tools/hostile_names.py): same-name CA pools with names of
#    up to 100 KB, decoy issuers with names of 1–2 MB; one refusal each under `timeout`, compare.py
#    for those fast enough, peak RSS, one table (Vectors/tools/hostile_bench.py);
# 3. the CLI (`verify`, `inspect`, `dump`, from a file and from standard input) on a 30 MB JSON
#    document that is no notification body and on 15 M ASCII zeros: time and peak RSS against the
#    input size (Vectors/tools/measure-hostile.sh).
# env: TIMEOUT (default 120) seconds for any one process; FAST (default 2) seconds: a refusal
#      slower than this is reported from its single run instead of compare.py's rounds.
hostile() {
    HOSTILE="$TMP/purereceipt-hostile"
    [ -f "$FIXTURES/root.der" ] || fixtures
    [ -f "$HOSTILE/forged-100k.der" ] || python3 Vectors/tools/hostile.py "$HOSTILE" "$FIXTURES" forged
    python3 Vectors/tools/hostile.py "$HOSTILE" "$FIXTURES" names  # writes only the missing files
    for file in forged-100k.der samename-short.der samename-20k.der samename-60k.der samename-100k.der \
                decoys-1m.der decoys-hangul-2m.der decoys-escapes-1_5m.der; do
        ln -sf "$HOSTILE/$file" "$FIXTURES/$file"
    done
    build
    swift build -c release --product purereceipt --scratch-path .build-perf
    cc -O2 -o "$ANCHOR-hostile" Vectors/tools/bench_openssl_hostile.c -lcrypto
    echo "== 1. forged 25.5 MB receipt =="
    python3 "$SHARED/compare.py" --cand "$BENCH" --base "$ANCHOR-hostile" --fixtures "$FIXTURES" --rounds 7 \
        --callgrind 1 --strip reject_forged_receipt30m
    echo
    echo "== 2. hostile certificate names: refusal time against OpenSSL, peak RSS =="
    python3 Vectors/tools/hostile_bench.py --bench "$BENCH" --anchor "$ANCHOR-hostile" --fixtures "$FIXTURES" \
        --compare "$SHARED/compare.py" --rounds 5 --timeout "${TIMEOUT:-120}" --fast "${FAST:-2}"
    echo
    echo "== 3. JSON and zeros through the CLI (goal: peak RSS above baseline ≤ 1.5× the input) =="
    INPUTS="json-30m.json zeros-15m.txt" STDIN=1 TIMEOUT="${TIMEOUT:-120}" \
        bash Vectors/tools/measure-hostile.sh "$ROOT/.build-perf/release/purereceipt" "$HOSTILE" "$FIXTURES" \
        verify inspect dump
}

case "${1:-all}" in
    fixtures) fixtures ;;
    scale) scale ;;
    revocation) revocation ;;
    build) build ;;
    compare) compare ;;
    callgrind) callgrind ;;
    memory) memory ;;
    hostile) hostile ;;
    all) fixtures; scale; revocation; build; compare; callgrind; memory; hostile ;;
    *) echo "usage: $0 [fixtures|scale|revocation|build|compare|callgrind|memory|hostile|all]" >&2; exit 1 ;;
esac
