"""Deterministic synthetic PKI for the receipt vectors.

Keys are RSA-2048 PEM files committed under Vectors/pki/ (`<name>.key.pem`); they are created
only when absent, so regeneration with the committed keys is byte-for-byte reproducible.
Certificates are encoded by hand (RFC 5280 §4.1) with fixed serials and validity dates and signed
with RSASSA-PKCS1-v1_5, which is deterministic.

Part of the PureReceipt synthetic vector generator. Licence: Apache-2.0.
"""

import datetime
import hashlib
import os

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

import der

UTC = datetime.timezone.utc

OID_RSA_ENCRYPTION = "1.2.840.113549.1.1.1"
OID_SHA1_WITH_RSA = "1.2.840.113549.1.1.5"
OID_SHA256_WITH_RSA = "1.2.840.113549.1.1.11"
OID_BASIC_CONSTRAINTS = "2.5.29.19"
OID_KEY_USAGE = "2.5.29.15"
OID_EXT_KEY_USAGE = "2.5.29.37"
OID_SKI = "2.5.29.14"
OID_AKI = "2.5.29.35"
OID_CODE_SIGNING = "1.3.6.1.5.5.7.3.3"
OID_APPLE_LEAF_MARKER = "1.2.840.113635.100.6.11.1"
OID_APPLE_WWDR_MARKER = "1.2.840.113635.100.6.2.1"
# RFC 5612 §2: enterprise number 32473 is reserved for documentation examples.
OID_UNKNOWN_CRITICAL = "1.3.6.1.4.1.32473.1.1"

OID_C = "2.5.4.6"
OID_O = "2.5.4.10"
OID_OU = "2.5.4.11"
OID_CN = "2.5.4.3"

HASHES = {"sha1": hashes.SHA1, "sha256": hashes.SHA256}
SIG_OIDS = {"sha1": OID_SHA1_WITH_RSA, "sha256": OID_SHA256_WITH_RSA}


def name(*rdns):
    """Name ::= SEQUENCE OF RelativeDistinguishedName, one AttributeTypeAndValue per RDN.

    Each rdn is (oid, value, kind) with kind "printable" or "utf8".
    """
    out = []
    for attr_oid, value, kind in rdns:
        encoded = der.printable(value) if kind == "printable" else der.utf8(value)
        out.append(der.der_set(der.seq(der.oid(attr_oid), encoded)))
    return der.seq(*out)


def load_or_create_key(pki_dir, key_name):
    path = os.path.join(pki_dir, key_name + ".key.pem")
    if os.path.exists(path):
        with open(path, "rb") as handle:
            return serialization.load_pem_private_key(handle.read(), password=None)
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    with open(path, "wb") as handle:
        handle.write(pem)
    print("created new key", path)
    return key


def spki(key):
    return key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def key_id(key):
    """RFC 5280 §4.2.1.2 method (1): SHA-1 of the subjectPublicKey BIT STRING value."""
    pkcs1 = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.PKCS1)
    return hashlib.sha1(pkcs1).digest()


def extension(ext_oid, value, critical=False):
    parts = [der.oid(ext_oid)]
    if critical:
        parts.append(der.boolean(True))
    parts.append(der.octet_string(value))
    return der.seq(*parts)


def basic_constraints(ca, path_len=None, critical=True):
    inner = []
    if ca:
        inner.append(der.boolean(True))
        if path_len is not None:
            inner.append(der.integer(path_len))
    return extension(OID_BASIC_CONSTRAINTS, der.seq(*inner), critical)


def key_usage(bits, critical=True):
    """KeyUsage BIT STRING; bits named by RFC 5280 §4.2.1.3 positions (0 = digitalSignature)."""
    value = 0
    for bit in bits:
        value |= 0x80 >> bit
    lowest = max(bits)
    unused = 7 - lowest
    return extension(OID_KEY_USAGE, der.bit_string(bytes([value]), unused), critical)


DIGITAL_SIGNATURE = 0
KEY_CERT_SIGN = 5
CRL_SIGN = 6


def marker(marker_oid):
    """Apple marker extensions carry a DER NULL and are not critical."""
    return extension(marker_oid, der.null(), critical=False)


def ski(key):
    return extension(OID_SKI, der.octet_string(key_id(key)))


def aki(issuer_key):
    return extension(OID_AKI, der.seq(der.tlv(0x80, key_id(issuer_key))))


