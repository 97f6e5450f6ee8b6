"""Hostile certificate names and JSON documents for the "Hostile inputs" measurements
(Docs/PERFORMANCE.md; run by `Vectors/tools/bench.sh hostile`, written by `hostile.py`).

Every receipt here is a CMS SignedData of Apple's shape (DER, one SignerInfo v1 with
issuerAndSerialNumber, no signed attributes, rsaEncryption, SHA-256) over a small valid receipt
payload, signed with a key of the attacker's own: its content signature verifies, no path reaches
any trust anchor, so it is refused under the default policy and under the bench test root alike.
Certificates and names are encoded by hand (pki.py, der.py): names of megabytes are out of reach
of X.509 libraries' builders.

Same-name path search (every certificate shares one name and one key):
  samename-short.der   the control: leaf signed by K, issued by N, plus 15 self-issued CA
                       certificates subject = issuer = N, all with key K and self-signed. Every
                       CA verifies every other, so a depth-first search to Limits.maxChainLength
                       (5) meets 15 x 14 x 13 = 2 730 dead ends. N = C=US, O=…, CN=short.
  samename-20k.der     the same with a CN of 20 000 characters (N is about 20 KB)
  samename-60k.der     … 60 000 characters
  samename-100k.der    … 100 000 characters

Decoys with huge names (one failed signature check per decoy):
  decoys-1m.der            leaf subject = issuer = B, B a name of exactly 1 MiB (OpenSSL's most,
                           X509_NAME_MAX) whose CN is ASCII letters; 15 decoy
                           CA certificates with subject B and keys of their own (none verifies
                           the leaf). The SignerInfo names B too (issuerAndSerialNumber).
  decoys-hangul-2m.der     B = 2 000 000 bytes of Hangul in a UTF8String (666 666 syllables):
                           13 decoys, as many as fit under Limits.maxInputBytes (32 MiB);
                           OpenSSL refuses to parse a name over 1 MiB (malformed for it)
  decoys-escapes-1_5m.der  B = 1 500 000 bytes of text that display escaping expands (C0
                           controls, quotes, backslashes, RFC 4514 specials, bidi controls and
                           line separators): 15 decoys; over 1 MiB, as above

JSON and text that are no receipt (for the CLI):
  json-30m.json        {"a":[{},{},…]}: 30 000 000 bytes, 10 million empty objects
  zeros-15m.txt        15 000 000 ASCII '0' (no newline)

Part of the PureReceipt measurements. Licence: Apache-2.0.
"""

import datetime
import os
import subprocess

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

import cms
import der
import pki

MAX_INPUT = 32 * 1024 * 1024  # Limits.maxInputBytes
MAX_CERTIFICATES = 16  # Limits.maxCertificates
OPENSSL_NAME_MAX = 1024 * 1024  # X509_NAME_MAX of OpenSSL's crypto/x509/x_name.c: the whole Name TLV
NOT_BEFORE = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
NOT_AFTER = datetime.datetime(2045, 1, 1, tzinfo=datetime.timezone.utc)

# Characters display escaping writes as \u{…} (C0 controls, DEL, C1, U+2028/2029, bidi marks,
# embeddings, overrides and isolates) mixed with the RFC 4514 specials a name rendering escapes
# with a backslash ("\\", quote, comma, plus, angle brackets, semicolon, equals).
ESCAPE_HEAVY = ("\x01\"\\\u202e\x1b,\u2066+\x7f\u2028<\x85>\u200f;\u061c=\t\u2069\n\u202a\x00")


def new_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def huge_name(cn_value: bytes, tag: int = der.UTF8STRING) -> bytes:
    """C=US, O=PureReceipt Hostile, CN=<cn_value> (already encoded text, any size)."""
    cn = der.der_set(der.seq(der.oid(pki.OID_CN), der.tlv(tag, cn_value)))
    return der.seq(der.der_set(der.seq(der.oid(pki.OID_C), der.printable("US"))),
                   der.der_set(der.seq(der.oid(pki.OID_O), der.utf8("PureReceipt Hostile"))), cn)


def ca_extensions(key):
    return [pki.basic_constraints(True), pki.key_usage([pki.KEY_CERT_SIGN, pki.CRL_SIGN]), pki.ski(key)]


def leaf_extensions(key):
    return [pki.basic_constraints(False), pki.key_usage([pki.DIGITAL_SIGNATURE]), pki.ski(key),
            pki.marker(pki.OID_APPLE_LEAF_MARKER)]


def signed_receipt(payload: bytes, leaf, pool: list, out: str, root_pem: str) -> None:
    """Writes the SignedData and checks it with openssl: the content signature verifies
    (-noverify; only when every name fits OpenSSL's X509_NAME_MAX, 1 MiB, over which OpenSSL
    refuses to parse the certificate) and the receipt is refused with the test root as the only
    trust anchor."""
    data = cms.build(payload, [leaf] + pool, [cms.Signer(leaf)])
    assert len(data) <= MAX_INPUT, (out, len(data))
    assert 1 + len(pool) <= MAX_CERTIFICATES
    with open(out, "wb") as handle:
        handle.write(data)
    check = ["openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", out, "-out", os.devnull]
    if max(len(leaf.subject), len(leaf.issuer)) <= OPENSSL_NAME_MAX:
        subprocess.run(check + ["-noverify"], check=True, stderr=subprocess.DEVNULL)
    refused = subprocess.run(check + ["-CAfile", root_pem], stderr=subprocess.DEVNULL)
    assert refused.returncode != 0, out + " verifies with the test root"


