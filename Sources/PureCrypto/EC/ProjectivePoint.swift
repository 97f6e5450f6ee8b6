// Point addition and doubling on y² = x³ − 3x + b with the complete projective formulas of
// J. Renes, C. Costello, L. Batina, "Complete addition formulas for prime order elliptic curves"
// (EUROCRYPT 2016, ePrint 2015/1060): Algorithm 4 (addition), 5 (mixed addition) and 6 (doubling)
// for a = −3. The step numbers in comments are the paper's.
//
// Accepts: any points of the curve, including the identity (0 : 1 : 0), P + P and P + (−P), with
// no case distinction: the formulas are complete on prime-order curves (the paper's Theorem 1),
// so no input choice reaches an exceptional case. The mixed addition's affine operand is never
// the identity (it has no affine form); only generator multiples are passed there.
// Deliberately does not check that inputs are on the curve: keys are checked once on decoding.
// Timing: the formulas are branch-free, but the field operations underneath are variable-time
// (MontgomeryResidue.swift), hence the `VarTime` names; every input of verification is public.

/// (X : Y : Z) with x = X/Z, y = Y/Z; the identity is (0 : 1 : 0). Coordinates in Montgomery form.
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

    /// Algorithm 6: 2·self, complete (the identity doubles to the identity).
    func doubledVarTime() -> ProjectivePoint {
        let b = C.b
        var t0 = x.squared()
        let t1 = y.squared()
        var t2 = z.squared()  // 1–3
        var t3 = x * y
        t3 = t3 + t3
        var z3 = x * z  // 4–6
        z3 = z3 + z3
        var y3 = b * t2
        y3 = y3 - z3  // 7–9
        var x3 = y3 + y3
        y3 = x3 + y3
        x3 = t1 - y3  // 10–12
        y3 = t1 + y3
        y3 = x3 * y3
        x3 = x3 * t3  // 13–15
        t3 = t2 + t2
        t2 = t2 + t3
        z3 = b * z3  // 16–18
        z3 = z3 - t2
        z3 = z3 - t0
        t3 = z3 + z3  // 19–21
        z3 = z3 + t3
        t3 = t0 + t0
        t0 = t3 + t0  // 22–24
        t0 = t0 - t2
        t0 = t0 * z3
        y3 = y3 + t0  // 25–27
        t0 = y * z
        t0 = t0 + t0
        z3 = t0 * z3  // 28–30
        x3 = x3 - z3
        z3 = t0 * t1
        z3 = z3 + z3  // 31–33
        z3 = z3 + z3  // 34
        return ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// The affine form, or nil for the identity (Z = 0). One inversion; variable time.
    func affineVarTime() -> AffinePoint<C>? {
        guard !z.isZero else { return nil }
        let zInverse = z.inverseVarTime()
        return AffinePoint(x: x * zInverse, y: y * zInverse)
    }
}

/// (x, y) on the curve, never the identity. Coordinates in Montgomery form.
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