def eku_code_signing():
    return extension(OID_EXT_KEY_USAGE, der.seq(der.oid(OID_CODE_SIGNING)), critical=True)


class Cert:
    """A generated certificate with what the CMS builder needs to name and use it."""

    def __init__(self, label, der_bytes, key, subject, issuer, serial, not_before, not_after):
        self.label = label
        self.der = der_bytes
        self.key = key
        self.subject = subject
        self.issuer = issuer
        self.serial = serial
        self.not_before = not_before
        self.not_after = not_after


def make_cert(label, serial, subject, subject_key, issuer, issuer_key, not_before, not_after,
              extensions, sig_hash="sha256"):
    """RFC 5280 §4.1: Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }."""
    alg = der.seq(der.oid(SIG_OIDS[sig_hash]), der.null())
    tbs_parts = [
        der.explicit(0, der.integer(2)),  # v3
        der.integer(serial),
        alg,
        issuer,
        der.seq(der.time_value(not_before), der.time_value(not_after)),
        subject,
        spki(subject_key),
    ]
    if extensions:
        tbs_parts.append(der.explicit(3, der.seq(*extensions)))
    tbs = der.seq(*tbs_parts)
    signature = issuer_key.sign(tbs, padding.PKCS1v15(), HASHES[sig_hash]())
    cert_der = der.seq(tbs, alg, der.bit_string(signature))
    return Cert(label, cert_der, subject_key, subject, issuer, serial, not_before, not_after)


