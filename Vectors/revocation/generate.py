#!/usr/bin/env python3
"""Generates the revocation test PKI, OCSP responses and CRLs under Vectors/revocation/.

Shape (like Apple's receipt PKI): an RSA root, an RSA intermediate CA, RSA leaves. Every
certificate below the root names an OCSP responder (authorityInfoAccess, id-ad-ocsp) at
http://127.0.0.1:38265/ and a CRL (cRLDistributionPoints) at http://127.0.0.1:38266/<issuer>.crl,
the addresses the live-responder tests serve on. Keys are created once (committed, test-only);
every date is fixed, so a rerun changes only ECDSA signatures (the delegated responder's).

The StoreKit-shaped chain (`--jws`): under the same root, an RSA intermediate with Apple's WWDR
marker and P-256 leaves with the signing marker, each leaf signing one transaction (jws-*.jws,
ES256, x5c = [leaf, intermediate, root]) that `verify --root root.der` accepts: what the
command-line tool's live tests verify. Deterministic (RSA and RFC 6979 ECDSA): a rerun of `--jws`
leaves every file byte-identical; `main` does not touch them.

    python3 Vectors/revocation/generate.py
    python3 Vectors/revocation/generate.py --jws              # the StoreKit-shaped chain only
    python3 Vectors/revocation/generate.py --fresh-crls DIR   # CRLs valid now, for live tests
"""

import base64
import datetime as dt
import json
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa, utils
from cryptography.x509 import ocsp
from cryptography.x509.oid import AuthorityInformationAccessOID, ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
OCSP_URL = "http://127.0.0.1:38265/"
CRL_BASE = "http://127.0.0.1:38266/"
# Nothing listens there: a responder and CRL server that are down.
CLOSED_BASE = "http://127.0.0.1:38267/"
# Apple's markers: the WWDR intermediate's and the signing leaf's (what Apple's rules require).
WWDR_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
UTC = dt.timezone.utc
NOT_BEFORE = dt.datetime(2020, 1, 1, tzinfo=UTC)
NOT_AFTER = dt.datetime(2040, 1, 1, tzinfo=UTC)
# Responses and CRLs are produced at THIS_UPDATE; tests evaluate them at THIS_UPDATE + 1 h.
THIS_UPDATE = dt.datetime(2026, 1, 1, tzinfo=UTC)
NEXT_UPDATE = THIS_UPDATE + dt.timedelta(hours=12)
REVOKED_AT = dt.datetime(2025, 6, 1, tzinfo=UTC)
NONCE = bytes(range(1, 17))


def path(name):
    return os.path.join(HERE, name)


def key(name, kind="rsa"):
    file = path(f"{name}.key.pem")
    if os.path.exists(file):
        with open(file, "rb") as f:
            return serialization.load_pem_private_key(f.read(), None)
    k = rsa.generate_private_key(65537, 2048) if kind == "rsa" else ec.generate_private_key(ec.SECP256R1())
    with open(file, "wb") as f:
        f.write(k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()))
    return k


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureReceipt Revocation Tests")])


def certificate(file, subject, subject_key, issuer, issuer_key, serial, ca, crl=None, eku=None,
                not_before=NOT_BEFORE, not_after=NOT_AFTER, locations=True, marker=None, ocsp_url=OCSP_URL,
                crl_base=CRL_BASE):
    b = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer)
         .public_key(subject_key.public_key()).serial_number(serial)
         .not_valid_before(not_before).not_valid_after(not_after)
         .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
         .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=False,
                                      key_encipherment=False, data_encipherment=False, key_agreement=False,
                                      key_cert_sign=ca, crl_sign=ca, encipher_only=False,
                                      decipher_only=False), critical=True))
    if locations:
        b = b.add_extension(x509.AuthorityInformationAccess([x509.AccessDescription(
            AuthorityInformationAccessOID.OCSP, x509.UniformResourceIdentifier(ocsp_url))]), critical=False)
        b = b.add_extension(x509.CRLDistributionPoints([x509.DistributionPoint(
            [x509.UniformResourceIdentifier(crl_base + crl)], None, None, None)]), critical=False)
    if eku:
        b = b.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if marker:
        b = b.add_extension(x509.UnrecognizedExtension(marker, b"\x05\x00"), critical=False)
    cert = b.sign(issuer_key, hashes.SHA256())
    with open(path(file + ".der"), "wb") as f:
        f.write(cert.public_bytes(serialization.Encoding.DER))
    with open(path(file + ".pem"), "wb") as f:
        f.write(cert.public_bytes(serialization.Encoding.PEM))
    return cert


