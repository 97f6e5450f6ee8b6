"""CMS SignedData builder (RFC 5652) with knobs for every vector the suite needs.

    ContentInfo ::= SEQUENCE { contentType OID, content [0] EXPLICIT ANY }
    SignedData ::= SEQUENCE { version, digestAlgorithms SET OF AlgorithmIdentifier,
        encapContentInfo SEQUENCE { eContentType OID, eContent [0] EXPLICIT OCTET STRING OPTIONAL },
        certificates [0] IMPLICIT CertificateSet OPTIONAL, signerInfos SET OF SignerInfo }
    SignerInfo ::= SEQUENCE { version 1, sid IssuerAndSerialNumber, digestAlgorithm,
        signedAttrs [0] IMPLICIT SET OF Attribute OPTIONAL, signatureAlgorithm, signature OCTET STRING }

Two envelope shapes: "der" (Apple: definite lengths throughout) and "ber" (Xcode: indefinite
ContentInfo, [0], SignedData, EncapsulatedContentInfo, eContent [0] and a constructed indefinite
OCTET STRING wrapping one or more primitive OCTET STRING segments; certificates and signerInfos
stay definite). Certificates are written in the order given (chain order, not SET OF order).

Part of the PureReceipt synthetic vector generator. Licence: Apache-2.0.
"""

import hashlib

from cryptography.hazmat.primitives.asymmetric import padding

import der
import pki

OID_DATA = "1.2.840.113549.1.7.1"
OID_SIGNED_DATA = "1.2.840.113549.1.7.2"
OID_CONTENT_TYPE = "1.2.840.113549.1.9.3"
OID_MESSAGE_DIGEST = "1.2.840.113549.1.9.4"
OID_SHA1 = "1.3.14.3.2.26"
OID_SHA256 = "2.16.840.1.101.3.4.2.1"
DIGEST_OIDS = {"sha1": OID_SHA1, "sha256": OID_SHA256}
SIG_ALG_OIDS = {"rsaEncryption": pki.OID_RSA_ENCRYPTION, "sha1WithRSAEncryption": pki.OID_SHA1_WITH_RSA,
                "sha256WithRSAEncryption": pki.OID_SHA256_WITH_RSA}


def alg_id(oid_text):
    """AlgorithmIdentifier with NULL parameters, as Apple writes both digest and signature ids."""
    return der.seq(der.oid(oid_text), der.null())


def digest(name, data):
    return hashlib.new(name, data).digest()


def signed_attributes(content_type_oid, message_digest):
    """The SET OF Attribute in DER order (X.690 §11.6), tagged as SET (0x31).

    RFC 5652 §5.4: the signature is computed over the DER encoding of this SET with the SET OF
    tag; inside SignerInfo the same content is written under [0] IMPLICIT (0xA0).
    """
    return der.der_set(
        der.seq(der.oid(OID_CONTENT_TYPE), der.der_set(der.oid(content_type_oid))),
        der.seq(der.oid(OID_MESSAGE_DIGEST), der.der_set(der.octet_string(message_digest))))


class Signer:
    """How one SignerInfo is produced. Defaults make a correct Apple-style SignerInfo."""

    def __init__(self, cert, key=None, digest_name="sha256", sig_alg="rsaEncryption",
                 signed_attrs=False, attr_content_type=OID_DATA, attr_message_digest=None,
                 sign_hash=None, sign_over=None, sid_issuer=None, sid_serial=None, signature=None,
                 digest_field=None):
        self.cert = cert
        self.key = key if key is not None else cert.key
        self.digest_name = digest_name
        self.sig_alg = sig_alg
        self.signed_attrs = signed_attrs
        self.attr_content_type = attr_content_type
        self.attr_message_digest = attr_message_digest  # bytes to write instead of the digest
        self.sign_hash = sign_hash or digest_name  # hash used inside the RSA signature
        self.sign_over = sign_over  # bytes to sign instead of the real ones
        self.sid_issuer = sid_issuer
        self.sid_serial = sid_serial
        self.signature = signature  # verbatim signature bytes
        self.digest_field = digest_field  # digestAlgorithm written (defaults to digest_name)

    def encode(self, payload):
        attrs = None
        if self.signed_attrs:
            md = self.attr_message_digest
            if md is None:
                md = digest(self.digest_name, payload)
            attrs = signed_attributes(self.attr_content_type, md)
            to_sign = attrs
        else:
            to_sign = payload
        if self.sign_over is not None:
            to_sign = self.sign_over
        sig = self.signature
        if sig is None:
            sig = self.key.sign(to_sign, padding.PKCS1v15(), pki.HASHES[self.sign_hash]())
        sid = der.seq(self.sid_issuer if self.sid_issuer is not None else self.cert.issuer,
                      der.integer(self.sid_serial if self.sid_serial is not None else self.cert.serial))
        parts = [der.integer(1), sid, alg_id(DIGEST_OIDS[self.digest_field or self.digest_name])]
        if attrs is not None:
            parts.append(der.implicit_constructed(0, der.content_of(attrs)))
        parts += [alg_id(SIG_ALG_OIDS[self.sig_alg]), der.octet_string(sig)]
        return der.seq(*parts)


def build(payload, certs, signers, shape="der", segments=None, detached=False, trailing=b"",
          digest_algorithms=None, econtent_type=OID_DATA, outer_type=OID_SIGNED_DATA,
          version=1, ber_drop_eoc=0):
    """Encode a ContentInfo{SignedData}.

    segments: for shape "ber", the sizes of the primitive OCTET STRING segments (default: one).
    ber_drop_eoc: remove this many end-of-contents pairs from the end (unterminated vectors).
    """
    if digest_algorithms is None:
        digest_algorithms = sorted({s.digest_field or s.digest_name for s in signers})
    digest_set = der.der_set(*[alg_id(DIGEST_OIDS[d]) for d in digest_algorithms])
    cert_block = der.implicit_constructed(0, b"".join(c.der for c in certs)) if certs is not None else b""
    signer_set = der.der_set(*[s.encode(payload) for s in signers])

    if shape == "der":
        encap_parts = [der.oid(econtent_type)]
        if not detached:
            encap_parts.append(der.explicit(0, der.octet_string(payload)))
        signed_data = der.seq(der.integer(version), digest_set, der.seq(*encap_parts), cert_block, signer_set)
        out = der.seq(der.oid(outer_type), der.explicit(0, signed_data))
    elif shape == "ber":
        if segments is None:
            segments = [len(payload)]
        assert sum(segments) == len(payload)
        pieces, pos = [], 0
        for size in segments:
            pieces.append(der.octet_string(payload[pos:pos + size]))
            pos += size
        encap_parts = [der.oid(econtent_type)]
        if not detached:
            encap_parts.append(der.indef(0xA0, der.indef(0x24, *pieces)))
        signed_data = der.indef(0x30, der.integer(version), digest_set, der.indef(0x30, *encap_parts),
                                cert_block, signer_set)
        out = der.indef(0x30, der.oid(outer_type), der.indef(0xA0, signed_data))
        if ber_drop_eoc:
            assert out.endswith(der.EOC * ber_drop_eoc)
            out = out[:-2 * ber_drop_eoc]
    else:
        raise ValueError(shape)
    return out + trailing
