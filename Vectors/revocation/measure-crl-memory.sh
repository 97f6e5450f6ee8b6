#!/bin/sh
# Measures the memory a CRL costs beyond its bytes: the peak resident set of the `crl` fuzz
# target's replayer (parse, which reads every entry in place, then the lookups) on a CRL of
# N entries, for N = 1 000 and N = 700 000 (about 16 MB, under Limits.maxCRLBytes). If entries
# were kept, the difference would grow by tens of bytes per entry; in place it is the file itself
# (read once into memory) and nothing per entry.
#
#   swift build -c release --product purereceipt-fuzz && sh Vectors/revocation/measure-crl-memory.sh
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$root/.build/release/purereceipt-fuzz"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in 1000 700000; do
    python3 - "$n" "$tmp/crl-$n.der" <<'PY'
import sys
n, out = int(sys.argv[1]), sys.argv[2]
def tlv(tag, content):
    l = len(content)
    head = bytes([l]) if l < 0x80 else bytes([0x80 | ((l.bit_length() + 7) // 8)]) + l.to_bytes((l.bit_length() + 7) // 8, "big")
    return bytes([tag]) + head + content
entry = lambda i: tlv(0x30, tlv(0x02, bytes([0x10]) + i.to_bytes(3, "big")) + tlv(0x17, b"250601000000Z"))
alg = bytes.fromhex("300d06092a864886f70d01010b0500")
name = tlv(0x30, tlv(0x31, tlv(0x30, bytes.fromhex("0603550403") + tlv(0x0C, b"Big"))))
tbs = tlv(0x30, bytes.fromhex("020101") + alg + name + tlv(0x17, b"260101000000Z") + tlv(0x30, b"".join(entry(i) for i in range(n))))
open(out, "wb").write(tlv(0x30, tbs + alg + tlv(0x03, b"\x00\x01\x02")))
PY
    size=$(stat -c %s "$tmp/crl-$n.der")
    rss=$( { /usr/bin/time -f %M "$bin" crl "$tmp/crl-$n.der" >/dev/null; } 2>&1 | tail -1)
    echo "entries=$n bytes=$size peak_rss_kb=$rss"
done
