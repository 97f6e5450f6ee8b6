#!/bin/sh
# Builds the libFuzzer harness and fuzzes each target for SECONDS, then prints one line per target:
# executions per second, coverage (cov = edges, ft = features, from libFuzzer's final status line),
# corpus size, and the artifacts (crash-/timeout-/oom-/leak-/slow-unit- files) it left.
#
#   Vectors/fuzz/run.sh SECONDS [TARGET...]     (default: every target, one after another)
#
# Environment:
#   FUZZ_WORK      where corpora, artifacts and logs go (default /tmp/purereceipt-fuzz); the corpus
#                  of each target persists there between runs: $FUZZ_WORK/<target>/corpus
#   FUZZ_NO_BUILD  set to 1 to skip the build (e.g. when two runs go in parallel)
#   FUZZ_FLAGS     extra libFuzzer flags (e.g. -jobs=2, -dict=..., -use_value_profile=1)
#
# The build is the one combination TOOLING.md found to instrument correctly: libFuzzer + ASan.
# libFuzzer stops a target at its first crash; reproduce with the replayer or the harness:
#   PURERECEIPT_FUZZ_TARGET=<target> .build-fuzz/release/purereceipt-fuzz <artifact>
set -eu
[ $# -ge 1 ] || { echo "usage: $0 SECONDS [der certificate cms payload verify base64 ecdsa json jws legacy]" >&2; exit 2; }
seconds=$1; shift
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${FUZZ_WORK:-/tmp/purereceipt-fuzz}
targets=${*:-der certificate cms payload verify base64 ecdsa json jws legacy}
binary="$root/.build-fuzz/release/purereceipt-fuzz"

cd "$root"
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
    swift build -c release --product purereceipt-fuzz --scratch-path .build-fuzz \
        --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address \
        -Xswiftc -parse-as-library -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
fi

status=0
printf '%-12s %8s %10s %7s %7s %7s %9s  %s\n' target seconds execs/s cov ft corpus artifacts log
for target in $targets; do
    dir="$work/$target"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    log="$dir/fuzz-$(date +%Y%m%d-%H%M%S).log"
    start=$(date +%s)
    # shellcheck disable=SC2086
    PURERECEIPT_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no \
        "$binary" "$dir/corpus" "Vectors/fuzz/seeds/$target" \
        -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$dir/artifacts/" ${FUZZ_FLAGS:-} > "$log" 2>&1 || status=1
    elapsed=$(( $(date +%s) - start ))
    execs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corpus=$(ls "$dir/corpus" | wc -l)
    artifacts=$(ls "$dir/artifacts" | grep -cE '^(crash|timeout|oom|leak|slow-unit)-' || true)
    printf '%-12s %8s %10s %7s %7s %7s %9s  %s\n' "$target" "$elapsed" "${execs:-?}" "${cov:-?}" "${ft:-?}" \
        "$corpus" "$artifacts" "$log"
    if [ "$artifacts" -gt 0 ]; then
        status=1
        ls "$dir/artifacts" | sed 's/^/    artifact: /'
    fi
done
exit $status
