// ECDSA signature verification, FIPS 186-5 §6.4.2 (the same steps as SEC 1 v2 §4.1.4), on a
// decoded signature (r, s) and a message digest, for a validated public key Q.
//
// Accepts: any digest length (truncated or zero-extended per FIPS 186-5 §6.4.1), r and s as
// big-endian integers of exactly the coordinate length (ECPublicKey decodes the encodings).
// Checks: 1 ≤ r, s ≤ n − 1; R = u1·G + u2·Q is not the identity; x_R mod n = r.
// Deliberately variable time: the key, digest and signature are all public, so there is no secret
// whose timing could leak (names end in `VarTime`). The final check avoids the inversion of Z by
// comparing in the field (see `xCoordinateMatchesVarTime`).

enum ECDSA {
    /// Whether (r, s) is a valid signature of `digest` under q.
    static func verifyVarTime<C: ShortWeierstrassCurve>(
        r rBytes: ArraySlice<UInt8>, s sBytes: ArraySlice<UInt8>, digest: [UInt8], q: AffinePoint<C>,
        qTable: [AffinePoint<C>]
    ) -> Bool {
        let count = C.Order.count
        let n = C.Order.modulus
        guard let r = Limbs(bigEndian: rBytes, count: count), let s = Limbs(bigEndian: sBytes, count: count)
        else { return false }
        // FIPS 186-5 §6.4.2 step 2: "Verify that r and s are integers in the interval [1, n − 1].
        // If either condition is violated, output INVALID." (SEC 1 §4.1.4 step 1.)
        guard !r.isZero, !s.isZero, r.isLessThanVarTime(n, count: count), let sResidue = Residue<C.Order>(s)
        else { return false }

        let e = truncatedDigest(digest, count: count, n: n)
        // FIPS 186-5 §6.4.2 step 4: "Compute s⁻¹ mod n … u = (e·s⁻¹) mod n, v = (r·s⁻¹) mod n."
        // A plain integer times a Montgomery-form residue under Montgomery multiplication is the
        // plain product: (e)·(w·R)·R⁻¹ = e·w mod n.
        let w = sResidue.inverseVarTime().montgomery
        let u1 = Residue<C.Order>.multiplyVarTime(e, w)
        let u2 = Residue<C.Order>.multiplyVarTime(r, w)

        // FIPS 186-5 §6.4.2 step 5: "Compute R1 = (x1, y1) = u·G + v·Q. If R1 = O, output INVALID."
        // With Q's precomputed table when it has one (ECPublicKey.withPrecomputedMultiples()).
        let point = JacobianPoint<C>.doubleScalarMultiplyVarTime(u1: u1, u2: u2, q: q, qTable: qTable)
        guard !point.z.isZero else { return false }
        return xCoordinateMatchesVarTime(point, r: r)
    }

    /// FIPS 186-5 §6.4.1 step 4 (applied at §6.4.2 step 3): "If len(n) < hashlen, set E equal to
    /// the leftmost len(n) bits of H." Here len(n) = 64·count exactly (256, 384), so E is the first
    /// 8·count bytes; a shorter digest is the integer it encodes. Returns e = E mod n (E < 2n).
    static func truncatedDigest(_ digest: [UInt8], count: Int, n: Limbs) -> Limbs {
        let width = 8 * count
        var bytes = [UInt8](repeating: 0, count: width)
        let used = min(digest.count, width)
        for i in 0..<used { bytes[width - used + i] = digest[i] }
        guard let e = Limbs(bigEndian: bytes[...], count: count) else { return Limbs() }
        let (reduced, borrow) = e.subtracting(n, count: count)
        return borrow ? e : reduced
    }

    /// FIPS 186-5 §6.4.2 steps 6–7: "Convert x1 to an integer … Compute r1 = x1 mod n. If r = r1,
    /// output VALID." With x1 = X/Z² (Jacobian, Z ≠ 0) and p < 2n, x1 mod n = r exactly when x1 = r
    /// or x1 = r + n (the latter possible only if r + n < p), so we test X = r·Z² and X = (r + n)·Z²
    /// in F_p: no inversion (SEC 1 §4.1.4 step 6 computes the same x_R mod n).
    static func xCoordinateMatchesVarTime<C: ShortWeierstrassCurve>(_ point: JacobianPoint<C>, r: Limbs) -> Bool {
        // r < n < p, so r is a field element.
        guard let rField = C.Coordinate(r) else { return false }
        let zz = point.z.squared()
        if rField * zz == point.x { return true }
        let (rPlusN, carry) = r.adding(C.Order.modulus, count: C.Order.count)
        guard !carry, let wrapped = C.Coordinate(rPlusN) else { return false }
        return wrapped * zz == point.x
    }
}
