#!/usr/bin/env python3
"""Hostile and large receipt inputs for the resource measurements of Docs/PERFORMANCE.md.

Writes into OUTDIR (default /tmp/purereceipt-hostile) — never into the repository: the files are
tens to hundreds of megabytes. Signs with the bench test PKI (`../shared/bench/gen_fixtures.sh`,
default PKI directory /tmp/prfix): a receipt signed by that PKI is GENUINE when verified with
`--root PKI/root.pem` and FORGED under the default policy (Apple's root).

  forged-100k.der        100 000 in-app records (about 30 MB), valid structure, test-PKI signed
  forged-100k.b64        the same as base64 text
  forged-minimal.der     ~32 MiB of about 470 000 minimal in-app records, test-PKI signed
  forged-minimal.b64     the same as base64 text (about 43 MB)
  forged-badrecord.der   8 000 records, the last one malformed, test-PKI signed
  ber-empty-segments.der 32 MiB BER envelope whose eContent holds millions of empty constructed
                         OCTET STRING segments (24 80 00 00) before the payload
  ber-empty-definite.der the same with definite-length empty segments (24 00)
  sparse-256m.der        a 256 MiB sparse file starting like a receipt
  bigleaf-1.der          signer leaf with a 16 MiB extension, its intermediate in the certificates
  bigleaf-15.der         the same preceded by 14 decoy CAs with the intermediate's name (other keys):
                         path building tries each as the leaf's issuer; the leaf TBS is hashed once
  samename-*.der, decoys-*.der, json-30m.json, zeros-15m.txt
                         hostile names and JSON: see hostile_names.py (group "names", each file
                         written only when missing)

usage: hostile.py [OUTDIR] [PKIDIR] [GROUP...]   GROUP: forged (every file above but the names
                                                 group), names; default both
Part of the PureReceipt measurements. Licence: Apache-2.0.
"""

import base64
import datetime
import os
import subprocess
import sys

import hostile_names

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa

MIB = 1024 * 1024


