// ECPublicKey: a validated P-256 or P-384 public key and the two signature encodings it verifies.
//
// Accepts: SEC 1 §2.3.4 uncompressed points 0x04 ‖ X ‖ Y with X, Y < p on the curve; signatures
// as DER ECDSA-Sig-Value (RFC 3279 §2.2.3, strict DER through PureDER) or as raw r ‖ s of exactly
// twice the coordinate length (RFC 7518 §3.4).
// Refuses: the identity (0x00), compressed and hybrid points (`unsupportedPointFormat`: no square
// roots are implemented), coordinates ≥ p, points off the curve. Any malformed signature is just
// not valid: the verification functions return false and never say why.
// Does not check: n·Q = O (SEC 1 §3.2.2.1 step 4) — both curves have cofactor 1, so every point of
// the curve other than O has order n (SEC 1 §3.2.3.1, partial validation, suffices).
// Verification is variable time (`…VarTime`): key, digest and signature are public.

import PureDER

/// The curves ECDSA verification supports.
public enum ECCurve: Sendable, Equatable {
    /// NIST P-256 (secp256r1, prime256v1).
    case p256
    /// NIST P-384 (secp384r1).
    case p384

    /// Bytes of a field element or scalar: 32 or 48.
    public var coordinateByteCount: Int {
        switch self {
        case .p256: 32
        case .p384: 48
        }
    }

    /// Bit length of the group order n (256 or 384): the digest prefix that is used.
    public var orderBitCount: Int { 8 * coordinateByteCount }
}

/// Why a public key was refused.
public enum ECError: Error, Sendable, Equatable {
    /// The first octet is not 0x04: compressed (0x02, 0x03), hybrid or unknown forms.
    case unsupportedPointFormat
    /// The point does not satisfy the curve equation.
    case pointNotOnCurve
    /// X or Y is not below the field prime p.
    case coordinateOutOfRange
    /// The encoding is not 1 + 2·coordinateByteCount octets (or is empty).
    case wrongLength
    /// The encoding is the point at infinity (the single octet 0x00), never a public key.
    case identity
}

/// An EC public key, validated, ready for ECDSA verification.
public struct ECPublicKey: Sendable {
    /// The curve the key lies on (P-256 or P-384).
    public let curve: ECCurve
    /// The SEC 1 uncompressed point 0x04 ‖ X ‖ Y as given.
    public let sec1Point: [UInt8]
    /// X and Y in the stored form of the curve's field element (FieldElement).
    let x: Limbs, y: Limbs
    /// The key's table for verification with a quarter of the doublings (DoubleScalarMultiplication.swift),
    /// for the key's curve; empty until `withPrecomputedMultiples()`.
    private var p256Multiples: [AffinePoint<P256>] = [], p384Multiples: [AffinePoint<P384>] = []

    /// Whether this key holds its precomputed table.
    public var hasPrecomputedMultiples: Bool { !p256Multiples.isEmpty || !p384Multiples.isEmpty }

    /// SEC 1 §2.3.4 uncompressed point 0x04 ‖ X ‖ Y; checks range and curve equation.
    public init(curve: ECCurve, sec1Point bytes: ArraySlice<UInt8>) throws(ECError) {
        let length = curve.coordinateByteCount
        // SEC 1 §2.3.4 step 2: "If M = 00, output Q = O": the identity, which is never a key.
        guard let format = bytes.first else { throw .wrongLength }
        if format == 0x00 { throw bytes.count == 1 ? .identity : .wrongLength }
        // SEC 1 §2.3.4 steps 3–4: 0x02/0x03 are compressed points; we support only 0x04.
        guard format == 0x04 else { throw .unsupportedPointFormat }
        // SEC 1 §2.3.4 step 5.1: "If the length of M is not 2⌈log2 q / 8⌉ + 1 … output invalid."
        guard bytes.count == 1 + 2 * length else { throw .wrongLength }
        let xBytes = bytes.dropFirst().prefix(length)
        let yBytes = bytes.suffix(length)
        switch curve {
        case .p256: (x, y) = try ECPublicKey.validate(P256.self, xBytes, yBytes)
        case .p384: (x, y) = try ECPublicKey.validate(P384.self, xBytes, yBytes)
        }
        self.curve = curve
        self.sec1Point = Array(bytes)
    }