def response(file, cert, issuer, signer_cert, signer_key, status=ocsp.OCSPCertStatus.GOOD, by=None,
             certs=None, hash=hashes.SHA1(), next_update=NEXT_UPDATE, nonce=None, revoked=False):
    b = ocsp.OCSPResponseBuilder().add_response(
        cert=cert, issuer=issuer, algorithm=hash, cert_status=status, this_update=THIS_UPDATE,
        next_update=next_update, revocation_time=REVOKED_AT if revoked else None,
        revocation_reason=x509.ReasonFlags.key_compromise if revoked else None)
    b = b.responder_id(by or ocsp.OCSPResponderEncoding.NAME, signer_cert)
    if certs:
        b = b.certificates(certs)
    if nonce:
        b = b.add_extension(x509.OCSPNonce(nonce), critical=False)
    r = b.sign(signer_key, hashes.SHA256())
    with open(path(file), "wb") as f:
        f.write(r.public_bytes(serialization.Encoding.DER))


def crl(file, issuer, issuer_key, revoked, this_update=THIS_UPDATE):
    b = (x509.CertificateRevocationListBuilder().issuer_name(issuer.subject)
         .last_update(this_update).next_update(this_update + dt.timedelta(days=7)))
    for serial, reason in revoked:
        entry = x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(REVOKED_AT)
        if reason:
            entry = entry.add_extension(x509.CRLReason(reason), critical=False)
        b = b.add_revoked_certificate(entry.build())
    c = b.sign(issuer_key, hashes.SHA256())
    with open(path(file), "wb") as f:
        f.write(c.public_bytes(serialization.Encoding.DER))


