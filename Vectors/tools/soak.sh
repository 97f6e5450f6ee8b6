#!/bin/sh
# Soak run: the load harness (`purereceipt-bench load`) over many inputs for SECONDS, with the
# process's resident memory sampled every INTERVAL seconds, to show that memory stays flat (no
# growth after warm-up) while verifying a mix of genuine, forged and malformed inputs without end.
#
#   Vectors/tools/soak.sh BENCH SECONDS INTERVAL TASKS PATH... [--root CERT]...
#
# Prints one line per sample: seconds since start, VmRSS in MB, then the harness's own report
# (its verification count, verdict mismatches — it exits 1 on any — and peak RSS). Linux only
# (reads /proc/PID/status).
set -eu
[ $# -ge 5 ] || { echo "usage: $0 BENCH SECONDS INTERVAL TASKS PATH... [--root CERT]..." >&2; exit 2; }
bench=$1 seconds=$2 interval=$3 tasks=$4
shift 4
log=$(mktemp)
"$bench" load "$@" --tasks "$tasks" --seconds "$seconds" --max-bytes 50000000 >"$log" 2>&1 &
pid=$!
start=$(date +%s)
printf '%8s %8s\n' seconds rss_mb
while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$rss" ] && printf '%8d %8s\n' $(($(date +%s) - start)) "$rss"
    sleep "$interval"
done
status=0
wait "$pid" || status=$?
cat "$log"
rm -f "$log"
exit "$status"
