#!/usr/bin/env python3
"""Generate Vectors/jws/: Apple-shaped StoreKit 2 signed data (compact JWS) from our own test PKI,
valid and forged, with machine-readable expectations (expectations.json).

The PKI mirrors Apple's: a P-384 root ("Vectors JWS Root CA - G3"), a P-384 intermediate carrying
Apple's WWDR marker 1.2.840.113635.100.6.2.1, a P-256 leaf carrying the signing marker
1.2.840.113635.100.6.11.1. Keys come from fixed scalars and ECDSA is deterministic (RFC 6979), so
rerunning leaves every file byte-identical. Nothing here is Apple's: the test anchors the root.

Every expectation names a file, the kind of signed data (transaction, renewalInfo, appTransaction,
notification, realtimeRequest), the policy (bundleId, environment, appAppleId, and when given:
deviceVerificationID, xcode, acceptsUnstatedEnvironment, anchors: the root files trusted instead of
root.der) and the expected result: "valid" or the error code; `detail`, when not empty, is text the
error's message must contain. Run from anywhere: python3 Vectors/tools/make_jws_vectors.py
"""
import base64
import datetime
import hashlib
import hmac
import json
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.x509.oid import NameOID

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "jws")
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
WWDR_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")
BUNDLE = "com.example.vectors"
DEVICE_NONCE = "3f1c4a8e-52b7-4d0a-9e6f-1b2c3d4e5f60"
DEVICE_ID = "0B4E7A0E-5E2C-4B1D-8C3A-2F6D9E8B7A61"
OTHER_DEVICE_ID = "0B4E7A0E-5E2C-4B1D-8C3A-2F6D9E8B7A62"
SIGNED = 1735689600000  # 2025-01-01T00:00:00Z
UTC = datetime.timezone.utc


def key(n, curve):
    return ec.derive_private_key(n, curve)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "US"), x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureReceipt Vectors"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def cert(subject, subject_key, issuer, issuer_key, serial, ca, marker=None, start=2020, end=2040, hash_alg=hashes.SHA384()):
    b = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(subject_key.public_key())
         .serial_number(serial).not_valid_before(datetime.datetime(start, 1, 1, tzinfo=UTC))
         .not_valid_after(datetime.datetime(end, 1, 1, tzinfo=UTC))
         .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
         .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=False, key_encipherment=False,
                                      data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                                      encipher_only=False, decipher_only=False), critical=True))
    if marker is not None:
        b = b.add_extension(x509.UnrecognizedExtension(marker, b"\x05\x00"), critical=False)
    return b.sign(issuer_key, hash_alg, ecdsa_deterministic=True)


