#!/usr/bin/env bash
# Peak RSS and CPU time of the CLI on the inputs of hostile.py (Docs/PERFORMANCE.md, "Hostile inputs").
# usage: measure-hostile.sh PURERECEIPT [DIR] [PKIDIR] [COMMANDS...]   (COMMANDS default: verify)
# Prints: command, input, exit status, user+sys seconds, wall seconds, peak RSS (MB).
set -u
bin=$1; dir=${2:-/tmp/purereceipt-hostile}; pki=${3:-/tmp/prfix}; shift 3 2>/dev/null || shift $#
commands=${*:-verify}
run() {  # label, then the command line
    local label=$1; shift
    /usr/bin/time -f '%x %U %S %e %M' -o /tmp/measure-hostile.$$ "$@" >/dev/null 2>&1 </dev/null
    read -r status user sys wall rss < <(tail -1 /tmp/measure-hostile.$$)
    printf '%-40s %4s %7.2f %7.2f %8.1f\n' "$label" "$status" "$(echo "$user + $sys" | bc)" "$wall" "$(echo "$rss / 1024" | bc -l)"
}
printf '%-40s %4s %7s %7s %8s\n' "case" "exit" "cpu s" "wall s" "peak MB"
run "baseline: verify tiny receipt" "$bin" verify "$pki/receipt-8k-sha256.der"
for command in $commands; do
    for input in forged-100k.der forged-100k.b64 forged-minimal.der forged-minimal.b64 forged-badrecord.der \
        ber-empty-segments.der ber-empty-definite.der sparse-256m.der; do
        [ -e "$dir/$input" ] && run "$command $input" "$bin" "$command" "$dir/$input"
    done
    [ "$command" = verify ] && run "verify --root (genuine) forged-100k.der" "$bin" verify --root "$pki/root.pem" "$dir/forged-100k.der"
    [ "$command" = verify ] && run "verify --root (genuine) forged-minimal.der" "$bin" verify --root "$pki/root.pem" "$dir/forged-minimal.der"
done
rm -f /tmp/measure-hostile.$$
