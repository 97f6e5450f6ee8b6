#!/bin/sh
# Rebuilds Vectors/fuzz/seeds/<target>/ from the project's own synthetic vectors
# (Vectors/receipts/ and Vectors/pki/). Never from ../shared/corpus: real receipts stay out of the tree.
#
#   der          every certificate in pki/, the malformed receipts and one DER and one BER valid receipt
#   certificate  every certificate in pki/, and the two PEM anchors alone and concatenated
#   cms          every receipt up to 64 KiB, libFuzzer's -max_len (valid-inapp-10000 is excluded)
#   verify       the valid and forged receipts up to 64 KiB, and valid-der-sha256.b64 (base64 input)
#   payload      the eContent (receipt payload) of every receipt whose envelope can be read, deduplicated
#   base64       valid-der-sha256.b64, and a few receipts and certificates encoded plain and wrapped at 76
#   ecdsa        Wycheproof ECDSA cases (Vectors/wycheproof/ecdsa_*): the first valid and first invalid
#                test of every file, as flags ‖ digest length ‖ key ‖ digest ‖ signature
#   jws          every compact JWS in jws/ (generated StoreKit 2 signed data, valid and forged)
#   json         small hand-written JSON texts: every value kind, escapes, surrogate pairs, numbers
#                (Xcode's fractional milliseconds), a StoreKit-shaped transaction payload
#   legacy       every legacy receipt in legacy/ (base64 or plist text), the plist text of the valid
#                ones, and their decoded signature blobs and purchase-info plists
#   signing-key  the throwaway test keys in signing/keys/ (PEM), each also as DER, and the P-256
#                key's raw 32-byte scalar
#
# Deterministic: rerunning leaves every file byte-identical. Needs python3 (standard library only).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
vectors=$(cd "$here/.." && pwd)
seeds="$here/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/der" "$seeds/certificate" "$seeds/cms" "$seeds/payload" "$seeds/verify" "$seeds/base64" \
    "$seeds/ecdsa" "$seeds/json" "$seeds/jws" "$seeds/legacy" "$seeds/signing-key"
max=65536

