#!/usr/bin/env python3
"""Interoperability of the signing commands with PyJWT and Apple's App Store Server Library.

For a fresh P-256 key (made with `cryptography`):
  1. `purereceipt token`: PyJWT decodes and verifies it (ES256, audience appstoreconnect-v1); the
     header is {alg, kid, typ: JWT}; exp − iat is the requested lifetime; iss and bid are ours.
  2. `purereceipt sign jws --kind K` for the three kinds: PyJWT verifies each with the kind's
     audience, `purereceipt verify --public-key` verifies it too, and the header and claims equal
     those Apple's library's creators (PromotionalOfferV2SignatureCreator,
     IntroductoryOfferEligibilitySignatureCreator, and the shared claims of JWSSignatureCreator for
     Advanced Commerce) produce for the same inputs, apart from iat and nonce.
  3. `purereceipt sign promotional-offer`: the signature verifies (cryptography, ECDSA SHA-256) over
     the payload Apple's PromotionalOfferSignatureCreator joins, and a signature Apple's creator
     makes verifies over ours the same way.
Usage: PYTHON Vectors/signing/apple_claims.py PURERECEIPT   (PYTHON with PyJWT, cryptography and
app-store-server-library installed: .ci/run makes .build/signing-venv).
"""

import base64
import json
import os
import subprocess
import sys
import tempfile

import jwt
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

from appstoreserverlibrary import jws_signature_creator as apple_jws
from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator

CLI = os.path.abspath(sys.argv[1])
KEY_ID, ISSUER, BUNDLE = "ABCDEF1234", "57246542-96fe-1a63-e053-0824d011072a", "com.example.app"
failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


def run(arguments, stdin=b""):
    result = subprocess.run([CLI] + arguments, input=stdin, capture_output=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(arguments[:2])} exited {result.returncode}: {result.stderr.decode()}")
    return result.stdout.decode().strip()


def unverified(token):
    return jwt.get_unverified_header(token), jwt.decode(token, options={"verify_signature": False})


with tempfile.TemporaryDirectory() as directory:
    private = ec.generate_private_key(ec.SECP256R1())
    pem = private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    public = private.public_key().public_bytes(serialization.Encoding.PEM,
                                               serialization.PublicFormat.SubjectPublicKeyInfo)
    key_path, public_path = os.path.join(directory, "key.p8"), os.path.join(directory, "public.pem")
    open(key_path, "wb").write(pem)
    open(public_path, "wb").write(public)
    common = ["--key", key_path, "--key-id", KEY_ID, "--bundle-id", BUNDLE]

    # 1. The API token.
    token = run(["token"] + common + ["--issuer-id", ISSUER, "--expires-in", "900"])
    claims = jwt.decode(token, public, algorithms=["ES256"], audience="appstoreconnect-v1")
    header = jwt.get_unverified_header(token)
    check(header == {"alg": "ES256", "kid": KEY_ID, "typ": "JWT"}, f"token header {header}")
    check(claims["iss"] == ISSUER and claims["bid"] == BUNDLE and claims["exp"] - claims["iat"] == 900,
          "token verified by PyJWT: iss, bid, exp − iat = 900")

    # 2. Signed requests, against Apple's creators.
    creators = {
        "promotional-offer": (
            {"productId": "com.example.monthly", "offerIdentifier": "half-price", "transactionId": "2000000123"},
            lambda c: apple_jws.PromotionalOfferV2SignatureCreator(pem, KEY_ID, ISSUER, BUNDLE).create_signature(
                c["productId"], c["offerIdentifier"], c["transactionId"]),
            "promotional-offer"),
        "introductory-offer-eligibility": (
            {"productId": "com.example.monthly", "allowIntroductoryOffer": False, "transactionId": "2000000123"},
            lambda c: apple_jws.IntroductoryOfferEligibilitySignatureCreator(pem, KEY_ID, ISSUER, BUNDLE)
            .create_signature(c["productId"], c["allowIntroductoryOffer"], c["transactionId"]),
            "introductory-offer-eligibility"),
        "advanced-commerce": (
            {"request": base64.b64encode(json.dumps({"operation": "CREATE_ONE_TIME_CHARGE"}).encode()).decode()},
            # The creator's shared claims (JWSSignatureCreator) over the same encoded request.
            lambda c: apple_jws.AdvancedCommerceAPIInAppSignatureCreator(pem, KEY_ID, ISSUER, BUNDLE)
            ._create_signature({"request": c["request"]}),
            "advanced-commerce-api"),
    }
    for kind, (feature, create, audience) in creators.items():
        ours = run(["sign", "jws", "--kind", kind] + common + ["--issuer-id", ISSUER], json.dumps(feature).encode())
        verified = jwt.decode(ours, public, algorithms=["ES256"], audience=audience)
        check(verified["aud"] == audience, f"{kind}: verified by PyJWT with audience {audience}")
        round_trip = subprocess.run([CLI, "verify", "--public-key", public_path], input=ours.encode(),
                                    capture_output=True)
        check(round_trip.returncode == 0, f"{kind}: verified by purereceipt verify --public-key")
        apple = create(dict(feature))
        apple_header, apple_claims = unverified(apple)
        our_header, our_claims = unverified(ours)
        drop = lambda d: {k: v for k, v in d.items() if k not in ("iat", "nonce")}
        check(our_header == apple_header, f"{kind}: header equals Apple's {apple_header}")
        check(drop(our_claims) == drop(apple_claims),
              f"{kind}: claims equal Apple's apart from iat and nonce: {sorted(drop(our_claims))}")
        check(set(our_claims) == set(apple_claims), f"{kind}: the same claim names, iat and nonce included")

    # 3. The promotional offer signature, version 1.
    nonce, account, timestamp = "5F1A2B3C-1111-2222-3333-444455556666", "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE", 1700000000123
    ours = run(["sign", "promotional-offer"] + common + [
        "--product-id", "com.example.monthly", "--offer-id", "half-price", "--app-account-token", account,
        "--nonce", nonce, "--timestamp", str(timestamp)])
    payload = "\u2063".join([BUNDLE, KEY_ID, "com.example.monthly", "half-price", account.lower(), nonce.lower(),
                             str(timestamp)]).encode()
    try:
        private.public_key().verify(base64.b64decode(ours), payload, ec.ECDSA(hashes.SHA256()))
        check(True, "promotional offer V1: our signature verifies over the U+2063-joined payload")
    except Exception:
        check(False, "promotional offer V1: our signature verifies over the U+2063-joined payload")
    import uuid
    apple = PromotionalOfferSignatureCreator(pem, KEY_ID, BUNDLE).create_signature(
        "com.example.monthly", "half-price", account, uuid.UUID(nonce), timestamp)
    try:
        private.public_key().verify(base64.b64decode(apple), payload, ec.ECDSA(hashes.SHA256()))
        check(True, "promotional offer V1: Apple's creator signs the same payload")
    except Exception:
        check(False, "promotional offer V1: Apple's creator signs the same payload")

if failures:
    sys.exit(f"{len(failures)} interoperability checks failed")
print("signing interoperability: every check passed")
