// Point addition and doubling on y² = x³ − 3x + b in projective coordinates.
// Addition: the complete formulas of J. Renes, C. Costello, L. Batina, "Complete addition formulas
// for prime order elliptic curves" (EUROCRYPT 2016, ePrint 2015/1060), Algorithm 4 (addition) and
// 5 (mixed addition) for a = −3; the step numbers in comments are the paper's.
// Doubling: not the paper's Algorithm 6 (13 products) but the classic projective doubling
// (7M + 3S, measured −19 % instructions per verification), exception-free here by an argument:
// with λ = (3x² − 3)/(2y) = w/s for w = 3(X − Z)(X + Z), s = 2YZ, and Z₃ = s³, the affine
// doubling x₃ = λ² − 2x, y₃ = λ(x − x₃) − y becomes, with R = Y·s and B = 2X·R,
//   X₃ = h·s for h = w² − 2B,   Y₃ = w(B − h) − 2R²,   Z₃ = s³.
// It is undefined only where s = 0: Z = 0 (the identity, returned unchanged by a branch) or
// y = 0, a point of order 2, which a curve of prime order n > 2 does not have.
//
// Accepts: any points of the curve, including the identity (0 : 1 : 0), P + P and P + (−P), with
// no case distinction in the additions (complete on prime-order curves: the paper's Theorem 1),
// so no input choice reaches an exceptional case. The mixed addition's affine operand is never
// the identity (it has no affine form); only generator multiples are passed there.
// Deliberately does not check that inputs are on the curve: keys are checked once on decoding.
// Timing: variable (the doubling's identity branch, and the field operations underneath:
// MontgomeryResidue.swift), hence the `VarTime` names; every input of verification is public.

/// (X : Y : Z) with x = X/Z, y = Y/Z; the identity is (0 : 1 : 0). Coordinates in stored form (FieldElement).
struct ProjectivePoint<C: ShortWeierstrassCurve>: Sendable {
    typealias F = C.Coordinate
    var x: F, y: F, z: F

    static var identity: ProjectivePoint { ProjectivePoint(x: .zero, y: .one, z: .zero) }

    init(x: F, y: F, z: F) { (self.x, self.y, self.z) = (x, y, z) }
    init(_ p: AffinePoint<C>) { (x, y, z) = (p.x, p.y, .one) }

    var negated: ProjectivePoint { ProjectivePoint(x: x, y: -y, z: z) }

    /// Algorithm 4: self + q, complete.
    func addingVarTime(_ q: ProjectivePoint) -> ProjectivePoint {
        let b = C.b
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
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// Algorithm 5: self + q for an affine q (Z = 1), complete for every projective self.
    func addingVarTime(_ q: AffinePoint<C>) -> ProjectivePoint {
        let b = C.b
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
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// 2·self (7M + 3S; derivation and the argument for exception-freeness in the file header).
    func doubledVarTime() -> ProjectivePoint {
        guard !z.isZero else { return self }
        var w = (x - z) * (x + z)
        w = w + w + w  // 3x² + a·z² with a = −3
        var s = y * z
        s = s + s
        let r = y * s
        var b = x * r
        b = b + b
        let h = w.squared() - (b + b)
        let rr = r.squared()
        return ProjectivePoint(x: h * s, y: w * (b - h) - (rr + rr), z: s.squared() * s)
    }

    /// The affine form, or nil for the identity (Z = 0). One inversion; variable time.
    func affineVarTime() -> AffinePoint<C>? {
        guard !z.isZero else { return nil }
        let zInverse = z.inverseVarTime()
        return AffinePoint(x: x * zInverse, y: y * zInverse)
    }
}

/// (x, y) on the curve, never the identity. Coordinates in stored form (FieldElement).
struct AffinePoint<C: ShortWeierstrassCurve>: Sendable, Equatable {
    var x: C.Coordinate, y: C.Coordinate

    var negated: AffinePoint { AffinePoint(x: x, y: -y) }

    /// SEC 1 §3.2.2.1 step 4 (the curve equation): whether y² = x³ − 3x + b.
    static func isOnCurveVarTime(x: C.Coordinate, y: C.Coordinate) -> Bool {
        let x2 = x.squared()
        let rhs = (x2 * x) - (x + x + x) + C.b
        return y.squared() == rhs
    }
}
