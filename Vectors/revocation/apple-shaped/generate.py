#!/usr/bin/env python3
"""Writes Vectors/revocation/apple-shaped/: a StoreKit 2 test PKI shaped like Apple's (P-384 root,
P-384 intermediate with the WWDR marker, P-256 leaf with the signing marker; every certificate
with key identifiers, as OpenSSL's strict mode wants) whose intermediate and leaf name the OCSP
responder http://127.0.0.1:38265/, a transaction signed by the leaf, and one OCSP response per
revocation case of `expectations.json` (what the conformance peer serves: see README.md).

    python3 Vectors/revocation/apple-shaped/generate.py

Keys come from fixed scalars (test keys, published on purpose: never trust them) and the
certificates and the JWS are signed deterministically (RFC 6979), so they are byte-identical on
every run; the ECDSA signatures of the OCSP responses are not (Python `cryptography` signs them
with a random nonce). Needs Python `cryptography` ≥ 44.
"""

import base64
import datetime
import json
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.x509 import ocsp
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

OUT = Path(__file__).resolve().parent
UTC = datetime.timezone.utc
RESPONDER_URL = "http://127.0.0.1:38265/"
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
WWDR_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")
BUNDLE = "com.example.revocation"
SIGNED = 1767225600000  # 2026-01-01T00:00:00Z
THIS_UPDATE = datetime.datetime(2026, 1, 1, tzinfo=UTC)
NEXT_UPDATE = datetime.datetime(2040, 1, 1, tzinfo=UTC)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureReceipt Revocation Tests"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def cert(subject, key, issuer, issuer_key, serial, *, ca, marker=None, aia=True, eku=None):
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer.subject if issuer else subject)
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(datetime.datetime(2020, 1, 1, tzinfo=UTC)).not_valid_after(NEXT_UPDATE)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=0 if ca and issuer else None), critical=True)
               .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=False,
                                            key_encipherment=False, data_encipherment=False, key_agreement=False,
                                            key_cert_sign=ca, crl_sign=ca, encipher_only=False,
                                            decipher_only=False), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
    if issuer is not None:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
        if aia:
            builder = builder.add_extension(x509.AuthorityInformationAccess([x509.AccessDescription(
                x509.oid.AuthorityInformationAccessOID.OCSP, x509.UniformResourceIdentifier(RESPONDER_URL))]),
                critical=False)
    if eku is not None:
        builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if marker is not None:
        builder = builder.add_extension(x509.UnrecognizedExtension(marker, b"\x05\x00"), critical=False)
    return builder.sign(issuer_key, hashes.SHA384() if isinstance(issuer_key.curve, ec.SECP384R1) else hashes.SHA256(),
                        ecdsa_deterministic=True)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jws(header, payload, key):
    signing_input = b64url(json.dumps(header, separators=(",", ":")).encode()) + "." + \
        b64url(json.dumps(payload, separators=(",", ":")).encode())
    r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256(), deterministic_signing=True)))
    return signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def response(subject, issuer, signer_cert, signer_key, *, status=ocsp.OCSPCertStatus.GOOD, by=ocsp.OCSPResponderEncoding.HASH,
             this_update=THIS_UPDATE, next_update=NEXT_UPDATE, include=()):
    builder = ocsp.OCSPResponseBuilder().add_response(
        cert=subject, issuer=issuer, algorithm=hashes.SHA1(), cert_status=status, this_update=this_update,
        next_update=next_update,
        revocation_time=datetime.datetime(2025, 6, 1, tzinfo=UTC) if status == ocsp.OCSPCertStatus.REVOKED else None,
        revocation_reason=x509.ReasonFlags.key_compromise if status == ocsp.OCSPCertStatus.REVOKED else None)
    builder = builder.responder_id(by, signer_cert).certificates(list(include)) if include else \
        builder.responder_id(by, signer_cert)
    return builder.sign(signer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def tlv(tag, content):
    n = len(content)
    length = bytes([n]) if n < 0x80 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag]) + length + content


