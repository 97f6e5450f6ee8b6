// P-256 points for signing: the complete addition formulas of J. Renes, C. Costello, L. Batina,
// "Complete addition formulas for prime order elliptic curves" (EUROCRYPT 2016, ePrint 2015/1060),
// Algorithm 4 (projective + projective) and Algorithm 5 (projective + affine) for a = −3, on the
// constant-time field (the step numbers in comments are the paper's).
//
// Accepts: any points of the curve, the identity (0 : 1 : 0) included, with no case distinction:
// the formulas are complete on prime-order curves (the paper's Theorem 1), so no secret choice of
// operands reaches an exceptional case, and the same field operations run for every input.
// Does not check that the points are on the curve: every point here is a multiple of G.

/// (X : Y : Z) with x = X/Z, y = Y/Z; the identity is (0 : 1 : 0).
struct ProjectivePointConstantTime: Sendable {
    var x: FieldConstantTime, y: FieldConstantTime, z: FieldConstantTime

    static var identity: Self { Self(x: .zero, y: .one, z: .zero) }

    /// b of y² = x³ − 3x + b, in Montgomery form (b·2^256 mod p).
    static var b: FieldConstantTime {
        FieldConstantTime(
            montgomery: WordsConstantTime(
                0xd89c_df62_29c4_bddf, 0xacf0_05cd_7884_3090, 0xe5a2_20ab_f721_2ed6, 0xdc30_061d_0487_4834))
    }

    /// The generator G (NIST SP 800-186 §3.2.1.3).
    static var generator: Self {
        let gx = WordsConstantTime(
            0xf4a1_3945_d898_c296, 0x7703_7d81_2deb_33a0, 0xf8bc_e6e5_63a4_40f2, 0x6b17_d1f2_e12c_4247)
        let gy = WordsConstantTime(
            0xcbb6_4068_37bf_51f5, 0x2bce_3357_6b31_5ece, 0x8ee7_eb4a_7c0f_9e16, 0x4fe3_42e2_fe1a_7f9b)
        return Self(x: FieldConstantTime(reducing: gx), y: FieldConstantTime(reducing: gy), z: .one)
    }

    /// `self` where mask is all ones, `other` where it is zero.
    @inline(__always)
    func selecting(_ other: Self, mask: UInt64) -> Self {
        Self(
            x: x.selecting(other.x, mask: mask), y: y.selecting(other.y, mask: mask),
            z: z.selecting(other.z, mask: mask))
    }

    /// Algorithm 4: self + q, complete (also for q = self).
    func adding(_ q: Self) -> Self {
        let b = Self.b
        var t0 = x * q.x
        var t1 = y * q.y
        var t2 = z * q.z  // 1–3
        var t3 = x + y
        var t4 = q.x + q.y  // 4–5
        t3 = t3 * t4
        t4 = t0 + t1
        t3 = t3 - t4  // 6–8
        t4 = y + z
        var x3 = q.y + q.z  // 9–10
        t4 = t4 * x3
        x3 = t1 + t2
        t4 = t4 - x3  // 11–13
        x3 = x + z
        var y3 = q.x + q.z  // 14–15
        x3 = x3 * y3
        y3 = t0 + t2
        y3 = x3 - y3  // 16–18
        var z3 = b * t2
        x3 = y3 - z3
        z3 = x3 + x3  // 19–21
        x3 = x3 + z3
        z3 = t1 - x3
        x3 = t1 + x3  // 22–24
        y3 = b * y3
        t1 = t2 + t2
        t2 = t1 + t2  // 25–27
        y3 = y3 - t2
        y3 = y3 - t0
        t1 = y3 + y3  // 28–30
        y3 = t1 + y3
        t1 = t0 + t0
        t0 = t1 + t0  // 31–33
        t0 = t0 - t2
        t1 = t4 * y3
        t2 = t0 * y3  // 34–36
        y3 = x3 * z3
        y3 = y3 + t2
        x3 = t3 * x3  // 37–39
        x3 = x3 - t1
        z3 = t4 * z3
        t1 = t3 * t0  // 40–42
        z3 = z3 + t1  // 43
        return Self(x: x3, y: y3, z: z3)
    }

    /// Algorithm 5: self + q for an affine q (Z = 1), complete for every projective self.
    @inline(__always)
    func adding(_ q: AffinePointConstantTime) -> Self {
        let b = Self.b
        var t0 = x * q.x
        var t1 = y * q.y
        var t3 = q.x + q.y  // 1–3
        var t4 = x + y
        t3 = t3 * t4
        t4 = t0 + t1  // 4–6
        t3 = t3 - t4
        t4 = q.y * z
        t4 = t4 + y  // 7–9
        var y3 = q.x * z
        y3 = y3 + x
        var z3 = b * z  // 10–12
        var x3 = y3 - z3
        z3 = x3 + x3
        x3 = x3 + z3  // 13–15
        z3 = t1 - x3
        x3 = t1 + x3
        y3 = b * y3  // 16–18
        t1 = z + z
        var t2 = t1 + z
        y3 = y3 - t2  // 19–21
        y3 = y3 - t0
        t1 = y3 + y3
        y3 = t1 + y3  // 22–24
        t1 = t0 + t0
        t0 = t1 + t0
        t0 = t0 - t2  // 25–27
        t1 = t4 * y3
        t2 = t0 * y3
        y3 = x3 * z3  // 28–30
        y3 = y3 + t2
        x3 = t3 * x3
        x3 = x3 - t1  // 31–33
        z3 = t4 * z3
        t1 = t3 * t0
        z3 = z3 + t1  // 34–36
        return Self(x: x3, y: y3, z: z3)
    }

    /// The affine coordinates (x, y) by one Fermat inversion of Z; the identity gives (0, 0).
    func affine() -> AffinePointConstantTime {
        let zInverse = z.inverted()
        return AffinePointConstantTime(x: x * zInverse, y: y * zInverse)
    }
}

/// (x, y) in Montgomery form; never the identity.
struct AffinePointConstantTime: Sendable {
    var x: FieldConstantTime, y: FieldConstantTime

    /// `self` where mask is all ones, `other` where it is zero.
    @inline(__always)
    func selecting(_ other: Self, mask: UInt64) -> Self {
        Self(x: x.selecting(other.x, mask: mask), y: y.selecting(other.y, mask: mask))
    }
}
