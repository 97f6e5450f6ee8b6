#!/bin/bash
# ThreadSanitizer soak of batch verification: `purereceipt verify --ndjson --jobs 2`, built with
# ThreadSanitizer, run again and again over one mixed stream for at least SECONDS, each run's
# output compared with a release `--jobs 1` run of the same stream (request dates removed: they
# are the time of the run). Prints one line per run; exits 1 on any ThreadSanitizer report or any
# differing output. Docs/PERFORMANCE.md, "Batch verification on an idle machine".
#
#   swift build -c release --product purereceipt
#   swift build -c debug --sanitize=thread --scratch-path .build-tsan --product purereceipt
#   python3 Vectors/tools/make_batch_stream.py 200 > /tmp/soak-200.ndjson
#   Vectors/tools/tsan-soak.sh /tmp/soak-200.ndjson 600
set -u
[ $# -eq 2 ] || { echo "usage: $0 STREAM.ndjson SECONDS" >&2; exit 2; }
stream=$1 seconds=$2
cd "$(dirname "$0")/../.."
roots="--root Vectors/jws/root.der --root Vectors/pki/root.der"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
undated() { sed -E 's/"request_date[a-z_]*":"?[^,"]*"?//g'; }
# shellcheck disable=SC2086
.build/release/purereceipt verify --ndjson --jobs 1 $roots <"$stream" 2>/dev/null | undated >"$work/reference"
export TSAN_OPTIONS="halt_on_error=0"
start=$(date +%s) runs=0 differing=0 reports=0
while [ $(($(date +%s) - start)) -lt "$seconds" ]; do
    # shellcheck disable=SC2086
    .build-tsan/debug/purereceipt verify --ndjson --jobs 2 $roots <"$stream" >"$work/out" 2>"$work/err"
    runs=$((runs + 1))
    undated <"$work/out" | cmp -s - "$work/reference" || differing=$((differing + 1))
    found=$(grep -c "WARNING: ThreadSanitizer" "$work/err")
    if [ "$found" -gt 0 ]; then
        reports=$((reports + found))
        cat "$work/err" >&2
    fi
    echo "$(($(date +%s) - start)) s: run $runs, differing outputs $differing, reports $reports; $(tail -1 "$work/err")"
done
echo "soak: $runs runs in $(($(date +%s) - start)) s, differing outputs $differing, ThreadSanitizer reports $reports"
[ "$differing" -eq 0 ] && [ "$reports" -eq 0 ]
