#!/usr/bin/env bash
# Peak RSS and CPU time of the CLI on the inputs of hostile.py (Docs/PERFORMANCE.md, "Hostile inputs").
# usage: measure-hostile.sh PURERECEIPT [DIR] [PKIDIR] [COMMANDS...]   (COMMANDS default: verify)
# env:   INPUTS   file names in DIR to run (default: every input below that exists)
#        STDIN=1  also run each command reading the input from standard input (`-` < FILE)
#        TIMEOUT  seconds before a command is killed (default 120; its row then says "killed")
# Prints: command, input, exit status, user+sys seconds, wall seconds, peak RSS (MB), input (MB),
# peak ÷ input, and (peak − baseline) ÷ input, where the baseline is the first row (a tiny receipt).
set -u
bin=$1; dir=${2:-/tmp/purereceipt-hostile}; pki=${3:-/tmp/prfix}; shift 3 2>/dev/null || shift $#
commands=${*:-verify}
limit=${TIMEOUT:-120}
inputs=${INPUTS:-"forged-100k.der forged-100k.b64 forged-minimal.der forged-minimal.b64 forged-badrecord.der
    ber-empty-segments.der ber-empty-definite.der sparse-256m.der json-30m.json zeros-15m.txt
    samename-short.der samename-100k.der decoys-1m.der decoys-hangul-2m.der decoys-escapes-1_5m.der"}
out=$(mktemp)
baseline=
run() {  # label, stdin file (or /dev/null), input file for the ratios (or ""), then the command line
    local label=$1 stdin=$2 input=$3; shift 3
    # --foreground: only the command is killed, and timeout waits for it, so its peak RSS is counted.
    /usr/bin/time -f '%x %U %S %e %M' -o "$out" timeout --foreground -s KILL "$limit" "$@" >/dev/null 2>&1 <"$stdin"
    read -r status user sys wall rss < <(tail -1 "$out")
    [ "$status" = 137 ] && status=killed
    local mb ratio above size=""
    mb=$(echo "$rss / 1024" | bc -l)
    [ -z "$baseline" ] && baseline=$rss
    if [ -n "$input" ]; then
        size=$(stat -L -c %s "$input")
        ratio=$(printf '%.2f' "$(echo "$rss * 1024 / $size" | bc -l)")
        above=$(printf '%.2f' "$(echo "($rss - $baseline) * 1024 / $size" | bc -l)")
        printf '%-46s %6s %7.2f %7.2f %8.1f %8.1f %7s %7s\n' "$label" "$status" "$(echo "$user + $sys" | bc)" \
            "$wall" "$mb" "$(echo "$size / 1048576" | bc -l)" "$ratio" "$above"
    else
        printf '%-46s %6s %7.2f %7.2f %8.1f\n' "$label" "$status" "$(echo "$user + $sys" | bc)" "$wall" "$mb"
    fi
}
printf '%-46s %6s %7s %7s %8s %8s %7s %7s\n' "case" "exit" "cpu s" "wall s" "peak MB" "input MB" "÷input" "-base÷in"
run "baseline: verify tiny receipt" /dev/null "" "$bin" verify "$pki/receipt-8k-sha256.der"
for command in $commands; do
    for input in $inputs; do
        [ -e "$dir/$input" ] || continue
        run "$command $input" /dev/null "$dir/$input" "$bin" "$command" "$dir/$input"
        [ "${STDIN:-0}" = 1 ] && run "$command - < $input" "$dir/$input" "$dir/$input" "$bin" "$command" -
    done
    if [ "$command" = verify ] && [ -z "${INPUTS:-}" ]; then
        for input in forged-100k.der forged-minimal.der; do
            [ -e "$dir/$input" ] && run "verify --root (genuine) $input" /dev/null "$dir/$input" \
                "$bin" verify --root "$pki/root.pem" "$dir/$input"
        done
    fi
done
rm -f "$out"
