#!/usr/bin/env python3
"""Synthetic legacy transaction receipts (iOS 3-6 `SKPaymentTransaction.transactionReceipt`).

Writes Vectors/legacy/: a small PKI under the project's test root (pki/root.der) -- an "iTunes
Store"-style intermediate for versions 1-2 and the existing WWDR-style test intermediate for
version 3 -- receipts of all three versions, forgeries and malformed inputs, and
`expectations.json` stating the verdict of each.

Receipt format: base64 of an old-style plist { "signature" = "..."; "purchase-info" = "...";
"pod" = "..."; "signing-status" = "0"; ["environment" = "Sandbox";] }. signature = version (1) ||
RSA PKCS #1 v1.5 SHA-1 signature over (version || purchase-info bytes) || [4-byte big-endian
certificate length, versions 2-3] || DER leaf || [00 00 00 00, version 1].

Deterministic: keys are committed (`Vectors/legacy/*.key.pem`, created only when absent) and
PKCS #1 v1.5 signatures are deterministic, so a rerun leaves every file byte-identical.
Part of the PureReceipt synthetic vector generator. Licence: Apache-2.0.
"""

import base64
import json
import os

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

import pki

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.dirname(HERE)
PKI_DIR = os.path.join(VECTORS, "pki")
OUT = os.path.join(VECTORS, "legacy")

OID_ITUNES_LEAF_MARKER = "1.2.840.113635.100.6.5.1"
OID_ITUNES_CA_MARKER = "1.2.840.113635.100.6.2.2"

ITUNES_NAME = pki.test_name("PureReceipt Test iTunes Store Certification Authority")
OTHER_CA_NAME = pki.test_name("PureReceipt Test Other CA")
LEGACY_LEAF_NAME = pki.test_name("PureReceipt Test PurchaseReceiptCertificate", ou="PureReceipt Test iTunes Store")

PURCHASE_MS = 1741944413000  # 2025-03-14T09:26:53Z, inside every test certificate's validity


def key(name, bits):
    path = os.path.join(OUT, name + ".key.pem")
    if os.path.exists(path):
        with open(path, "rb") as handle:
            return serialization.load_pem_private_key(handle.read(), password=None)
    k = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    with open(path, "wb") as handle:
        handle.write(k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption()))
    return k


def leaf_exts(subject_key, issuer_key, marker_oid):
    exts = [pki.basic_constraints(False), pki.aki(issuer_key), pki.ski(subject_key),
            pki.key_usage([pki.DIGITAL_SIGNATURE])]
    if marker_oid:
        exts.append(pki.marker(marker_oid))
    return exts


def build_pki():
    root_key = pki.load_or_create_key(PKI_DIR, "root")
    inter_key = pki.load_or_create_key(PKI_DIR, "intermediate")
    k = {"itunes": key("itunes-ca", 2048), "leaf1024": key("leaf-1024", 1024), "leaf2048": key("leaf-2048", 2048),
         "other": key("other-ca", 2048), "evil1024": key("evil-1024", 1024)}
    d = pki.dt
    c = {}
    ca_exts = [pki.basic_constraints(True, 0), pki.aki(root_key), pki.ski(k["itunes"]),
               pki.key_usage([pki.KEY_CERT_SIGN, pki.CRL_SIGN]), pki.marker(OID_ITUNES_CA_MARKER)]
    c["itunes-ca"] = pki.make_cert("itunes-ca", 0x4B01, ITUNES_NAME, k["itunes"], pki.ROOT_NAME, root_key,
                                   d("2020-01-01T00:00:00Z"), d("2040-01-01T00:00:00Z"), ca_exts, "sha1")
    other_exts = [pki.basic_constraints(True, 0), pki.ski(k["other"]), pki.key_usage([pki.KEY_CERT_SIGN])]
    c["other-ca"] = pki.make_cert("other-ca", 0x4B02, OTHER_CA_NAME, k["other"], OTHER_CA_NAME, k["other"],
                                  d("2020-01-01T00:00:00Z"), d("2040-01-01T00:00:00Z"), other_exts)

    def leaf(label, serial, subject_key, issuer_name, issuer_key, marker, not_after="2026-01-01T00:00:00Z"):
        c[label] = pki.make_cert(label, serial, LEGACY_LEAF_NAME, subject_key, issuer_name, issuer_key,
                                 d("2024-01-01T00:00:00Z"), d(not_after),
                                 leaf_exts(subject_key, issuer_key, marker), "sha1")

    leaf("leaf-v2", 0x5C01, k["leaf1024"], ITUNES_NAME, k["itunes"], OID_ITUNES_LEAF_MARKER)
    leaf("leaf-v3", 0x5C02, k["leaf2048"], pki.INTERMEDIATE_NAME, inter_key, pki.OID_APPLE_LEAF_MARKER)
    leaf("leaf-v3-rsa1024", 0x5C03, k["leaf1024"], pki.INTERMEDIATE_NAME, inter_key, pki.OID_APPLE_LEAF_MARKER)
    leaf("leaf-v2-nomarker", 0x5C04, k["leaf1024"], ITUNES_NAME, k["itunes"], None)
    leaf("leaf-v2-expired", 0x5C05, k["leaf1024"], ITUNES_NAME, k["itunes"], OID_ITUNES_LEAF_MARKER,
         not_after="2025-01-01T00:00:00Z")
    leaf("leaf-other-issuer", 0x5C06, k["leaf1024"], OTHER_CA_NAME, k["other"], OID_ITUNES_LEAF_MARKER)
    for label in ("itunes-ca", "other-ca", "leaf-v2", "leaf-v3", "leaf-v3-rsa1024", "leaf-v2-nomarker"):
        with open(os.path.join(OUT, label + ".der"), "wb") as handle:
            handle.write(c[label].der)
    return c, k