def same_name(payload: bytes, out: str, root_pem: str, cn_chars: int) -> None:
    cn = "PureReceipt Hostile Same-Name CA" if cn_chars == 0 else ("ABCDEFGHIJ" * (cn_chars // 10 + 1))[:cn_chars]
    shared = huge_name(cn.encode())
    key, leaf_key = new_key(), new_key()
    cas = [pki.make_cert("ca%d" % i, 1000 + i, shared, key, shared, key, NOT_BEFORE, NOT_AFTER, ca_extensions(key))
           for i in range(15)]
    leaf_name = huge_name(b"PureReceipt Hostile Receipt Signing")
    leaf = pki.make_cert("leaf", 1, leaf_name, leaf_key, shared, key, NOT_BEFORE, NOT_AFTER, leaf_extensions(leaf_key))
    signed_receipt(payload, leaf, cas, out, root_pem)


def decoys(payload: bytes, out: str, root_pem: str, cn_value: bytes) -> None:
    big = huge_name(cn_value)
    leaf_key = new_key()
    leaf = pki.make_cert("leaf", 1, big, leaf_key, big, leaf_key, NOT_BEFORE, NOT_AFTER, leaf_extensions(leaf_key))
    # The leaf, the SignerInfo's issuer name and each decoy carry `big` once.
    room = MAX_INPUT - 64 * 1024 - len(payload) - len(leaf.der) - len(big)
    count = min(MAX_CERTIFICATES - 1, room // (len(big) + 2048))
    issuer = huge_name(b"PureReceipt Hostile Decoy Issuer")
    pool = []
    for i in range(count):
        key = new_key()
        pool.append(pki.make_cert("decoy%d" % i, 2000 + i, big, key, issuer, key, NOT_BEFORE, NOT_AFTER,
                                  ca_extensions(key)))
    signed_receipt(payload, leaf, pool, out, root_pem)


def ascii_filling(name_size: int) -> bytes:
    """The CN value (letters) that makes huge_name exactly `name_size` bytes long."""
    value = b"abcdefghijklmnopqrstuvwxyz" * (name_size // 26 + 1)
    cn = name_size - (len(huge_name(value[:name_size])) - name_size)
    while len(huge_name(value[:cn])) > name_size:
        cn -= 1
    while len(huge_name(value[:cn + 1])) <= name_size:
        cn += 1
    return value[:cn]


def write_json(out: str) -> None:
    body_size = 30_000_000 - len('{"a":[]}')
    count = (body_size + 1) // 3  # "{}," per object, the last without its comma
    text = b'{"a":[' + b"{}," * (count - 1) + b"{}" + b"]}"
    with open(out, "wb") as handle:
        handle.write(text)


def write_zeros(out: str) -> None:
    with open(out, "wb") as handle:
        handle.write(b"0" * 15_000_000)


def generate(out: str, pki_dir: str, payload: bytes, only=None) -> None:
    """Writes every file of the module docstring that is missing (or those named in `only`)."""
    root_pem = os.path.join(pki_dir, "root.pem")
    hangul = "".join(chr(0xAC00 + i % 11172) for i in range(2_000_000 // 3)).encode()
    escapes = (ESCAPE_HEAVY * (1_500_000 // len(ESCAPE_HEAVY.encode()) + 1)).encode()[:1_500_000]
    while True:  # cut on a character boundary
        try:
            escapes.decode()
            break
        except UnicodeDecodeError:
            escapes = escapes[:-1]
    jobs = {
        "samename-short.der": lambda p: same_name(payload, p, root_pem, 0),
        "samename-20k.der": lambda p: same_name(payload, p, root_pem, 20_000),
        "samename-60k.der": lambda p: same_name(payload, p, root_pem, 60_000),
        "samename-100k.der": lambda p: same_name(payload, p, root_pem, 100_000),
        "decoys-1m.der": lambda p: decoys(payload, p, root_pem, ascii_filling(OPENSSL_NAME_MAX)),
        "decoys-hangul-2m.der": lambda p: decoys(payload, p, root_pem, hangul),
        "decoys-escapes-1_5m.der": lambda p: decoys(payload, p, root_pem, escapes),
        "json-30m.json": write_json,
        "zeros-15m.txt": write_zeros,
    }
    for name, job in jobs.items():
        path = os.path.join(out, name)
        if (only is None and os.path.exists(path)) or (only is not None and name not in only):
            continue
        job(path + ".part")  # renamed only once complete and checked
        os.replace(path + ".part", path)
        print("%-24s %10d bytes" % (name, os.path.getsize(path)))
