#!/bin/sh
# The scaling table of Docs/PERFORMANCE.md: for each genuine receipt made by scaling.py, the time
# and peak memory of (1) the library's full `ReceiptValidator.validate` (the load harness, one task,
# which holds the input once and reports verifications per second) and (2) the command-line tool's
# `verify --json` (validation plus the verifyReceipt JSON document written to /dev/null), each the
# best of RUNS runs. Peak memory is the process's maximum resident set (GNU time's %M), so it
# includes the process baseline, which the table states separately (an empty input's peak).
#
#   Vectors/tools/scaling-table.sh BENCH CLI ROOT DIR [RUNS]
#
# e.g. Vectors/tools/scaling-table.sh .build-release/release/purereceipt-bench \
#        .build-release/release/purereceipt /tmp/prfix/root.pem /tmp/purereceipt-scaling 3
set -eu
[ $# -ge 4 ] || { echo "usage: $0 BENCH CLI ROOT DIR [RUNS]" >&2; exit 2; }
bench=$1 cli=$2 root=$3 dir=$4 runs=${5:-3}
best() { sort -n | head -1; }
empty=$(mktemp)
base=$(for _ in $(seq "$runs"); do
    /usr/bin/time -f '%M' "$cli" verify --json --root "$root" "$empty" 2>&1 >/dev/null | tail -1
done | best)
rm -f "$empty"
echo "baseline (CLI on an empty input): $((base / 1024)) MB"
printf '| %-22s | %10s | %14s | %15s | %14s | %15s |\n' input bytes "validate /s" "validate MB" "verify --json s" "verify --json MB"
for f in $(ls -Sr "$dir"/records-*.der); do
    size=$(stat -c %s "$f")
    rate=0
    vmem=999999999
    for _ in $(seq "$runs"); do
        out=$(/usr/bin/time -f 'maxrss %M' "$bench" load "$f" --root "$root" --tasks 1 --seconds 1 \
            --max-bytes 50000000 2>&1)
        r=$(echo "$out" | awk '/verifications in/ { print $(NF-2) }')
        m=$(echo "$out" | awk '/^maxrss/ { print $2 }')
        [ "${r%.*}" -gt "${rate%.*}" ] && rate=$r
        [ "$m" -lt "$vmem" ] && vmem=$m
    done
    secs=999
    cmem=999999999
    for _ in $(seq "$runs"); do
        out=$(/usr/bin/time -f 'time %e maxrss %M' "$cli" verify --json --root "$root" "$f" 2>&1 >/dev/null | tail -1)
        s=$(echo "$out" | awk '{ print $2 }')
        m=$(echo "$out" | awk '{ print $4 }')
        [ "$(echo "$s < $secs" | bc)" = 1 ] && secs=$s
        [ "$m" -lt "$cmem" ] && cmem=$m
    done
    printf '| %-22s | %10d | %14s | %15d | %14s | %15d |\n' "$(basename "$f")" "$size" "$rate" \
        $((vmem / 1024)) "$secs" $((cmem / 1024))
done