def main():
    root_key, ca_key, leaf_key = key("root"), key("intermediate"), key("leaf")
    responder_key, evil_key = key("responder", "ec"), key("evil-intermediate")
    root = certificate("root", name("Revocation Test Root CA"), root_key, name("Revocation Test Root CA"),
                       root_key, 1, True, locations=False)
    ca = certificate("intermediate", name("Revocation Test Intermediate CA"), ca_key, root.subject, root_key,
                     0x100, True, crl="root.crl")
    leaf = certificate("leaf", name("Revocation Test Leaf"), leaf_key, ca.subject, ca_key, 0x1001, False,
                       crl="intermediate.crl")
    revoked = certificate("leaf-revoked", name("Revocation Test Revoked Leaf"), leaf_key, ca.subject, ca_key,
                          0x1002, False, crl="intermediate.crl")
    expired = certificate("leaf-expired", name("Revocation Test Expired Leaf"), leaf_key, ca.subject, ca_key,
                          0x1003, False, crl="intermediate.crl", not_before=dt.datetime(2024, 1, 1, tzinfo=UTC),
                          not_after=dt.datetime(2025, 1, 1, tzinfo=UTC))
    signing = [ExtendedKeyUsageOID.OCSP_SIGNING]
    responder = certificate("responder", name("Revocation Test OCSP Responder"), responder_key, ca.subject, ca_key,
                            0x2001, False, eku=signing, locations=False)
    no_eku = certificate("responder-no-eku", name("Revocation Test Responder Without EKU"), responder_key,
                         ca.subject, ca_key, 0x2002, False, locations=False)
    wrong_ca = certificate("responder-wrong-ca", name("Revocation Test Responder From Root"), responder_key,
                           root.subject, root_key, 0x2003, False, eku=signing, locations=False)
    # Same name as the intermediate, another key: a forged CA.
    evil = certificate("evil-intermediate", ca.subject, evil_key, ca.subject, evil_key, 0x100, True,
                       locations=False)

    G, R, U = ocsp.OCSPCertStatus.GOOD, ocsp.OCSPCertStatus.REVOKED, ocsp.OCSPCertStatus.UNKNOWN
    KEY = ocsp.OCSPResponderEncoding.HASH
    response("ocsp-good-by-name.der", leaf, ca, ca, ca_key)
    response("ocsp-good-by-key.der", leaf, ca, ca, ca_key, by=KEY)
    response("ocsp-good-sha256.der", leaf, ca, ca, ca_key, hash=hashes.SHA256())
    response("ocsp-good-no-next-update.der", leaf, ca, ca, ca_key, next_update=None)
    response("ocsp-good-nonce.der", leaf, ca, ca, ca_key, nonce=NONCE)
    response("ocsp-revoked.der", revoked, ca, ca, ca_key, status=R, revoked=True)
    response("ocsp-unknown.der", leaf, ca, ca, ca_key, status=U)
    response("ocsp-expired-leaf-unknown.der", expired, ca, ca, ca_key, status=U)
    response("ocsp-expired-leaf-good.der", expired, ca, ca, ca_key)
    response("ocsp-intermediate-good.der", ca, root, root, root_key)
    response("ocsp-for-another-certificate.der", revoked, ca, ca, ca_key)
    response("ocsp-wrong-key.der", leaf, ca, evil, evil_key)
    response("ocsp-delegated.der", leaf, ca, responder, responder_key, certs=[responder])
    response("ocsp-delegated-by-key.der", leaf, ca, responder, responder_key, by=KEY, certs=[responder])
    response("ocsp-delegated-no-eku.der", leaf, ca, no_eku, responder_key, certs=[no_eku])
    response("ocsp-delegated-wrong-ca.der", leaf, ca, wrong_ca, responder_key, certs=[wrong_ca])
    response("ocsp-delegated-missing-certificate.der", leaf, ca, responder, responder_key)
    with open(path("ocsp-unauthorized.der"), "wb") as f:
        f.write(bytes([0x30, 0x03, 0x0A, 0x01, 0x06]))  # OCSPResponseStatus unauthorized (6)

    RF = x509.ReasonFlags
    crl("intermediate.crl", ca, ca_key, [(0x0FFF, None), (0x1002, RF.key_compromise), (0x1004, RF.superseded)])
    crl("root.crl", root, root_key, [])
    crl("intermediate-by-wrong-key.crl", evil, evil_key, [])


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jws():
    """The StoreKit-shaped chain and one signed transaction per leaf (see the header)."""
    root = x509.load_der_x509_certificate(open(path("root.der"), "rb").read())
    root_key, ca_key, leaf_key = key("root"), key("jws-intermediate"), key("jws-leaf", "ec")
    ca = certificate("jws-intermediate", name("Revocation Test JWS Intermediate CA"), ca_key, root.subject,
                     root_key, 0x300, True, crl="root.crl", marker=WWDR_MARKER)
    leaves = [("jws-leaf", "Revocation Test JWS Leaf", 0x3001, OCSP_URL, CRL_BASE),
              ("jws-leaf-revoked", "Revocation Test JWS Revoked Leaf", 0x3002, OCSP_URL, CRL_BASE),
              ("jws-leaf-unreachable", "Revocation Test JWS Leaf Of A Down Responder", 0x3003, CLOSED_BASE,
               CLOSED_BASE)]
    signed = int(THIS_UPDATE.timestamp()) * 1000
    for file, cn, serial, ocsp_url, crl_base in leaves:
        leaf = certificate(file, name(cn), leaf_key, ca.subject, ca_key, serial, False, crl="jws-intermediate.crl",
                           marker=LEAF_MARKER, ocsp_url=ocsp_url, crl_base=crl_base)
        x5c = [base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode() for c in (leaf, ca, root)]
        header = {"alg": "ES256", "x5c": x5c}
        payload = {"transactionId": str(serial), "originalTransactionId": str(serial),
                   "bundleId": "com.example.revocation", "productId": "com.example.revocation.monthly",
                   "purchaseDate": signed - 60000, "expiresDate": signed + 2592000000, "quantity": 1,
                   "type": "Auto-Renewable Subscription", "inAppOwnershipType": "PURCHASED", "signedDate": signed,
                   "environment": "Sandbox", "transactionReason": "PURCHASE", "storefront": "USA",
                   "storefrontId": "143441", "price": 4990, "currency": "USD"}
        text = ".".join(b64url(json.dumps(part, separators=(",", ":")).encode()) for part in (header, payload))
        der = leaf_key.sign(text.encode(), ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
        r, s = utils.decode_dss_signature(der)
        with open(path(file.replace("leaf", "transaction") + ".jws"), "w") as f:
            f.write(text + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big")) + "\n")


def fresh_crls(directory):
    """CRLs valid from a minute ago, for the live tests (never committed)."""
    global HERE
    load = lambda n: x509.load_der_x509_certificate(open(path(n + ".der"), "rb").read())
    root, ca, jws_ca = load("root"), load("intermediate"), load("jws-intermediate")
    root_key, ca_key, jws_ca_key = key("root"), key("intermediate"), key("jws-intermediate")
    now = dt.datetime.now(UTC).replace(microsecond=0) - dt.timedelta(minutes=1)
    HERE = directory
    crl("intermediate.crl", ca, ca_key, [(0x1002, x509.ReasonFlags.key_compromise)], this_update=now)
    crl("root.crl", root, root_key, [], this_update=now)
    crl("jws-intermediate.crl", jws_ca, jws_ca_key, [(0x3002, x509.ReasonFlags.key_compromise)], this_update=now)


if __name__ == "__main__":
    import sys
    if len(sys.argv) == 3 and sys.argv[1] == "--fresh-crls":
        fresh_crls(sys.argv[2])
    elif sys.argv[1:] == ["--jws"]:
        jws()
    else:
        main()
        jws()
