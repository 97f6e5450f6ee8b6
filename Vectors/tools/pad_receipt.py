"""Pads a DER receipt's certificate set with junk certificates, to measure what an unsigned,
attacker-sized certificate set costs a verifier (Docs/SECURITY.md, fourth review, finding 1).

An app receipt's certificate set is not covered by its signature: anyone holding one genuine
receipt can add certificates to it and it stays genuine. The junk certificates are self-signed,
well-formed X.509 with one large non-critical extension, so that every parser accepts them.

  python3 Vectors/tools/pad_receipt.py IN.der OUT-PREFIX COUNT [JUNK-CERTS [JUNK-BYTES]]

writes COUNT receipts OUT-PREFIX-0.der … each with JUNK-CERTS (default 5) junk certificates of
about JUNK-BYTES (default 2 000 000) bytes; every receipt gets its own junk (distinct keys), so
that no two share a certificate set. Part of the PureReceipt vector tools. Licence: Apache-2.0.
"""

import datetime
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import der  # noqa: E402


def read_tlv(data: bytes, offset: int):
    """(tag, header length, content length) of the definite-length TLV at `offset`."""
    tag = data[offset]
    first = data[offset + 1]
    if first < 0x80:
        return tag, 2, first
    count = first & 0x7F
    return tag, 2 + count, int.from_bytes(data[offset + 2:offset + 2 + count], "big")


def children(data: bytes, start: int, end: int):
    out = []
    while start < end:
        tag, header, size = read_tlv(data, start)
        out.append((start, start + header + size))
        start += header + size
    return out


def junk_certificate(index: int, size: int) -> bytes:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Padding {index}")])
    now = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(index + 1).not_valid_before(now).not_valid_after(now + datetime.timedelta(days=3650))
            .add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier("1.3.6.1.4.1.55555.1"),
                                                      der.octet_string(b"\x00" * size)), critical=False)
            .sign(key, hashes.SHA256()))
    return cert.public_bytes(serialization.Encoding.DER)


def pad(receipt: bytes, junk: list) -> bytes:
    # ContentInfo ::= SEQUENCE { contentType, [0] EXPLICIT SignedData }
    _, h0, n0 = read_tlv(receipt, 0)
    content_type, explicit = children(receipt, h0, h0 + n0)
    _, he, ne = read_tlv(receipt, explicit[0])
    signed_start = explicit[0] + he
    _, hs, ns = read_tlv(receipt, signed_start)
    fields = children(receipt, signed_start + hs, signed_start + hs + ns)
    parts = []
    for start, end in fields:
        if receipt[start] == 0xA0:  # certificates [0] IMPLICIT SET OF Certificate
            _, h, _ = read_tlv(receipt, start)
            body = receipt[start + h:end] + b"".join(junk)
            parts.append(bytes([0xA0]) + der.length(len(body)) + body)
        else:
            parts.append(receipt[start:end])
    signed = der.seq(*parts)
    return der.seq(receipt[content_type[0]:content_type[1]], der.explicit(0, signed))


def main():
    source, prefix, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    certs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    size = int(sys.argv[5]) if len(sys.argv) > 5 else 2_000_000
    receipt = open(source, "rb").read()
    for number in range(count):
        junk = [junk_certificate(number * certs + index, size) for index in range(certs)]
        with open(f"{prefix}-{number}.der", "wb") as out:
            out.write(pad(receipt, junk))


if __name__ == "__main__":
    main()
