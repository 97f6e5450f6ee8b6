// RSAError: the one error type of the RSA layer.
//
// Key problems say what is wrong, in which field and (for DER input) at which absolute byte
// offset. Signature problems deliberately collapse into one case with no detail: a verifier
// that says *why* a signature failed (length, range, padding byte, hash) hands an attacker an
// oracle (D. Bleichenbacher, CRYPTO '98; the same reasoning applies to verification).

public import PureDER

/// The field of an RSA public key a key error refers to.
public enum RSAKeyField: Sendable, Equatable {
    /// RFC 8017 A.1.1 `modulus INTEGER -- n`.
    case modulus
    /// RFC 8017 A.1.1 `publicExponent INTEGER -- e`.
    case publicExponent
}

/// Why an RSA public key was refused, or that a signature did not verify.
public enum RSAError: Error, Sendable, Equatable {
    /// The signature does not verify. One opaque case for every cause, on purpose.
    case invalidSignature

    /// The key's DER is malformed; the DER error carries the offset and the field read.
    case malformedKey(DERError)
    /// SubjectPublicKeyInfo.algorithm is not rsaEncryption (1.2.840.113549.1.1.1).
    case keyAlgorithmNotRSA(at: Int)
    /// The rsaEncryption AlgorithmIdentifier parameters are absent or not NULL.
    case keyParametersNotNull(at: Int)
    /// The subjectPublicKey BIT STRING does not start with 0 unused bits.
    case keyBitStringUnusedBits(at: Int)
    /// An INTEGER of the key is zero or negative (`at` is nil for keys given as raw bytes).
    case keyIntegerNotPositive(RSAKeyField, at: Int?)
    /// The modulus is even (no RSA modulus is).
    case modulusEven(at: Int?)
    /// The modulus size is outside `RSAPublicKey.supportedModulusBits`.
    case modulusSizeUnsupported(bits: Int, at: Int?)
    /// The public exponent is even, smaller than 3, not smaller than the modulus, or longer than
    /// `RSAPublicKey.maxExponentBits`.
    case exponentInvalid(at: Int?)
}