def resigned(der, key):
    """The response `der` with its signature replaced by one of `key` over the same tbsResponseData
    (cryptography refuses to sign with a key that is not the responder certificate's)."""
    tbs = ocsp.load_der_ocsp_response(der).tbs_response_bytes
    ecdsa_with_sha256 = bytes.fromhex("300a06082a8648ce3d040302")
    basic = tlv(0x30, tbs + ecdsa_with_sha256 + tlv(0x03, b"\x00" + key.sign(tbs, ec.ECDSA(hashes.SHA256()))))
    id_pkix_ocsp_basic = bytes.fromhex("06092b0601050507300101")
    return tlv(0x30, b"\x0a\x01\x00" + tlv(0xA0, tlv(0x30, id_pkix_ocsp_basic + tlv(0x04, basic))))


def main():
    root_key, inter_key = ec.derive_private_key(0xA001, ec.SECP384R1()), ec.derive_private_key(0xA002, ec.SECP384R1())
    leaf_key, responder_key = ec.derive_private_key(0xA003, ec.SECP256R1()), ec.derive_private_key(0xA004, ec.SECP256R1())
    wrong_ca_key, stranger_key = ec.derive_private_key(0xA005, ec.SECP256R1()), ec.derive_private_key(0xA006, ec.SECP256R1())
    root = cert(name("Revocation Apple-shaped Root CA - G3"), root_key, None, root_key, 0xA01, ca=True)
    inter = cert(name("Revocation Apple-shaped WWDR G6"), inter_key, root, root_key, 0xA02, ca=True, marker=WWDR_MARKER)
    leaf = cert(name("Revocation Apple-shaped Leaf"), leaf_key, inter, inter_key, 0xA03, ca=False, marker=LEAF_MARKER)
    ocsp_signing = [ExtendedKeyUsageOID.OCSP_SIGNING]
    responder = cert(name("Revocation Apple-shaped OCSP Responder"), responder_key, inter, inter_key, 0xA04, ca=False,
                     aia=False, eku=ocsp_signing)
    # Certified by the root, not by the leaf's CA: RFC 6960 §4.2.2.2 lets it answer for the intermediate only.
    wrong_ca = cert(name("Revocation Apple-shaped OCSP Responder by the Root"), wrong_ca_key, root, root_key, 0xA05,
                    ca=False, aia=False, eku=ocsp_signing)

    files = {"root": root, "intermediate": inter, "leaf": leaf, "responder": responder,
             "responder-wrong-ca": wrong_ca}
    for stem, c in files.items():
        (OUT / f"{stem}.der").write_bytes(c.public_bytes(serialization.Encoding.DER))
        (OUT / f"{stem}.pem").write_bytes(c.public_bytes(serialization.Encoding.PEM))
    for stem, k in (("root", root_key), ("intermediate", inter_key)):
        (OUT / f"{stem}.key.pem").write_bytes(k.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    # openssl ocsp's index (the live cases): both certificates valid.
    (OUT / "index.txt").write_text("".join(
        f"V\t400101000000Z\t\t{c.serial_number:04X}\tunknown\t/CN={c.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value}\n"
        for c in (inter, leaf)))

    x5c = [base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode() for c in (leaf, inter, root)]
    transaction = {
        "transactionId": "2000000000000001", "originalTransactionId": "2000000000000001", "bundleId": BUNDLE,
        "productId": BUNDLE + ".monthly", "purchaseDate": SIGNED - 60000, "expiresDate": SIGNED + 2592000000,
        "quantity": 1, "type": "Auto-Renewable Subscription", "inAppOwnershipType": "PURCHASED",
        "signedDate": SIGNED, "environment": "Sandbox", "transactionReason": "PURCHASE", "storefront": "USA",
        "storefrontId": "143441", "price": 4990, "currency": "USD"}
    (OUT / "transaction.jws").write_text(jws({"alg": "ES256", "x5c": x5c}, transaction, leaf_key) + "\n")

    name_id = ocsp.OCSPResponderEncoding.NAME
    revoked = ocsp.OCSPCertStatus.REVOKED
    responses = {
        "ocsp-intermediate-good.der": response(inter, root, root, root_key),
        "ocsp-intermediate-revoked.der": response(inter, root, root, root_key, status=revoked),
        "ocsp-leaf-good.der": response(leaf, inter, inter, inter_key),
        "ocsp-leaf-revoked.der": response(leaf, inter, inter, inter_key, status=revoked),
        "ocsp-leaf-stale.der": response(leaf, inter, inter, inter_key, this_update=datetime.datetime(2025, 1, 1, tzinfo=UTC),
                                        next_update=datetime.datetime(2025, 1, 2, tzinfo=UTC)),
        "ocsp-leaf-another-certificate.der": response(responder, inter, inter, inter_key),
        "ocsp-leaf-wrong-key.der": resigned(response(leaf, inter, inter, inter_key), stranger_key),
        "ocsp-leaf-delegated.der": response(leaf, inter, responder, responder_key, include=[responder]),
        "ocsp-leaf-delegated-wrong-ca.der": response(leaf, inter, wrong_ca, wrong_ca_key, include=[wrong_ca]),
        "ocsp-leaf-by-name.der": response(leaf, inter, inter, inter_key, by=name_id),
    }
    for file, data in responses.items():
        (OUT / file).write_bytes(data)

    # The cases: what the responder answers for the leaf and for the intermediate ("openssl": OpenSSL's
    # responder code on index.txt, run per request; "down": nothing listens), and our verdict under
    # --revocation require.
    good_inter = "ocsp-intermediate-good.der"
    cases = [
        ("good", "openssl", "openssl", "genuine", None,
         "OpenSSL's responder (openssl ocsp -index, -resp_key_id) answers good for both, signed by each issuer"),
        ("good-files", "ocsp-leaf-good.der", good_inter, "genuine", None,
         "good for both, each signed by its issuer, responder named by key"),
        ("delegated", "ocsp-leaf-delegated.der", good_inter, "genuine", None,
         "the leaf's status from a delegated responder certified by the leaf's CA with id-kp-OCSPSigning"),
        ("by-name", "ocsp-leaf-by-name.der", good_inter, "genuine", None,
         "the leaf's CA signs, naming itself byName (RFC 6960 §4.2.1 ResponderID, either form)"),
        ("revoked", "ocsp-leaf-revoked.der", good_inter, "not-authentic", "revocation.revoked",
         "the leaf is revoked (keyCompromise)"),
        ("intermediate-revoked", "ocsp-leaf-good.der", "ocsp-intermediate-revoked.der", "not-authentic",
         "revocation.revoked", "the intermediate is revoked (keyCompromise)"),
        ("stale", "ocsp-leaf-stale.der", good_inter, "undetermined", "revocation.undetermined",
         "the leaf's response expired (nextUpdate 2025-01-02)"),
        ("another-certificate", "ocsp-leaf-another-certificate.der", good_inter, "undetermined",
         "revocation.undetermined", "the response is about another certificate of the same CA"),
        ("wrong-key", "ocsp-leaf-wrong-key.der", good_inter, "undetermined", "revocation.undetermined",
         "names the leaf's CA by key but is signed by another key"),
        ("delegated-wrong-ca", "ocsp-leaf-delegated-wrong-ca.der", good_inter, "undetermined",
         "revocation.undetermined",
         "signed by an OCSP responder the root certified, not the leaf's CA (RFC 6960 §4.2.2.2)"),
        ("down", "down", "down", "undetermined", "revocation.undetermined", "nothing listens on 127.0.0.1:38265"),
    ]
    expectations = {
        "pki": {"root": "root.der", "intermediate": "intermediate.der", "leaf": "leaf.der",
                "responderURL": RESPONDER_URL, "index": "index.txt",
                "openssl": {"leaf": ["intermediate.pem", "intermediate.key.pem"],
                            "intermediate": ["root.pem", "root.key.pem"]}},
        "input": "transaction.jws", "kind": "transaction",
        "policy": {"bundleId": BUNDLE, "environment": "Sandbox"},
        "serials": {"leaf": f"{leaf.serial_number:X}", "intermediate": f"{inter.serial_number:X}"},
        "cases": [{"id": id_, "leaf": l, "intermediate": i, "expected": {"verdict": v, "code": c}, "reason": why}
                  for id_, l, i, v, c, why in cases],
    }
    (OUT / "expectations.json").write_text(json.dumps(expectations, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
