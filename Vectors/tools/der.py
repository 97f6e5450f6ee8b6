"""A tiny hand-written DER/BER encoder, so the generator controls every byte.

Every function returns `bytes`. Nothing here parses; it only builds encodings, including
deliberately wrong ones (non-minimal lengths, indefinite lengths, forced length octets) for the
malformed vectors. X.690 references are to ITU-T X.690 (02/2021).

Part of the PureReceipt synthetic vector generator. Licence: Apache-2.0.
"""

import datetime

# Universal tags (X.690 §8, X.680 §8.6).
BOOLEAN = 0x01
INTEGER = 0x02
BIT_STRING = 0x03
OCTET_STRING = 0x04
NULL_TAG = 0x05
OID_TAG = 0x06
UTF8STRING = 0x0C
PRINTABLESTRING = 0x13
IA5STRING = 0x16
UTCTIME = 0x17
GENERALIZEDTIME = 0x18
SEQUENCE = 0x30  # constructed
SET = 0x31  # constructed

EOC = b"\x00\x00"  # X.690 §8.1.5: end-of-contents octets


def length(n: int) -> bytes:
    """Minimal definite length octets (X.690 §10.1: DER uses the definite form, fewest octets)."""
    if n < 0:
        raise ValueError("negative length")
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def long_length(n: int, octets: int) -> bytes:
    """Definite length in the long form with exactly `octets` length octets (may be non-minimal)."""
    return bytes([0x80 | octets]) + n.to_bytes(octets, "big")


def tlv(tag: int, content: bytes) -> bytes:
    """Single-octet tag, minimal definite length."""
    return bytes([tag]) + length(len(content)) + content


def tlv_raw_len(tag: int, length_octets: bytes, content: bytes) -> bytes:
    """A TLV whose length octets are given verbatim (for malformed vectors)."""
    return bytes([tag]) + length_octets + content


def indef(tag: int, *parts: bytes) -> bytes:
    """BER constructed encoding with the indefinite length form (X.690 §8.1.3.6)."""
    return bytes([tag]) + b"\x80" + b"".join(parts) + EOC


def seq(*parts: bytes) -> bytes:
    return tlv(SEQUENCE, b"".join(parts))


def der_set(*parts: bytes, sort: bool = True) -> bytes:
    """SET OF. X.690 §11.6: DER orders the encodings ascending, shorter padded with zero octets.

    Python's bytes ordering treats a proper prefix as smaller, which equals the padded comparison
    for distinct encodings of well-formed TLVs (an encoding is never a prefix of another one).
    """
    items = sorted(parts) if sort else list(parts)
    return tlv(SET, b"".join(items))


def explicit(n: int, content: bytes) -> bytes:
    """[n] EXPLICIT (context-specific, constructed)."""
    return tlv(0xA0 | n, content)


def implicit_constructed(n: int, content: bytes) -> bytes:
    """[n] IMPLICIT over a constructed type (keeps the constructed bit)."""
    return tlv(0xA0 | n, content)


def integer(value: int) -> bytes:
    """X.690 §8.3: two's complement, minimal octets."""
    if value == 0:
        body = b"\x00"
    elif value > 0:
        body = value.to_bytes(value.bit_length() // 8 + 1, "big")
    else:
        n = (value + 1).bit_length() // 8 + 1
        body = value.to_bytes(n, "big", signed=True)
    return tlv(INTEGER, body)


def integer_from_ascii(text: str) -> bytes:
    """An INTEGER whose content octets are ASCII characters (attribute 9 holds e.g. `P301`)."""
    return tlv(INTEGER, text.encode("ascii"))


def null() -> bytes:
    return b"\x05\x00"


def boolean(value: bool) -> bytes:
    return tlv(BOOLEAN, b"\xff" if value else b"\x00")


def oid(dotted: str) -> bytes:
    """X.690 §8.19: first two arcs combined, base-128 with continuation bits."""
    arcs = [int(a) for a in dotted.split(".")]
    first = arcs[0] * 40 + arcs[1]
    body = bytearray()
    for arc in [first] + arcs[2:]:
        chunk = [arc & 0x7F]
        arc >>= 7
        while arc:
            chunk.append(0x80 | (arc & 0x7F))
            arc >>= 7
        body.extend(reversed(chunk))
    return tlv(OID_TAG, bytes(body))


def octet_string(data: bytes) -> bytes:
    return tlv(OCTET_STRING, data)


def bit_string(data: bytes, unused: int = 0) -> bytes:
    return tlv(BIT_STRING, bytes([unused]) + data)


def utf8(text: str) -> bytes:
    return tlv(UTF8STRING, text.encode("utf-8"))


def ia5(text: str) -> bytes:
    return tlv(IA5STRING, text.encode("ascii"))


def printable(text: str) -> bytes:
    return tlv(PRINTABLESTRING, text.encode("ascii"))


def time_value(when: datetime.datetime) -> bytes:
    """RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050."""
    when = when.astimezone(datetime.timezone.utc)
    if when.year < 2050:
        return tlv(UTCTIME, when.strftime("%y%m%d%H%M%SZ").encode("ascii"))
    return tlv(GENERALIZEDTIME, when.strftime("%Y%m%d%H%M%SZ").encode("ascii"))


def header_length(encoding: bytes) -> int:
    """Number of identifier + length octets of a well-formed definite TLV produced here."""
    first = encoding[1]
    return 2 if first < 0x80 else 2 + (first & 0x7F)


def content_of(encoding: bytes) -> bytes:
    """Content octets of a well-formed definite TLV produced here."""
    return encoding[header_length(encoding):]