for f in "$vectors"/pki/*.der; do
    cp "$f" "$seeds/certificate/"
    cp "$f" "$seeds/der/"
done
cp "$vectors/pki/root.pem" "$vectors/pki/xcode.pem" "$seeds/certificate/"
cat "$vectors/pki/root.pem" "$vectors/pki/xcode.pem" > "$seeds/certificate/root-and-xcode.pem"
for f in "$vectors"/receipts/*.der "$vectors"/receipts/*.txt; do
    [ "$(wc -c < "$f")" -le $max ] || continue
    name=$(basename "$f")
    cp "$f" "$seeds/cms/"
    case "$name" in
        valid-*|forged-*) cp "$f" "$seeds/verify/" ;;
    esac
    case "$name" in
        malformed-*|valid-der-sha256.der|valid-ber-xcode-shape-sha256.der) cp "$f" "$seeds/der/receipt-$name" ;;
    esac
done

python3 - "$vectors/receipts" "$seeds" <<'PY'
import base64, hashlib, os, sys

receipts, seeds = sys.argv[1], sys.argv[2]

def header(b, i):
    """(tag byte, constructed, content start, content end or None if indefinite) of the TLV at i."""
    tag = b[i]; i += 1
    if tag & 0x1F == 0x1F:
        while b[i] & 0x80: i += 1
        i += 1
    first = b[i]; i += 1
    if first == 0x80:
        return tag, bool(tag & 0x20), i, None
    if first < 0x80:
        return tag, bool(tag & 0x20), i, i + first
    n = first & 0x7F
    length = int.from_bytes(b[i:i + n], "big"); i += n
    return tag, bool(tag & 0x20), i, i + length

def children(b, start, end):
    """Yields (tag, constructed, content start, content end, element end) of each child."""
    i = start
    while (end is None or i < end):
        if end is None and b[i:i + 2] == b"\0\0":
            return
        tag, cons, cs, ce = header(b, i)
        if ce is None:
            inner = list(children(b, cs, None))
            ce = inner[-1][4] if inner else cs
            ee = ce + 2
        else:
            ee = ce
        yield tag, cons, cs, ce, ee
        i = ee

def octets(b, tag, cons, cs, ce):
    if not cons:
        return b[cs:ce]
    return b"".join(octets(b, t, c, s, e) for t, c, s, e, _ in children(b, cs, ce))

def econtent(b):
    tag, cons, cs, ce = header(b, 0)
    content_info = list(children(b, cs, ce))
    _, _, s, e, _ = content_info[1]                 # [0] EXPLICIT
    _, _, s, e, _ = list(children(b, s, e))[0]      # SignedData
    fields = list(children(b, s, e))
    _, _, s, e, _ = fields[2]                       # EncapsulatedContentInfo
    _, _, s, e, _ = list(children(b, s, e))[1]      # [0] EXPLICIT eContent
    t, c, s, e, _ = list(children(b, s, e))[0]      # OCTET STRING (maybe constructed)
    return octets(b, t, c, s, e)

seen = set()
for name in sorted(os.listdir(receipts)):
    path = os.path.join(receipts, name)
    if not name.endswith(".der") or os.path.getsize(path) > 65536:
        continue
    data = open(path, "rb").read()
    try:
        payload = econtent(data)
    except Exception:
        continue                                    # not a readable envelope: not a payload source
    digest = hashlib.sha256(payload).digest()
    if digest in seen or len(payload) > 65536:
        continue
    seen.add(digest)
    open(os.path.join(seeds, "payload", name[:-4] + ".payload"), "wb").write(payload)

def wrap(text, width=76):
    return b"\n".join(text[i:i + width] for i in range(0, len(text), width)) + b"\n"

sources = ["valid-der-sha256.der", "valid-ber-xcode-shape-sha256.der", "valid-inapp-1.der",
           "malformed-empty.der", "malformed-truncated-in-header.der"]
for name in sources:
    data = open(os.path.join(receipts, name), "rb").read()
    text = base64.b64encode(data)
    open(os.path.join(seeds, "base64", name[:-4] + ".b64"), "wb").write(text)
    open(os.path.join(seeds, "base64", name[:-4] + ".wrapped.b64"), "wb").write(wrap(text))
for text in [b"", b"TQ==", b"TWE=", b"TWFu", b"TW E=\r\n", b"TR==", b"TWF-", b"TQ=\n="]:
    open(os.path.join(seeds, "base64", "short-" + hashlib.sha256(text).hexdigest()[:12] + ".b64"), "wb").write(text)
PY
cp "$vectors/receipts/valid-der-sha256.b64" "$seeds/base64/"
cp "$vectors/receipts/valid-der-sha256.b64" "$seeds/verify/"

python3 - "$vectors" "$seeds" <<'PY'
import hashlib, json, os, sys
vectors, seeds = sys.argv[1], sys.argv[2]
folder = os.path.join(vectors, "wycheproof")
for name in sorted(os.listdir(folder)):
    if not (name.startswith("ecdsa_") and name.endswith("_test.json")):
        continue
    data = json.load(open(os.path.join(folder, name)))
    for result in ("valid", "invalid"):
        group, test = next((g, t) for g in data["testGroups"] for t in g["tests"] if t["result"] == result)
        flags = 0 if group["publicKey"]["curve"] == "secp256r1" else 1
        key = bytes.fromhex(group["publicKey"]["uncompressed"])
        hash_name = group["sha"].replace("-", "").lower()
        digest = hashlib.new(hash_name, bytes.fromhex(test["msg"])).digest()
        seed = bytes([flags, len(digest)]) + key + digest + bytes.fromhex(test["sig"])
        open(os.path.join(seeds, "ecdsa", name[:-10] + "-" + result), "wb").write(seed)
PY

cp "$vectors"/jws/*.jws "$seeds/jws/"

python3 - "$seeds/json" <<'PY'
import hashlib, os, sys
texts = [
    b'null', b'true', b'[false, null, 0, -0.5e-3, 1E+2]', b'"\\u00e9\\uD83D\\uDE00\\n\\"\\/"',
    b'{"a": {"b": [1, 2, {"c": "d"}]}, "e": ""}', b'1697679936049.7297', b'-9223372036854775808',
    b'{"transactionId":"2000000000000001","purchaseDate":1697679936049.7297,"quantity":1,'
    b'"type":"Auto-Renewable Subscription","environment":"Xcode","price":10990,"currency":"USD"}',
    b'[[[[[[[[]]]]]]]]', b'"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"',
]
for text in texts:
    open(os.path.join(sys.argv[1], hashlib.sha256(text).hexdigest()[:12] + ".json"), "wb").write(text)
PY


cp "$vectors"/legacy/*.b64 "$vectors"/legacy/*.txt "$seeds/legacy/"
python3 - "$vectors/legacy" "$seeds/legacy" <<'PY'
import base64, os, re, sys

legacy, out = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(legacy)):
    if not name.startswith("valid-") or not name.endswith(".b64"):
        continue
    text = base64.b64decode(open(os.path.join(legacy, name), "rb").read())
    stem = name[:-4]
    open(os.path.join(out, stem + ".plist"), "wb").write(text)
    for key in (b"signature", b"purchase-info"):
        value = re.search(b'"' + key + b'" = "([^"]*)"', text).group(1)
        suffix = ".blob" if key == b"signature" else ".purchase-info"
        open(os.path.join(out, stem + suffix), "wb").write(base64.b64decode(b"".join(value.split())))
PY


python3 - "$vectors/signing/keys" "$seeds/signing-key" <<'PY'
import base64, os, re, sys
keys, out = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(keys)):
    text = open(os.path.join(keys, name), "rb").read()
    stem = name[:-len(".pem")]
    open(os.path.join(out, stem + ".pem"), "wb").write(text)
    body = re.search(rb"-----BEGIN [A-Z ]+-----(.*?)-----END", text, re.S).group(1)
    der = base64.b64decode(b"".join(body.split()))
    open(os.path.join(out, stem + ".der"), "wb").write(der)
    if name == "p256-sec1.pem":
        open(os.path.join(out, "p256-raw-scalar.bin"), "wb").write(der[7:39])
PY

for t in der certificate cms payload verify base64 ecdsa json jws legacy signing-key; do
    printf '%-12s %4d files, %7d bytes\n' "$t" "$(ls "$seeds/$t" | wc -l)" "$(cat "$seeds/$t"/* | wc -c)"
done