def tlv(tag: int, body: bytes) -> bytes:
    n = len(body)
    if n < 0x80:
        head = bytes([n])
    else:
        b = n.to_bytes((n.bit_length() + 7) // 8, "big")
        head = bytes([0x80 | len(b)]) + b
    return bytes([tag]) + head + body


def integer(v: int) -> bytes:
    return tlv(0x02, v.to_bytes(max(1, (v.bit_length() + 8) // 8), "big", signed=True))


def attr(t: int, value: bytes) -> bytes:
    return tlv(0x30, integer(t) + integer(1) + tlv(0x04, value))


def utf8(s: str) -> bytes:
    return tlv(0x0C, s.encode())


def ia5(s: str) -> bytes:
    return tlv(0x16, s.encode())


def header_attrs(created: str) -> list:
    return [
        attr(0, utf8("Production")),
        attr(2, utf8("com.example.hostile")),
        attr(3, utf8("1")),
        attr(4, bytes(range(16))),
        attr(5, bytes(range(20))),
        attr(12, ia5(created)),
    ]


def full_record(i: int, date: str) -> bytes:
    items = [
        attr(1701, integer(1)),
        attr(1702, utf8("com.example.hostile.product%d" % (i % 5))),
        attr(1703, utf8(str(100000000000000 + i))),
        attr(1705, utf8(str(100000000000000))),
        attr(1704, ia5(date)),
        attr(1706, ia5(date)),
        attr(1708, ia5(date)),
        attr(1711, integer(1000000000 + i)),
        attr(1712, ia5("")),
    ]
    return attr(17, tlv(0x31, b"".join(items)))


def minimal_record(i: int, date: str) -> bytes:
    items = [attr(1701, integer(1)), attr(1702, utf8("p")), attr(1703, utf8("%08d" % i)), attr(1704, ia5(date))]
    return attr(17, tlv(0x31, b"".join(items)))


def payload(records: list, created: str) -> bytes:
    return tlv(0x31, b"".join(header_attrs(created) + records))


def sign(pki: str, data: bytes, out: str) -> None:
    raw = out + ".payload"
    with open(raw, "wb") as f:
        f.write(data)
    subprocess.run(
        ["openssl", "cms", "-sign", "-binary", "-nodetach", "-noattr", "-md", "sha256", "-in", raw,
         "-signer", os.path.join(pki, "leaf.pem"), "-inkey", os.path.join(pki, "leaf.key"),
         "-certfile", os.path.join(pki, "chain.pem"), "-outform", "DER", "-out", out],
        check=True)
    os.remove(raw)


def children(body: bytes) -> list:
    """Splits DER content into its elements (definite lengths only)."""
    out, i = [], 0
    while i < len(body):
        start = i
        i += 1
        first = body[i]
        i += 1
        n = first
        if first & 0x80:
            k = first & 0x7F
            n = int.from_bytes(body[i:i + k], "big")
            i += k
        i += n
        out.append(body[start:i])
    return out


def content(element: bytes) -> bytes:
    first = element[1]
    skip = 2 + (first & 0x7F if first & 0x80 else 0)
    return element[skip:]


def ber_envelope(template: bytes, econtent: bytes) -> bytes:
    """The template's SignedData re-encoded with indefinite lengths around a new eContent."""
    content_info = children(template)[0]
    oid, explicit = children(content(content_info))
    version, algorithms, _, *rest = children(content(children(content(explicit))[0]))
    indef = lambda tag, body: bytes([tag, 0x80]) + body + b"\x00\x00"
    eci = indef(0x30, bytes.fromhex("06092a864886f70d010701") + indef(0xA0, econtent))
    signed = indef(0x30, version + algorithms + eci + b"".join(rest))
    return indef(0x30, oid + indef(0xA0, signed))


def big_leaf(pki: str, out: str, created: str) -> None:
    """bigleaf-1.der and bigleaf-15.der (see the module docstring)."""
    inter = x509.load_pem_x509_certificate(open(os.path.join(pki, "inter.pem"), "rb").read())
    inter_key = serialization.load_pem_private_key(open(os.path.join(pki, "inter.key"), "rb").read(), None)
    leaf = x509.load_pem_x509_certificate(open(os.path.join(pki, "leaf.pem"), "rb").read())
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    builder = (x509.CertificateBuilder().subject_name(leaf.subject).issuer_name(inter.subject)
               .public_key(key.public_key()).serial_number(x509.random_serial_number())
               .not_valid_before(leaf.not_valid_before_utc).not_valid_after(leaf.not_valid_after_utc))
    for extension in leaf.extensions:
        if extension.oid != x509.oid.ExtensionOID.AUTHORITY_KEY_IDENTIFIER:
            builder = builder.add_extension(extension.value, extension.critical)
    padding = x509.UnrecognizedExtension(x509.ObjectIdentifier("1.3.6.1.4.1.55555.1"), tlv(0x04, bytes(16 * MIB)))
    big = builder.add_extension(padding, False).sign(inter_key, hashes.SHA256())
    decoys = []
    for _ in range(14):
        decoy_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        decoy = (x509.CertificateBuilder().subject_name(inter.subject).issuer_name(inter.subject)
                 .public_key(decoy_key.public_key()).serial_number(x509.random_serial_number())
                 .not_valid_before(inter.not_valid_before_utc).not_valid_after(inter.not_valid_after_utc))
        for extension in inter.extensions:
            if extension.oid != x509.oid.ExtensionOID.AUTHORITY_KEY_IDENTIFIER:
                decoy = decoy.add_extension(extension.value, extension.critical)
        decoys.append(decoy.sign(decoy_key, hashes.SHA256()))
    pem = lambda cert: cert.public_bytes(serialization.Encoding.PEM)
    leaf_pem, key_pem = os.path.join(out, "bigleaf.pem"), os.path.join(out, "bigleaf.key")
    open(leaf_pem, "wb").write(pem(big))
    open(key_pem, "wb").write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                serialization.NoEncryption()))
    data = payload([full_record(0, created)], created)
    for name, chain in (("bigleaf-1", [inter]), ("bigleaf-15", decoys + [inter])):
        chain_pem = os.path.join(out, name + ".chain.pem")
        open(chain_pem, "wb").write(b"".join(pem(c) for c in chain))
        raw = os.path.join(out, name + ".payload")
        open(raw, "wb").write(data)
        subprocess.run(
            ["openssl", "cms", "-sign", "-binary", "-nodetach", "-noattr", "-md", "sha256", "-in", raw,
             "-signer", leaf_pem, "-inkey", key_pem, "-certfile", chain_pem, "-outform", "DER",
             "-out", os.path.join(out, name + ".der")], check=True)
        for path in (raw, chain_pem):
            os.remove(path)
    for path in (leaf_pem, key_pem):
        os.remove(path)


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/purereceipt-hostile"
    pki = sys.argv[2] if len(sys.argv) > 2 else "/tmp/prfix"
    groups = sys.argv[3:] or ["forged", "names"]
    os.makedirs(out, exist_ok=True)
    leaf = x509.load_pem_x509_certificate(open(os.path.join(pki, "leaf.pem"), "rb").read())
    # Created one hour after the leaf's notBefore: inside every test-PKI validity period.
    created = (leaf.not_valid_before_utc + datetime.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    path = lambda name: os.path.join(out, name)
    if "names" in groups:
        hostile_names.generate(out, pki, payload([full_record(0, created)], created))
    if "forged" not in groups:
        return

    big = payload([full_record(i, created) for i in range(100_000)], created)
    sign(pki, big, path("forged-100k.der"))
    minimal_size = len(minimal_record(0, created))
    count = min(499_000, (32 * MIB - 16 * 1024) // minimal_size)
    sign(pki, payload([minimal_record(i, created) for i in range(count)], created), path("forged-minimal.der"))
    bad = [full_record(i, created) for i in range(8_000)]
    bad[-1] = attr(17, tlv(0x31, attr(1704, ia5("not a date"))))
    sign(pki, payload(bad, created), path("forged-badrecord.der"))
    for name in ("forged-100k", "forged-minimal"):
        with open(path(name + ".der"), "rb") as f, open(path(name + ".b64"), "wb") as g:
            g.write(base64.b64encode(f.read()))

    template = open(path("forged-badrecord.der"), "rb").read()
    small = payload([full_record(0, created)], created)
    for name, segment in (("ber-empty-segments.der", b"\x24\x80\x00\x00"), ("ber-empty-definite.der", b"\x24\x00")):
        count = (32 * MIB - 16 * 1024 - len(small)) // len(segment)
        econtent = b"\x24\x80" + segment * count + tlv(0x04, small) + b"\x00\x00"
        with open(path(name), "wb") as f:
            f.write(ber_envelope(template, econtent))
    with open(path("sparse-256m.der"), "wb") as f:
        f.write(b"\x30\x84\x10\x00\x00\x00")
        f.truncate(256 * MIB)
    big_leaf(pki, out, created)
    for name in sorted(os.listdir(out)):
        print("%-24s %10d bytes" % (name, os.path.getsize(path(name))))


if __name__ == "__main__":
    main()