def q(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def plist(pairs, indent="\t"):
    body = "".join("%s%s = %s;\n" % (indent, q(key_), q(value)) for key_, value in pairs)
    return "{\n" + body + "}"


def purchase_info(version, environment_sandbox=False, extra=()):
    """Pairs shaped like the real purchase-info of each era (9 keys in 2009, up to 24 later)."""
    if version == 1:
        pairs = [("original-purchase-date", "2025-03-14 09:26:50 Etc/GMT"), ("purchase-date", "2025-03-14 09:26:53 Etc/GMT"),
                 ("unique-identifier", "0123456789abcdef0123456789abcdef01234567"),
                 ("original-transaction-id", "1000000000000001"), ("bvrs", "1.0"),
                 ("transaction-id", "1000000000000001"), ("quantity", "1"), ("product-id", "com.example.pureapp.coins100"),
                 ("bid", "com.example.pureapp")]
        return pairs + list(extra)
    pairs = [("original-purchase-date-pst", "2025-03-14 02:26:50 America/Los_Angeles"),
             ("purchase-date-ms", str(PURCHASE_MS)), ("unique-identifier", "0123456789abcdef0123456789abcdef01234567"),
             ("original-transaction-id", "1000000900000003"), ("expires-date", str(PURCHASE_MS + 30 * 86400000)),
             ("transaction-id", "1000000900000007"), ("original-purchase-date-ms", str(PURCHASE_MS - 3000)),
             ("web-order-line-item-id", "1000000030000001"), ("bvrs", "42"),
             ("unique-vendor-identifier", "01234567-89AB-CDEF-FEDC-BA9876543210"),
             ("expires-date-formatted-pst", "2025-04-13 02:26:53 America/Los_Angeles"), ("item-id", "1234567891"),
             ("expires-date-formatted", "2025-04-13 09:26:53 Etc/GMT"), ("product-id", "com.example.pureapp.monthly"),
             ("purchase-date", "2025-03-14 09:26:53 Etc/GMT"), ("original-purchase-date", "2025-03-14 09:26:50 Etc/GMT"),
             ("bid", "com.example.pureapp"), ("purchase-date-pst", "2025-03-14 02:26:53 America/Los_Angeles"),
             ("quantity", "1")]
    if version == 3:
        pairs += [("is-trial-period", "false"), ("is-in-intro-offer-period", "true"), ("app-item-id", "1234567890"),
                  ("version-external-identifier", "825366855"), ("is-family-shared", "false")]
    return pairs + list(extra)


def sign(signing_key, version_byte, info):
    return signing_key.sign(bytes([version_byte]) + info, padding.PKCS1v15(), hashes.SHA1())


def blob(version, signature, cert_der, layout=None):
    layout = layout or version
    if layout == 1:
        return bytes([version]) + signature + cert_der + b"\0\0\0\0"
    return bytes([version]) + signature + len(cert_der).to_bytes(4, "big") + cert_der


def receipt_text(signature_blob, info, sandbox, outer_extra=(), wrap=None, indent="\t"):
    sig = base64.b64encode(signature_blob).decode()
    if wrap:
        sig = sig[:wrap] + "\n" + sig[wrap:]
    pairs = [("signature", sig), ("purchase-info", base64.b64encode(info).decode())]
    if sandbox:
        pairs.append(("environment", "Sandbox"))
    pairs += [("pod", "100"), ("signing-status", "0")] + list(outer_extra)
    body = "".join("%s%s = %s;\n" % (indent, q(k_), '"' + v + '"') for k_, v in pairs)
    return ("{\n" + body + "}").encode()


class Suite:
    def __init__(self):
        self.cases = []

    def add(self, case_id, data, description, verdict, error, version=None, as_text=False, expect=None,
            policy=None, intermediates=("itunes-ca", "intermediate")):
        name = case_id + (".txt" if as_text else ".b64")
        payload = data if as_text else base64.b64encode(data) + b"\n"
        with open(os.path.join(OUT, name), "wb") as handle:
            handle.write(payload)
        case = {"id": case_id, "file": name, "description": description, "trust": "test-root",
                "intermediates": list(intermediates), "policy": policy or {}, "verdict": verdict, "error": error}
        if expect is not None:
            case["expect"] = expect
        self.cases.append(case)


def check(cases):
    """Cross-checks every valid case with Python `cryptography` alone (not the generator's state):
    the signature over version || purchase-info with the embedded leaf, and leaf <- intermediate <-
    test root (each certificate signature checked with its issuer's key)."""
    import re
    from cryptography import x509
    root = x509.load_der_x509_certificate(open(os.path.join(PKI_DIR, "root.der"), "rb").read())
    inters = [x509.load_der_x509_certificate(open(os.path.join(VECTORS, p), "rb").read())
              for p in ("legacy/itunes-ca.der", "pki/intermediate.der")]
    for case in cases:
        if case["verdict"] != "valid":
            continue
        raw = open(os.path.join(OUT, case["file"]), "rb").read()
        text = raw if case["file"].endswith(".txt") else base64.b64decode(raw)
        values = dict(re.findall(rb'"([a-z-]+)" = "((?:[^"\\]|\\.)*)";', text))
        blob = base64.b64decode(b"".join(values[b"signature"].split()))
        info = base64.b64decode(values[b"purchase-info"])
        version = blob[0]
        sig_len = 256 if version == 3 else 128
        cert_der = blob[1 + sig_len:-4] if version == 1 else blob[1 + sig_len + 4:]
        leaf = x509.load_der_x509_certificate(cert_der)
        leaf.public_key().verify(blob[1:1 + sig_len], bytes([version]) + info, padding.PKCS1v15(), hashes.SHA1())
        issuer = next(i for i in inters if i.subject == leaf.issuer)
        for child, parent in ((leaf, issuer), (issuer, root)):
            assert child.issuer == parent.subject
            parent.public_key().verify(child.signature, child.tbs_certificate_bytes, padding.PKCS1v15(),
                                       child.signature_hash_algorithm)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        if name.endswith((".b64", ".txt")):
            os.remove(os.path.join(OUT, name))
    c, k = build_pki()
    s = Suite()
    sig_key = {1: k["leaf1024"], 2: k["leaf1024"], 3: k["leaf2048"]}
    leaf_for = {1: c["leaf-v2"], 2: c["leaf-v2"], 3: c["leaf-v3"]}

    def make(version, info_pairs=None, sandbox=None, signer=None, cert=None, version_byte=None, layout=None,
             signed_prefix=True, post=None, **text_kw):
        info = plist(info_pairs or purchase_info(version)).encode()
        vb = version if version_byte is None else version_byte
        message_version = version
        signature = (signer or sig_key[version]).sign((bytes([message_version]) if signed_prefix else b"") + info,
                                                      padding.PKCS1v15(), hashes.SHA1())
        b = blob(vb, signature, (cert or leaf_for[version]).der, layout or version)
        if post:
            b = post(b)
        return receipt_text(b, info, sandbox if sandbox is not None else version == 2, **text_kw), info

    def expect(version, info_pairs, environment):
        d = dict(info_pairs)
        return {"version": version, "keys": len(info_pairs), "environment": environment,
                "purchaseDateMs": PURCHASE_MS, "transactionId": d["transaction-id"], "productId": d["product-id"],
                "bundleId": d["bid"], "expiresDateMs": int(d["expires-date"]) if "expires-date" in d else None}

    # --- valid -----------------------------------------------------------------------------------
    for version in (1, 2, 3):
        pairs = purchase_info(version)
        data, _ = make(version)
        s.add("valid-v%d" % version, data,
              "version %d: %s" % (version, {1: "2009 layout (certificate, then 4 zero bytes), RSA-1024 leaf, 9 keys, "
                                               "only the Etc/GMT purchase-date",
                                            2: "RSA-1024 leaf under the iTunes-Store-style CA, Sandbox, 19 keys",
                                            3: "RSA-2048 leaf under the WWDR-style intermediate, Production "
                                               "(no environment key), 24 keys"}[version]),
              "valid", None, version, expect=expect(version, pairs, "Sandbox" if version == 2 else "Production"))
    data, _ = make(2, wrap=60, indent="  ")
    s.add("valid-v2-whitespace", data, "version 2 with spaces for tabs and a line break inside the signature value",
          "valid", None, 2, expect=expect(2, purchase_info(2), "Sandbox"))
    data, _ = make(3)
    s.add("valid-v3-plist-text", data, "version 3 given as the plist text itself, not base64", "valid", None, 3,
          as_text=True, expect=expect(3, purchase_info(3), "Production"))
    escaped = purchase_info(3, extra=[("note", 'a "quoted" \\ word\twith tab')])
    data, _ = make(3, info_pairs=escaped)
    s.add("valid-v3-escapes", data, "version 3 whose purchase-info holds \\\" \\\\ escapes and a raw tab", "valid",
          None, 3, expect=expect(3, escaped, "Production"))
    # --- policy ----------------------------------------------------------------------------------
    data, _ = make(3)
    s.add("policy-bundle-id", data, "genuine version 3, caller requires another bid", "policy-failed",
          "policy.bundleId", 3, policy={"bundleId": "com.example.other"})
    s.add("policy-product-id", data, "genuine version 3, caller requires another product-id", "policy-failed",
          "policy.productId", 3, policy={"productId": "com.example.pureapp.yearly"})
    s.add("policy-environment", data, "genuine version 3 (Production), caller accepts Sandbox only",
          "policy-failed", "policy.environment", 3, policy={"environments": ["Sandbox"]})
    s.add("policy-validity-now", data, "genuine version 3, validity evaluated at 2027-01-01 (leaf expired)",
          "not-authentic", "chain.certificateExpired", 3, policy={"at": "2027-01-01T00:00:00Z"})
    # --- forged ----------------------------------------------------------------------------------
    data, _ = make(3, version_byte=2)
    s.add("forged-version-byte-v3-as-v2", data, "256-byte signature behind version byte 2", "malformed",
          "legacy.signatureLength", 3)
    data, _ = make(2, version_byte=3)
    s.add("forged-version-byte-v2-as-v3", data, "128-byte signature behind version byte 3", "malformed",
          "legacy.signatureLength", 2)
    data, _ = make(3, signed_prefix=False)
    s.add("forged-no-version-in-signed-bytes", data, "signature over purchase-info without the version byte",
          "not-authentic", "signature.invalid", 3)
    data, _ = make(2, cert=c["leaf-other-issuer"])
    s.add("forged-leaf-other-issuer", data, "RSA-1024 leaf (right marker, right key) issued by a CA that is not "
          "pinned", "not-authentic", "chain.untrusted", 2)
    data, _ = make(2, signer=k["evil1024"])
    s.add("forged-signed-by-other-key", data, "genuine leaf with a valid chain, signature made with another key",
          "not-authentic", "signature.invalid", 2)
    data, info = make(3)
    tampered_info = info.replace(b"com.example.pureapp.monthly", b"com.example.pureapp.yearlyy")
    text = data.replace(base64.b64encode(info), base64.b64encode(tampered_info))
    s.add("forged-purchase-info-changed", text, "purchase-info changed after signing (product-id)",
          "not-authentic", "signature.invalid", 3)
    data, _ = make(3, cert=c["leaf-v3-rsa1024"], signer=k["leaf1024"])
    s.add("forged-v3-rsa1024-leaf", data, "version 3 signed by an RSA-1024 leaf: its 128-byte signature does not "
          "fit version 3's 256 bytes (the layout enforces the 2048-bit minimum before the chain does)",
          "malformed", "legacy.signatureLength", 3)
    data, _ = make(2, cert=c["leaf-v2-nomarker"])
    s.add("forged-v2-leaf-without-marker", data, "version 2 leaf without 1.2.840.113635.100.6.5.1", "not-authentic",
          "chain.leafMarkerMissing", 2)
    data, _ = make(2, cert=c["leaf-v2-expired"])
    s.add("forged-v2-leaf-expired", data, "leaf expired before the purchase date", "not-authentic",
          "chain.certificateExpired", 2)
    data, _ = make(3)
    s.add("forged-untrusted-intermediate", data, "version 3 with only the iTunes-Store-style CA pinned",
          "not-authentic", "chain.untrusted", 3, intermediates=("itunes-ca",))
    # --- malformed -------------------------------------------------------------------------------
    data, _ = make(3, post=lambda b: b[:-10])
    s.add("malformed-truncated-certificate", data, "certificate cut by 10 bytes (length field unchanged)",
          "malformed", "legacy.truncated", 3)
    data, _ = make(3, post=lambda b: b + b"\0\0")
    s.add("malformed-trailing-bytes", data, "two bytes after the certificate", "malformed", "legacy.trailingBytes", 3)
    data, _ = make(1, post=lambda b: b[:-4])
    s.add("malformed-v1-without-trailer", data, "version 1 blob without its 4 zero bytes", "malformed",
          "legacy.versionOneTrailer", 1)
    data, _ = make(1, post=lambda b: b[:-1] + b"\1")
    s.add("malformed-v1-nonzero-trailer", data, "version 1 blob ending in 00 00 00 01", "malformed",
          "legacy.versionOneTrailer", 1)
    data, _ = make(3, post=lambda b: b"\4" + b[1:])
    s.add("malformed-unknown-version", data, "version byte 4", "malformed", "legacy.unknownVersion", 3)
    dup = purchase_info(3, extra=[("product-id", "com.example.pureapp.lifetime")])
    data, _ = make(3, info_pairs=dup)
    s.add("malformed-duplicate-key-purchase-info", data, "product-id twice in the signed purchase-info",
          "malformed", "legacy.duplicateKey", 3)
    data, _ = make(3, outer_extra=[("pod", "16")])
    s.add("malformed-duplicate-key-outer", data, "pod twice in the outer plist", "malformed", "legacy.duplicateKey", 3)
    data, _ = make(3)
    s.add("malformed-missing-purchase-info", data.replace(b'"purchase-info"', b'"purchase-inf0"'),
          "no purchase-info key", "malformed", "legacy.missingKey", 3)
    s.add("malformed-bad-base64-signature", data.replace(b'"signature" = "', b'"signature" = "*'),
          "a '*' in the signature's base64", "malformed", "legacy.base64", 3)
    s.add("malformed-unterminated-string", data[:data.index(b'"pod"') + 10], "input ends inside a quoted string",
          "malformed", "legacy.unterminatedString", 3)
    s.add("malformed-comment", data.replace(b"{\n", b"{\n\t// comment\n", 1), "a // comment (real receipts have none)",
          "malformed", "legacy.syntax", 3)
    s.add("malformed-missing-semicolon", data.replace(b'"0";', b'"0"'), "no ';' after the last pair", "malformed",
          "legacy.syntax", 3)
    s.add("malformed-unquoted-value", data.replace(b'"0";', b'0;'), "an unquoted value", "malformed",
          "legacy.syntax", 3)

    check(s.cases)
    doc = {"format": 1, "generator": "Vectors/tools/generate_legacy.py (PureReceipt project, Apache-2.0)",
           "anchors": {"test-root": "pki/root.der"},
           "intermediates": {"itunes-ca": "legacy/itunes-ca.der", "intermediate": "pki/intermediate.der"},
           "cases": s.cases}
    with open(os.path.join(OUT, "expectations.json"), "w") as handle:
        json.dump(doc, handle, indent=1)
        handle.write("\n")
    print("%d cases" % len(s.cases))


if __name__ == "__main__":
    main()