    /// SEC 1 §3.2.2.1 step 2: "check that xQ and yQ are integers in the interval [0, p − 1]";
    /// step 3: the curve equation. Returns the coordinates in their stored form (FieldElement).
    private static func validate<C: ShortWeierstrassCurve>(
        _: C.Type, _ xBytes: ArraySlice<UInt8>, _ yBytes: ArraySlice<UInt8>
    ) throws(ECError) -> (Limbs, Limbs) {
        guard let x = Limbs(bigEndian: xBytes, count: C.Field.count).flatMap(C.Coordinate.init),
            let y = Limbs(bigEndian: yBytes, count: C.Field.count).flatMap(C.Coordinate.init)
        else {
            throw .coordinateOutOfRange
        }
        guard AffinePoint<C>.isOnCurveVarTime(x: x, y: y) else { throw .pointNotOnCurve }
        return (x.montgomery, y.montgomery)
    }

    /// This key with its table of 512 affine multiples (49.2 KB; building it costs about two
    /// verifications), with which each verification takes a quarter of the doublings: for a key that
    /// verifies many signatures, such as a certificate the chain cache holds.
    public func withPrecomputedMultiples() -> ECPublicKey {
        var key = self
        switch curve {
        case .p256: key.p256Multiples = AffinePoint.multiplesVarTime(of: point(P256.self))
        case .p384: key.p384Multiples = AffinePoint.multiplesVarTime(of: point(P384.self))
        }
        return key
    }

    /// DER ECDSA-Sig-Value over a message digest (any length; truncated per FIPS 186-5 §6.4.1).
    public func isValidSignatureVarTime(der signature: ArraySlice<UInt8>, digest: [UInt8]) -> Bool {
        guard let (r, s) = ECPublicKey.decodeDER(signature, length: curve.coordinateByteCount) else { return false }
        return verifyVarTime(r: r[...], s: s[...], digest: digest)
    }

    /// Raw fixed-length r ‖ s (JWS, RFC 7518 §3.4).
    public func isValidSignatureVarTime(raw signature: ArraySlice<UInt8>, digest: [UInt8]) -> Bool {
        let length = curve.coordinateByteCount
        // RFC 7518 §3.4: the signature is "the concatenation of the two octet sequences [R ‖ S]"
        // of the coordinate length each; "reject it if the JWS Signature value is not 64 octets"
        // (ES256; 96 for ES384).
        guard signature.count == 2 * length else { return false }
        return verifyVarTime(r: signature.prefix(length), s: signature.suffix(length), digest: digest)
    }

    private func verifyVarTime(r: ArraySlice<UInt8>, s: ArraySlice<UInt8>, digest: [UInt8]) -> Bool {
        switch curve {
        case .p256:
            return ECDSA.verifyVarTime(r: r, s: s, digest: digest, q: point(P256.self), qTable: p256Multiples)
        case .p384:
            return ECDSA.verifyVarTime(r: r, s: s, digest: digest, q: point(P384.self), qTable: p384Multiples)
        }
    }

    /// The key as a point of `C`, its curve.
    private func point<C: ShortWeierstrassCurve>(_: C.Type) -> AffinePoint<C> {
        AffinePoint(x: .init(montgomery: x), y: .init(montgomery: y))
    }

    /// RFC 3279 §2.2.3: "Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }", strict DER, no
    /// trailing bytes. Returns r and s left-padded to `length` bytes, or nil for any malformation,
    /// a negative INTEGER or one longer than `length` significant bytes.
    static func decodeDER(_ signature: ArraySlice<UInt8>, length: Int) -> ([UInt8], [UInt8])? {
        do throws(DERError) {
            var outer = try DERCursor(Array(signature))
            var sequence = try outer.readSequence("ECDSA-Sig-Value")
            try outer.expectEnd("ECDSA-Sig-Value")
            let r = try sequence.readIntegerBytes("ECDSA-Sig-Value.r")
            let s = try sequence.readIntegerBytes("ECDSA-Sig-Value.s")
            try sequence.expectEnd("ECDSA-Sig-Value")
            guard let rPadded = unsignedFixed(r, length: length), let sPadded = unsignedFixed(s, length: length)
            else { return nil }
            return (rPadded, sPadded)
        } catch {
            return nil
        }
    }

    /// A minimal two's-complement INTEGER's content as an unsigned `length`-byte big-endian value;
    /// nil when negative or too large. Minimality (checked by PureDER) leaves at most one 0x00.
    private static func unsignedFixed(_ content: ArraySlice<UInt8>, length: Int) -> [UInt8]? {
        guard let first = content.first, first < 0x80 else { return nil }
        let magnitude = first == 0 ? content.dropFirst() : content
        guard magnitude.count <= length else { return nil }
        return [UInt8](repeating: 0, count: length - magnitude.count) + magnitude
    }
}