def der(c):
    return c.public_bytes(serialization.Encoding.DER)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def sign_raw(signing_key, message, size=32):
    r, s = decode_dss_signature(signing_key.sign(message, ec.ECDSA(hashes.SHA256(), deterministic_signing=True)))
    size = max(size, (signing_key.curve.key_size + 7) // 8)  # a P-384 key makes a 96-byte r||s
    return r.to_bytes(size, "big") + s.to_bytes(size, "big")


def compact(header, payload, signing_key, raw=True):
    h = json.dumps(header, separators=(",", ":")).encode() if isinstance(header, dict) else header
    p = json.dumps(payload, separators=(",", ":")).encode() if isinstance(payload, dict) else payload
    signing_input = (b64url(h) + "." + b64url(p)).encode()
    if raw:
        sig = sign_raw(signing_key, signing_input)
    else:
        sig = signing_key.sign(signing_input, ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
    return signing_input.decode() + "." + b64url(sig)


def main():
    os.makedirs(OUT, exist_ok=True)
    root_key, inter_key, leaf_key = key(0x1001, ec.SECP384R1()), key(0x2002, ec.SECP384R1()), key(0x3003, ec.SECP256R1())
    other_key, evil_root_key, xcode_key = key(0x4004, ec.SECP256R1()), key(0x5005, ec.SECP384R1()), key(0x6006, ec.SECP256R1())
    p384_leaf_key = key(0x7007, ec.SECP384R1())
    root_name, inter_name = name("Vectors JWS Root CA - G3"), name("Vectors JWS Intermediate G6")
    root = cert(root_name, root_key, root_name, root_key, 1, True)
    inter = cert(inter_name, inter_key, root_name, root_key, 2, True, WWDR_MARKER)
    leaf = cert(name("Vectors JWS Leaf"), leaf_key, inter_name, inter_key, 3, False, LEAF_MARKER, 2024, 2026)
    leaf_nomarker = cert(name("Vectors JWS Leaf No Marker"), leaf_key, inter_name, inter_key, 4, False, None, 2024, 2026)
    inter_nomarker = cert(inter_name, inter_key, root_name, root_key, 5, True, None)
    evil_root = cert(root_name, evil_root_key, root_name, evil_root_key, 6, True)  # same name, other key
    evil_inter = cert(inter_name, inter_key, root_name, evil_root_key, 7, True, WWDR_MARKER)
    lookalike_root = cert(root_name, evil_root_key, root_name, evil_root_key, 8, True)
    xcode = cert(name("StoreKit Testing in Xcode"), xcode_key, name("StoreKit Testing in Xcode"), xcode_key, 9, False,
                 None, 2024, 2026, hashes.SHA256())
    leaf_forged = cert(name("Vectors JWS Leaf"), leaf_key, inter_name, evil_root_key, 11, False, LEAF_MARKER, 2024, 2026)
    leaf_p384 = cert(name("Vectors JWS Leaf P-384"), p384_leaf_key, inter_name, inter_key, 10, False, LEAF_MARKER, 2024, 2026)

    with open(os.path.join(OUT, "root.der"), "wb") as f:
        f.write(der(root))
    with open(os.path.join(OUT, "xcode.der"), "wb") as f:
        f.write(der(xcode))

    def x5c(*certs):
        return [base64.b64encode(der(c)).decode() for c in certs]

    header = {"alg": "ES256", "x5c": x5c(leaf, inter, root)}
    txn = {"transactionId": "1000000000000001", "originalTransactionId": "1000000000000001", "bundleId": BUNDLE,
           "productId": "com.example.vectors.monthly", "purchaseDate": SIGNED - 60000, "expiresDate": SIGNED + 2592000000,
           "quantity": 1, "type": "Auto-Renewable Subscription", "inAppOwnershipType": "PURCHASED",
           "signedDate": SIGNED, "environment": "Sandbox", "transactionReason": "PURCHASE", "storefront": "USA",
           "storefrontId": "143441", "price": 4990, "currency": "USD"}
    renewal = {"originalTransactionId": "1000000000000001", "autoRenewProductId": "com.example.vectors.monthly",
               "productId": "com.example.vectors.monthly", "autoRenewStatus": 1, "signedDate": SIGNED,
               "environment": "Sandbox", "renewalDate": SIGNED + 2592000000}
    app = {"receiptType": "Sandbox", "appAppleId": 123456789, "bundleId": BUNDLE, "applicationVersion": "1",
           "receiptCreationDate": SIGNED, "originalPurchaseDate": SIGNED - 86400000, "originalApplicationVersion": "1"}
    # Device verification as Apple documents it: SHA-384 of the ASCII text of the lower-case nonce
    # followed by the lower-case device verification id, base64.
    app["deviceVerificationNonce"] = DEVICE_NONCE
    app["deviceVerification"] = base64.b64encode(
        hashlib.sha384((DEVICE_NONCE + DEVICE_ID.lower()).encode("ascii")).digest()).decode("ascii")
    files, expectations = {}, []
    sandbox = {"bundleId": BUNDLE, "environment": "Sandbox"}

    def add(fname, text, kind, expect, policy=sandbox, why="", detail=""):
        if fname not in files:
            files[fname] = text
        expectations.append({"file": fname, "kind": kind, "policy": policy, "expect": expect, "why": why, "detail": detail})

    def notification(data=None, **extra):
        body = {"notificationType": "DID_RENEW", "notificationUUID": "00000000-0000-4000-8000-000000000001",
                "version": "2.0", "signedDate": SIGNED}
        if data is not None:
            body["data"] = data
        body.update(extra)
        return body

    t_valid = compact(header, txn, leaf_key)
    r_valid = compact(header, renewal, leaf_key)
    add("transaction-valid.jws", t_valid, "transaction", "valid")
    add("transaction-valid.jws", t_valid, "transaction", "signedData.bundleId", {"bundleId": BUNDLE + ".other", "environment": "Sandbox"}, "another app")
    add("transaction-valid.jws", t_valid, "transaction", "signedData.environment", {"bundleId": BUNDLE, "environment": "Production", "appAppleId": 123456789}, "another environment")
    add("renewal-valid.jws", r_valid, "renewalInfo", "valid")
    add("apptransaction-valid.jws", compact(header, app, leaf_key), "appTransaction", "valid")
    add("apptransaction-valid.jws", None, "appTransaction", "valid", {"bundleId": BUNDLE, "environment": "Sandbox", "appAppleId": 123456789})
    add("apptransaction-valid.jws", None, "appTransaction", "valid", dict(sandbox, deviceVerificationID=DEVICE_ID), "this device (upper-case id)")
    add("apptransaction-valid.jws", None, "appTransaction", "signedData.deviceVerification", dict(sandbox, deviceVerificationID=OTHER_DEVICE_ID), "another device")
    add("transaction-valid.jws", None, "transaction", "signedData.deviceVerificationMissing", dict(sandbox, deviceVerificationID=DEVICE_ID), "device requested, payload has no deviceVerification")
    add("apptransaction-valid.jws", None, "appTransaction", "signedData.appAppleId", {"bundleId": BUNDLE, "environment": "Sandbox", "appAppleId": 987654321}, "another app Apple id")
    prod_app = dict(app, receiptType="Production")
    add("apptransaction-production.jws", compact(header, prod_app, leaf_key), "appTransaction", "valid", {"bundleId": BUNDLE, "environment": "Production", "appAppleId": 123456789})
    add("apptransaction-production.jws", None, "appTransaction", "signedData.appAppleIdRequired", {"bundleId": BUNDLE, "environment": "Production"}, "Production policy without appAppleId")
    data = {"environment": "Sandbox", "appAppleId": 123456789, "bundleId": BUNDLE, "bundleVersion": "1",
            "signedTransactionInfo": t_valid, "signedRenewalInfo": r_valid, "status": 1}
    add("notification-valid.jws", compact(header, notification(data), leaf_key), "notification", "valid")
    other_txn = compact(header, dict(txn, bundleId=BUNDLE + ".other"), leaf_key)
    add("notification-nested-other-bundle.jws", compact(header, notification(dict(data, signedTransactionInfo=other_txn)), leaf_key),
        "notification", "signedData.bundleId", sandbox, "nested transaction for another app")
    forged_nested = compact(header, txn, other_key)
    add("notification-nested-forged.jws", compact(header, notification(dict(data, signedTransactionInfo=forged_nested)), leaf_key),
        "notification", "jws.signatureInvalid", sandbox, "nested transaction signed by another key")
    prod_renewal = compact(header, dict(renewal, environment="Production"), leaf_key)
    add("notification-nested-other-environment.jws", compact(header, notification(dict(data, signedRenewalInfo=prod_renewal)), leaf_key),
        "notification", "signedData.environment", sandbox, "nested renewal info from Production")
    token = {"externalPurchaseId": "SANDBOX_0f1e2d3c", "tokenCreationDate": SIGNED, "appAppleId": 123456789, "bundleId": BUNDLE}
    add("notification-external-token-sandbox.jws", compact(header, notification(None, notificationType="EXTERNAL_PURCHASE_TOKEN", subtype="UNREPORTED", externalPurchaseToken=token), leaf_key),
        "notification", "valid")
    prod_token = dict(token, externalPurchaseId="0f1e2d3c")
    add("notification-external-token-production.jws", compact(header, notification(None, notificationType="EXTERNAL_PURCHASE_TOKEN", subtype="UNREPORTED", externalPurchaseToken=prod_token), leaf_key),
        "notification", "signedData.environment", sandbox, "a token without SANDBOX prefix is Production")

    # Forgeries of the envelope.
    h_none = b64url(json.dumps({"alg": "none", "x5c": header["x5c"]}, separators=(",", ":")).encode())
    add("alg-none.jws", h_none + "." + b64url(json.dumps(txn).encode()) + ".", "transaction", "jws.algorithmNotAllowed", sandbox, "alg none, empty signature")
    h_hs = b64url(json.dumps({"alg": "HS256", "x5c": header["x5c"]}, separators=(",", ":")).encode())
    si = h_hs + "." + b64url(json.dumps(txn).encode())
    add("alg-hs256.jws", si + "." + b64url(hmac.new(der(leaf), si.encode(), hashlib.sha256).digest()), "transaction", "jws.algorithmNotAllowed", sandbox, "HMAC keyed with the leaf certificate")
    add("x5c-two.jws", compact({"alg": "ES256", "x5c": x5c(leaf, inter)}, txn, leaf_key), "transaction", "jws.chainShape", sandbox, "root missing")
    add("x5c-four.jws", compact({"alg": "ES256", "x5c": x5c(leaf, inter, root, root)}, txn, leaf_key), "transaction", "jws.chainShape", sandbox, "four certificates")
    add("root-not-pinned.jws", compact({"alg": "ES256", "x5c": x5c(leaf, evil_inter, evil_root)}, txn, leaf_key), "transaction", "jws.chain", sandbox, "chain to a root with the anchor's name but another key", "chain.untrusted")
    add("root-lookalike.jws", compact({"alg": "ES256", "x5c": x5c(leaf, inter, lookalike_root)}, txn, leaf_key), "transaction", "jws.chainShape", sandbox, "x5c[2] is not the anchor")
    add("leaf-no-marker.jws", compact({"alg": "ES256", "x5c": x5c(leaf_nomarker, inter, root)}, txn, leaf_key), "transaction", "jws.chain", sandbox, "leaf without 1.2.840.113635.100.6.11.1", "chain.leafMarkerMissing")
    add("intermediate-no-marker.jws", compact({"alg": "ES256", "x5c": x5c(leaf, inter_nomarker, root)}, txn, leaf_key), "transaction", "jws.chain", sandbox, "intermediate without 1.2.840.113635.100.6.2.1", "chain.intermediateMarkerMissing")
    add("leaf-cert-forged.jws", compact({"alg": "ES256", "x5c": x5c(leaf_forged, inter, root)}, txn, leaf_key), "transaction", "jws.chain", sandbox, "leaf certificate names the intermediate but is signed by another key", "signature.invalid")
    add("leaf-other-key.jws", compact(header, txn, other_key), "transaction", "jws.signatureInvalid", sandbox, "signed by a key other than the leaf's")
    add("leaf-p384.jws", compact({"alg": "ES256", "x5c": x5c(leaf_p384, inter, root)}, txn, p384_leaf_key), "transaction", "jws.signatureLength", sandbox, "a P-384 key makes a 96-byte signature")
    add("leaf-p384-key.jws", compact({"alg": "ES256", "x5c": x5c(leaf_p384, inter, root)}, txn, leaf_key), "transaction", "jws.keyType", sandbox, "ES256 needs a P-256 leaf key")
    parts = t_valid.split(".")
    modified = b64url(json.dumps(dict(txn, price=1), separators=(",", ":")).encode())
    add("payload-modified.jws", parts[0] + "." + modified + "." + parts[2], "transaction", "jws.signatureInvalid", sandbox, "payload changed after signing")
    add("signature-der.jws", compact(header, txn, leaf_key, raw=False), "transaction", "jws.signatureLength", sandbox, "DER ECDSA-Sig-Value instead of raw r||s")
    add("trailing-dot.jws", t_valid + ".", "transaction", "jws.partCount", sandbox, "four parts")
    add("padding.jws", t_valid + "==", "transaction", "jws.base64", sandbox, "padded base64url signature")
    dup = ('{"bundleId":"%s","signedDate":%d,"environment":"Sandbox","bundleId":"com.evil"}' % (BUNDLE, SIGNED)).encode()
    add("payload-duplicate-keys.jws", compact(header, dup, leaf_key), "transaction", "json.duplicateKey", sandbox, "signed payload with a duplicate bundleId")
    duph = ('{"alg":"ES256","x5c":%s,"alg":"none"}' % json.dumps(header["x5c"])).encode()
    add("header-duplicate-keys.jws", compact(duph, txn, leaf_key), "transaction", "jws.headerJSON", sandbox, "header with a duplicate alg")
    add("expired-at-signed-date.jws", compact(header, dict(txn, signedDate=1780000000000), leaf_key), "transaction", "jws.chain", sandbox, "signedDate 2026-05-28, after the leaf's notAfter", "chain.certificateExpired")
    add("no-signed-date.jws", compact(header, {k: v for k, v in txn.items() if k != "signedDate"}, leaf_key), "transaction", "signedData.signedDateMissing", sandbox, "no signedDate to date the chain")
    xh = {"kid": "Apple_Xcode_Key", "typ": "JWT", "alg": "ES256", "x5c": x5c(xcode)}
    x_txn = dict(txn, environment="Xcode")
    add("xcode-transaction.jws", compact(xh, x_txn, xcode_key), "transaction", "jws.xcodeNotAllowed", {"bundleId": BUNDLE, "environment": "Xcode"}, "Xcode data without opt-in")
    add("xcode-transaction.jws", None, "transaction", "valid", {"bundleId": BUNDLE, "environment": "Xcode", "xcode": True}, "Xcode data with the opt-in")
    add("xcode-transaction.jws", None, "transaction", "signedData.environment", {"bundleId": BUNDLE, "environment": "Sandbox", "xcode": True}, "Xcode data claimed as Sandbox")

    # The Xcode key ships with Xcode: data it signs is accepted only as Xcode data, whatever the
    # policy's environment, with or without kid, for every kind of signed data.
    xcode_sandbox = {"bundleId": BUNDLE, "environment": "Sandbox", "xcode": True}
    add("xcode-transaction-sandbox.jws", compact(xh, txn, xcode_key), "transaction", "jws.xcodeNotAllowed", xcode_sandbox, "Xcode-signed data naming Sandbox, opt-in given, Sandbox policy")
    xh_nokid = {"alg": "ES256", "x5c": x5c(xcode)}
    add("xcode-renewal-sandbox-nokid.jws", compact(xh_nokid, renewal, xcode_key), "renewalInfo", "jws.xcodeNotAllowed", xcode_sandbox, "Xcode-signed renewal info naming Sandbox, no kid")
    add("xcode-apptransaction-production.jws", compact(xh, prod_app, xcode_key), "appTransaction", "jws.xcodeNotAllowed", {"bundleId": BUNDLE, "environment": "Production", "appAppleId": 123456789, "xcode": True}, "Xcode-signed app transaction naming Production")
    add("xcode-notification-sandbox.jws", compact(xh, notification(data), xcode_key), "notification", "jws.xcodeNotAllowed", xcode_sandbox, "Xcode-signed notification naming Sandbox")

    # A notification about the app carries a nested signed AppTransaction, verified like the others.
    a_valid = compact(header, app, leaf_key)
    app_data = {"appAppleId": 123456789, "bundleId": BUNDLE, "environment": "Sandbox", "signedAppTransactionInfo": a_valid}

    def app_notification(nested):
        return compact(header, notification(None, notificationType="RESCIND_CONSENT", appData=dict(app_data, signedAppTransactionInfo=nested)), leaf_key)
    add("notification-appdata-valid.jws", app_notification(a_valid), "notification", "valid", sandbox, "nested app transaction")
    add("notification-appdata-other-root.jws", app_notification(compact({"alg": "ES256", "x5c": x5c(leaf, evil_inter, evil_root)}, app, leaf_key)),
        "notification", "jws.chain", sandbox, "nested app transaction chained to another root", "chain.untrusted")
    add("notification-appdata-not-jws.jws", app_notification("not-a-jws"), "notification", "jws.partCount", sandbox, "nested app transaction that is not a JWS")
    add("notification-appdata-other-bundle.jws", app_notification(compact(header, dict(app, bundleId=BUNDLE + ".other"), leaf_key)),
        "notification", "signedData.bundleId", sandbox, "nested app transaction for another app")
    add("notification-appdata-other-app-id.jws", app_notification(compact(header, dict(app, appAppleId=987654321), leaf_key)),
        "notification", "signedData.appAppleId", sandbox, "nested app transaction naming another app Apple id than the notification")

    # Validity is compared to the millisecond: the leaf is valid through its notAfter (2026-01-01T00:00:00Z).
    add("leaf-valid-at-not-after.jws", compact(header, dict(txn, signedDate=1767225600000), leaf_key), "transaction", "valid", sandbox, "signedDate equal to the leaf's notAfter")
    add("leaf-expired-by-milliseconds.jws", compact(header, dict(txn, signedDate=1767225600999), leaf_key), "transaction", "jws.chain", sandbox, "signedDate 999 ms after the leaf's notAfter", "chain.certificateExpired")

    # Apple's 2025-2026 formats (App Store Server API 1.21, Notifications 2.21, Retention Messaging
    # 1.5): every documented field, and fields and values no model knows yet, which must reach the
    # caller unchanged (lossless). The "future" names are made up for the test, not Apple's.
    txn_2026 = dict(txn, appTransactionId="704289572311498851", offerPeriod="P1M", revocationType="REFUND_PRORATED",
                    revocationPercentage=50000, revocationReason=7, revocationDate=SIGNED - 1000,
                    billingPlanType="MONTHLY", previousOriginalTransactionId="1000000000000000",
                    commitmentInfo={"billingPeriodNumber": 2, "commitmentExpiresDate": SIGNED + 31536000000,
                                    "commitmentPrice": 59880, "totalBillingPeriods": 12},
                    advancedCommerceInfo={"requestReferenceId": "ref-1", "taxCode": "C003-00-1", "estimatedTax": 450,
                                          "items": [{"SKU": "sku.1", "price": 4990, "description": "one"}]},
                    futureTransactionField={"nested": [1, 2.5, None, True]}, futureFlag=False)
    add("transaction-2026.jws", compact(header, txn_2026, leaf_key), "transaction", "valid", sandbox,
        "2026 fields, an unknown revocationReason and unknown members, all kept")
    renewal_2026 = dict(renewal, appTransactionId="704289572311498851", offerPeriod="P1M", renewalBillingPlanType="BILLED_UPFRONT",
                        eligibleWinBackOfferIds=["winback.1", "winback.2"], offerDiscountType="FREE_TRIAL",
                        commitmentInfo={"commitmentAutoRenewProductId": "com.example.vectors.monthly",
                                        "commitmentAutoRenewStatus": 1, "commitmentRenewalBillingPlanType": "MONTHLY",
                                        "commitmentRenewalDate": SIGNED + 31536000000, "commitmentRenewalPrice": 59880},
                        futureRenewalField="kept")
    add("renewal-2026.jws", compact(header, renewal_2026, leaf_key), "renewalInfo", "valid", sandbox, "2026 renewal fields")
    app_2026 = dict(app, appTransactionId="704289572311498851", originalPlatform="visionOS", revocationDate=SIGNED - 5000,
                    futureAppField=12345678901234567890)
    add("apptransaction-2026.jws", compact(header, app_2026, leaf_key), "appTransaction", "valid", sandbox,
        "appTransactionId, originalPlatform, revocationDate and an integer beyond Int64")
    t_2026 = compact(header, txn_2026, leaf_key)
    for fname, ntype, subtype, extra in [
            ("notification-one-time-charge.jws", "ONE_TIME_CHARGE", None, {}),
            ("notification-migration.jws", "MIGRATION", None, {}),
            ("notification-metadata-update.jws", "METADATA_UPDATE", None, {}),
            ("notification-price-change.jws", "PRICE_CHANGE", None, {}),
            ("notification-billing-recovery.jws", "DID_RENEW", "BILLING_RECOVERY", {}),
            ("notification-product-not-for-sale.jws", "EXPIRED", "PRODUCT_NOT_FOR_SALE", {}),
            ("notification-future-type.jws", "FUTURE_EVENT", "FUTURE_SUBTYPE", {"futureTopLevel": {"a": 1}})]:
        body = notification(dict(data, signedTransactionInfo=t_2026), notificationType=ntype, **extra)
        if subtype:
            body["subtype"] = subtype
        add(fname, compact(header, body, leaf_key), "notification", "valid", sandbox, ntype + (" / " + subtype if subtype else ""))
    summary = {"environment": "Sandbox", "appAppleId": 123456789, "bundleId": BUNDLE, "productId": "com.example.vectors.monthly",
               "requestIdentifier": "7b1c7d46-1d5e-4e16-9f8c-2b0e5a6f9d10", "storefrontCountryCodes": ["USA", "CAN"],
               "succeededCount": 5, "failedCount": 1}
    add("notification-summary.jws", compact(header, notification(None, notificationType="RENEWAL_EXTENSION", subtype="SUMMARY", summary=summary), leaf_key),
        "notification", "valid", sandbox, "RENEWAL_EXTENSION / SUMMARY")
    add("notification-failure.jws", compact(header, notification(dict(data, signedTransactionInfo=t_2026), notificationType="RENEWAL_EXTENSION", subtype="FAILURE"), leaf_key),
        "notification", "valid", sandbox, "RENEWAL_EXTENSION / FAILURE")

    # Retention Messaging: the App Store POSTs {"signedPayload": <JWS>} to the app's endpoint; the
    # payload names the app by appAppleId only.
    realtime = {"originalTransactionId": "1000000000000001", "appAppleId": 123456789, "productId": "com.example.vectors.monthly",
                "userLocale": "en-US", "requestIdentifier": "3a1f6c8e-9b2d-4e7a-8c5f-0d1e2f3a4b5c", "signedDate": SIGNED,
                "environment": "Sandbox"}
    with_id = dict(sandbox, appAppleId=123456789)
    rt_valid = compact(header, realtime, leaf_key)
    add("realtime-valid.jws", rt_valid, "realtimeRequest", "valid", with_id, "realtime request for this app")
    add("realtime-valid.jws", None, "realtimeRequest", "signedData.appAppleIdRequired", sandbox, "the policy names no app Apple id")
    add("realtime-valid.jws", None, "realtimeRequest", "signedData.appAppleId", dict(sandbox, appAppleId=987654321), "another app")
    add("realtime-valid.jws", None, "realtimeRequest", "signedData.environment", {"bundleId": BUNDLE, "environment": "Production", "appAppleId": 123456789}, "another environment")
    add("realtime-no-app-id.jws", compact(header, {k: v for k, v in realtime.items() if k != "appAppleId"}, leaf_key),
        "realtimeRequest", "signedData.appAppleId", with_id, "a request naming no app")
    add("realtime-forged.jws", compact(header, realtime, other_key), "realtimeRequest", "jws.signatureInvalid", with_id, "signed by another key")
    with open(os.path.join(OUT, "realtime-request-body.json"), "w") as f:
        f.write(json.dumps({"signedPayload": rt_valid}) + "\n")

    # Production data signed before `environment` existed (2021): refused unless the policy says so.
    old = {k: v for k, v in txn.items() if k not in ("environment", "transactionReason", "storefront", "storefrontId", "price", "currency")}
    production = {"bundleId": BUNDLE, "environment": "Production", "appAppleId": 123456789}
    add("transaction-no-environment.jws", compact(header, old, leaf_key), "transaction", "signedData.environment", production,
        "no environment field: refused by default", "names nothing")
    add("transaction-no-environment.jws", None, "transaction", "valid", dict(production, acceptsUnstatedEnvironment=True),
        "no environment field, accepted as Production when the caller says so")

    # Rotation: Apple's intermediates change; the root is what is pinned.
    new_inter_key, new_leaf_key = key(0x8008, ec.SECP384R1()), key(0x9009, ec.SECP256R1())
    new_inter_name = name("Vectors JWS Intermediate G8")
    new_inter = cert(new_inter_name, new_inter_key, root_name, root_key, 12, True, WWDR_MARKER, 2024, 2036)
    new_leaf = cert(name("Vectors JWS Leaf 2026"), new_leaf_key, new_inter_name, new_inter_key, 13, False, LEAF_MARKER, 2025, 2028)
    txn_later = dict(txn, signedDate=SIGNED + 31536000000)  # 2026-01-01
    add("rotation-new-intermediate.jws", compact({"alg": "ES256", "x5c": x5c(new_leaf, new_inter, root)}, txn_later, new_leaf_key),
        "transaction", "valid", sandbox, "a new WWDR intermediate under the same root, no code change")
    root2_key, inter2_key = key(0xA00A, ec.SECP384R1()), key(0xB00B, ec.SECP384R1())
    root2_name, inter2_name = name("Vectors JWS Root CA - G4"), name("Vectors JWS Intermediate G4-1")
    root2 = cert(root2_name, root2_key, root2_name, root2_key, 14, True)
    inter2 = cert(inter2_name, inter2_key, root2_name, root2_key, 15, True, WWDR_MARKER)
    leaf2 = cert(name("Vectors JWS Leaf G4"), new_leaf_key, inter2_name, inter2_key, 16, False, LEAF_MARKER, 2025, 2028)
    with open(os.path.join(OUT, "root-g4.der"), "wb") as f:
        f.write(der(root2))
    r2 = compact({"alg": "ES256", "x5c": x5c(leaf2, inter2, root2)}, txn_later, new_leaf_key)
    add("rotation-second-root.jws", r2, "transaction", "jws.chain", sandbox, "a new root the caller has not added", "chain.untrusted")
    add("rotation-second-root.jws", None, "transaction", "valid", dict(sandbox, anchors=["root.der", "root-g4.der"]),
        "a new root the caller added beside the first")
    look_key = key(0xC00C, ec.SECP384R1())
    look_inter = cert(new_inter_name, look_key, root_name, look_key, 17, True, WWDR_MARKER, 2024, 2036)
    look_leaf = cert(name("Vectors JWS Leaf 2026"), new_leaf_key, new_inter_name, look_key, 18, False, LEAF_MARKER, 2025, 2028)
    add("rotation-lookalike-intermediate.jws", compact({"alg": "ES256", "x5c": x5c(look_leaf, look_inter, root)}, txn_later, new_leaf_key),
        "transaction", "jws.chain", dict(sandbox, anchors=["root.der", "root-g4.der"]),
        "an intermediate with the new one's name and another key, claiming the root", "chain.untrusted")
    add("rotation-lookalike-root.jws", compact({"alg": "ES256", "x5c": x5c(leaf2, inter2, cert(root2_name, look_key, root2_name, look_key, 19, True))}, txn_later, new_leaf_key),
        "transaction", "jws.chainShape", dict(sandbox, anchors=["root.der", "root-g4.der"]),
        "x5c[2] with the added root's name and another key", "not the trust anchor")

    for fname, text in files.items():
        with open(os.path.join(OUT, fname), "w") as f:
            f.write(text)
    with open(os.path.join(OUT, "expectations.json"), "w") as f:
        json.dump({"anchor": "root.der", "xcodeCertificate": "xcode.der", "cases": expectations}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