def dt(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def test_name(cn, ou="PureReceipt Test Certification Authority"):
    return name((OID_C, "US", "printable"), (OID_O, "PureReceipt Test", "utf8"),
                (OID_OU, ou, "utf8"), (OID_CN, cn, "utf8"))


# Subject and issuer of Apple Inc. Root CA, encoded exactly as that certificate encodes them
# (all PrintableString, C/O/OU/CN order); generate.py checks the bytes against the corpus copy
# when ../shared/corpus is present. Only the names are reproduced, never the key or certificate.
APPLE_ROOT_NAME = name(
    (OID_C, "US", "printable"), (OID_O, "Apple Inc.", "printable"),
    (OID_OU, "Apple Certification Authority", "printable"), (OID_CN, "Apple Root CA", "printable"))
APPLE_WWDR_G5_NAME = name(
    (OID_CN, "Apple Worldwide Developer Relations Certification Authority", "utf8"),
    (OID_OU, "G5", "utf8"), (OID_O, "Apple Inc.", "utf8"), (OID_C, "US", "printable"))
APPLE_LEAF_NAME = name(
    (OID_CN, "Mac App Store and iTunes Store Receipt Signing", "utf8"),
    (OID_OU, "Apple Worldwide Developer Relations", "utf8"), (OID_O, "Apple Inc.", "utf8"),
    (OID_C, "US", "printable"))

ROOT_NAME = test_name("PureReceipt Test Root CA")
INTERMEDIATE_NAME = test_name("PureReceipt Test WWDR Intermediate CA", ou="G1")
LEAF_NAME = test_name("PureReceipt Test Receipt Signing", ou="PureReceipt Test Developer Relations")
XCODE_NAME = name((OID_CN, "StoreKit Test", "utf8"), (OID_O, "StoreKit Test", "utf8"),
                  (OID_OU, "StoreKit Test", "utf8"), (OID_C, "US", "printable"))

KEY_NAMES = ["root", "intermediate", "leaf", "xcode", "evil-root", "evil-intermediate", "evil-leaf",
             "apple-lookalike-root"]


def build(pki_dir):
    """Build every certificate. Returns {label: Cert}."""
    keys = {k: load_or_create_key(pki_dir, k) for k in KEY_NAMES}
    c = {}

    def ca_exts(subject_key, issuer_key, wwdr_marker=True, extra=()):
        exts = [basic_constraints(True, 0), aki(issuer_key), ski(subject_key),
                key_usage([KEY_CERT_SIGN, CRL_SIGN])]
        if wwdr_marker:
            exts.append(marker(OID_APPLE_WWDR_MARKER))
        exts.extend(extra)
        return exts

    def leaf_exts(subject_key, issuer_key, leaf_marker=True):
        exts = [basic_constraints(False), aki(issuer_key), ski(subject_key),
                key_usage([DIGITAL_SIGNATURE])]
        if leaf_marker:
            exts.append(marker(OID_APPLE_LEAF_MARKER))
        return exts

    root_exts = lambda k: [basic_constraints(True), key_usage([KEY_CERT_SIGN, CRL_SIGN]), ski(k), aki(k)]

    # --- The genuine test chain -------------------------------------------------------------
    c["root"] = make_cert("root", 0x01, ROOT_NAME, keys["root"], ROOT_NAME, keys["root"],
                          dt("2020-01-01T00:00:00Z"), dt("2045-01-01T00:00:00Z"), root_exts(keys["root"]))
    c["intermediate"] = make_cert(
        "intermediate", 0x2A01, INTERMEDIATE_NAME, keys["intermediate"], ROOT_NAME, keys["root"],
        dt("2020-01-01T00:00:00Z"), dt("2040-01-01T00:00:00Z"),
        ca_exts(keys["intermediate"], keys["root"]))
    c["leaf"] = make_cert(
        "leaf", 0x3C5E17A94D02B7F1, LEAF_NAME, keys["leaf"], INTERMEDIATE_NAME, keys["intermediate"],
        dt("2024-01-01T00:00:00Z"), dt("2026-01-01T00:00:00Z"),
        leaf_exts(keys["leaf"], keys["intermediate"]))
    # Like Xcode's StoreKit certificate: self-signed, CA, critical EKU codeSigning, no Apple marker.
    c["xcode"] = make_cert(
        "xcode", 0x01, XCODE_NAME, keys["xcode"], XCODE_NAME, keys["xcode"],
        dt("2020-04-01T00:00:00Z"), dt("2040-03-27T00:00:00Z"),
        [basic_constraints(True), key_usage([DIGITAL_SIGNATURE, KEY_CERT_SIGN]), eku_code_signing()])

    # --- Forgery pieces ---------------------------------------------------------------------
    # Same subject (and serial) as the test root, another key.
    c["evil-root"] = make_cert("evil-root", 0x01, ROOT_NAME, keys["evil-root"], ROOT_NAME, keys["evil-root"],
                               dt("2020-01-01T00:00:00Z"), dt("2045-01-01T00:00:00Z"),
                               root_exts(keys["evil-root"]))
    c["evil-intermediate"] = make_cert(
        "evil-intermediate", 0x2A01, INTERMEDIATE_NAME, keys["evil-intermediate"], ROOT_NAME,
        keys["evil-root"], dt("2020-01-01T00:00:00Z"), dt("2040-01-01T00:00:00Z"),
        ca_exts(keys["evil-intermediate"], keys["evil-root"]))
    c["evil-leaf"] = make_cert(
        "evil-leaf", 0x3C5E17A94D02B7F1, LEAF_NAME, keys["evil-leaf"], INTERMEDIATE_NAME,
        keys["evil-intermediate"], dt("2024-01-01T00:00:00Z"), dt("2026-01-01T00:00:00Z"),
        leaf_exts(keys["evil-leaf"], keys["evil-intermediate"]))
    # Issued by the genuine intermediate, but without the leaf marker.
    c["leaf-nomarker"] = make_cert(
        "leaf-nomarker", 0x3C5E17A94D02B7F2, LEAF_NAME, keys["leaf"], INTERMEDIATE_NAME,
        keys["intermediate"], dt("2024-01-01T00:00:00Z"), dt("2026-01-01T00:00:00Z"),
        leaf_exts(keys["leaf"], keys["intermediate"], leaf_marker=False))
    # Leaves whose validity does not cover 2025-03-14.
    c["leaf-expired"] = make_cert(
        "leaf-expired", 0x3C5E17A94D02B7F3, LEAF_NAME, keys["leaf"], INTERMEDIATE_NAME,
        keys["intermediate"], dt("2022-01-01T00:00:00Z"), dt("2023-01-01T00:00:00Z"),
        leaf_exts(keys["leaf"], keys["intermediate"]))
    c["leaf-not-yet-valid"] = make_cert(
        "leaf-not-yet-valid", 0x3C5E17A94D02B7F4, LEAF_NAME, keys["leaf"], INTERMEDIATE_NAME,
        keys["intermediate"], dt("2025-06-01T00:00:00Z"), dt("2027-06-01T00:00:00Z"),
        leaf_exts(keys["leaf"], keys["intermediate"]))

    def sub_chain(prefix, inter_serial, inter_name, inter_exts, not_after="2040-01-01T00:00:00Z"):
        """An intermediate under the test root plus a marked leaf under that intermediate."""
        inter = make_cert(prefix, inter_serial, inter_name, keys["intermediate"], ROOT_NAME, keys["root"],
                          dt("2020-01-01T00:00:00Z"), dt(not_after), inter_exts)
        leaf = make_cert(prefix + "-leaf", inter_serial * 0x10000 + 1, LEAF_NAME, keys["leaf"], inter_name,
                         keys["intermediate"], dt("2024-01-01T00:00:00Z"), dt("2026-01-01T00:00:00Z"),
                         leaf_exts(keys["leaf"], keys["intermediate"]))
        c[prefix] = inter
        c[prefix + "-leaf"] = leaf

    ik, rk = keys["intermediate"], keys["root"]
    sub_chain("intermediate-nomarker", 0x2A02, test_name("PureReceipt Test Intermediate Without Marker"),
              ca_exts(ik, rk, wwdr_marker=False))
    sub_chain("intermediate-noca", 0x2A03, test_name("PureReceipt Test Intermediate No BasicConstraints"),
              [aki(rk), ski(ik), key_usage([KEY_CERT_SIGN, CRL_SIGN]), marker(OID_APPLE_WWDR_MARKER)])
    sub_chain("intermediate-ca-false", 0x2A04, test_name("PureReceipt Test Intermediate CA FALSE"),
              [basic_constraints(False), aki(rk), ski(ik), key_usage([KEY_CERT_SIGN, CRL_SIGN]),
               marker(OID_APPLE_WWDR_MARKER)])
    # A receipt-signing style certificate (leaf marker, not a CA) used as the intermediate.
    sub_chain("leaf-as-ca", 0x2A05, test_name("PureReceipt Test Leaf Used As CA"),
              [basic_constraints(False), aki(rk), ski(ik), key_usage([DIGITAL_SIGNATURE]),
               marker(OID_APPLE_LEAF_MARKER)])
    sub_chain("intermediate-unknown-critical", 0x2A06,
              test_name("PureReceipt Test Intermediate Unknown Critical Extension"),
              ca_exts(ik, rk, extra=[extension(OID_UNKNOWN_CRITICAL, der.null(), critical=True)]))
    sub_chain("intermediate-expired", 0x2A07, test_name("PureReceipt Test Intermediate Expired"),
              ca_exts(ik, rk), not_after="2024-06-01T00:00:00Z")

    # Copies the names of Apple Inc. Root CA, WWDR G5 and the receipt-signing leaf, with our keys.
    lk = keys["apple-lookalike-root"]
    c["apple-lookalike-root"] = make_cert(
        "apple-lookalike-root", 0x02, APPLE_ROOT_NAME, lk, APPLE_ROOT_NAME, lk,
        dt("2006-04-25T21:40:36Z"), dt("2035-02-09T21:40:36Z"), root_exts(lk))
    c["apple-lookalike-intermediate"] = make_cert(
        "apple-lookalike-intermediate", 0x7A3B00C1, APPLE_WWDR_G5_NAME, keys["evil-intermediate"],
        APPLE_ROOT_NAME, lk, dt("2020-12-16T19:38:56Z"), dt("2030-12-10T00:00:00Z"),
        ca_exts(keys["evil-intermediate"], lk))
    c["apple-lookalike-leaf"] = make_cert(
        "apple-lookalike-leaf", 0x5D1E0F2A3B4C5D6E, APPLE_LEAF_NAME, keys["evil-leaf"], APPLE_WWDR_G5_NAME,
        keys["evil-intermediate"], dt("2024-01-01T00:00:00Z"), dt("2026-01-01T00:00:00Z"),
        leaf_exts(keys["evil-leaf"], keys["evil-intermediate"]))
    return c


def write(pki_dir, certs):
    for label, cert in certs.items():
        with open(os.path.join(pki_dir, label + ".der"), "wb") as handle:
            handle.write(cert.der)
    # PEM copies of the anchors for `openssl cms -verify -CAfile`.
    for label in ("root", "xcode"):
        with open(os.path.join(pki_dir, label + ".pem"), "wb") as handle:
            handle.write(pem("CERTIFICATE", certs[label].der))


def pem(kind, data):
    import base64
    body = base64.encodebytes(data).decode("ascii").replace("\n", "")
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return ("-----BEGIN %s-----\n%s\n-----END %s-----\n" % (kind, "\n".join(lines), kind)).encode("ascii")
