// Point doubling and addition on y² = x³ − 3x + b in Jacobian coordinates: (X : Y : Z) stands for
// x = X/Z², y = Y/Z³, and every triple with Z = 0 for the identity O. The formulas are those of the
// Explicit-Formulas Database (hyperelliptic.org/EFD, "g1p/auto-shortw-jacobian-3"):
// - doubling "dbl-2001-b" for a = −3, with Z₃ = 2·Y·Z written as a product (4M + 4S):
//   δ = Z², γ = Y², β = X·γ, α = 3(X − δ)(X + δ), X₃ = α² − 8β, Y₃ = α(4β − X₃) − 8γ², Z₃ = 2YZ;
// - mixed addition of an affine point (x₂, y₂) "madd-2004-hmv" (8M + 3S):
//   H = x₂Z₁² − X₁, r = y₂Z₁³ − Y₁, X₃ = r² − H³ − 2X₁H², Y₃ = r(X₁H² − X₃) − Y₁H³, Z₃ = Z₁H.
// Both are incomplete, so every exceptional input is decided by a branch before the formula:
// - doubling O: Z = 0, returned unchanged (2·O = O);
// - doubling a point with y = 0 would give Z₃ = 0 though 2P = O is right there too, but such a
//   point has order 2, and a curve of prime order n > 2 (P-256, P-384: cofactor 1) has none;
// - O + q: Z₁ = 0, the answer is q itself;
// - self + q with the same x (H = 0, since Z₁ ≠ 0 is invertible: x₂ = X₁/Z₁²): then y₁ = ±y₂. If
//   also r = 0, self = q and the sum is the doubling 2q; otherwise self = −q and the sum is O. (The
//   two coincide only for y₂ = 0, order 2 again.) For H ≠ 0 the formula is the chord rule and Z₃ =
//   Z₁H ≠ 0: the sum of two points with different x is never O.
// The affine operand is never O (it has no affine form). Adding O to an accumulator, or O as
// the affine operand, is therefore not expressible; every other pair is handled.
//
// Deliberately does not check that inputs are on the curve: keys are checked once on decoding.
// Timing: variable (the branches above, and the field operations underneath:
// MontgomeryResidue.swift), hence the `VarTime` names; every input of verification is public.

/// (X : Y : Z) with x = X/Z², y = Y/Z³; Z = 0 is the identity. Coordinates in stored form (FieldElement).
struct JacobianPoint<C: ShortWeierstrassCurve>: Sendable {
    typealias F = C.Coordinate
    var x: F, y: F, z: F

    static var identity: JacobianPoint { JacobianPoint(x: .one, y: .one, z: .zero) }

    init(x: F, y: F, z: F) { (self.x, self.y, self.z) = (x, y, z) }
    init(_ p: AffinePoint<C>) { (x, y, z) = (p.x, p.y, .one) }

    /// 2·self, "dbl-2001-b" for a = −3 (formulas and exceptional cases in the file header).
    func doubledVarTime() -> JacobianPoint {
        guard !z.isZero else { return self }
        let delta = z.squared()
        let gamma = y.squared()
        var alpha = (x - delta) * (x + delta)
        alpha = alpha + alpha + alpha  // 3x² + a·z⁴ with a = −3
        var beta4 = x * gamma
        beta4 = beta4 + beta4
        beta4 = beta4 + beta4
        let x3 = alpha.squared() - (beta4 + beta4)
        var gamma8 = gamma.squared()
        gamma8 = gamma8 + gamma8
        gamma8 = gamma8 + gamma8
        let z3 = y * z
        return JacobianPoint(x: x3, y: alpha * (beta4 - x3) - (gamma8 + gamma8), z: z3 + z3)
    }

    /// self + q for an affine q, "madd-2004-hmv"; O + q, self = q and self = −q by branches (file header).
    func addingVarTime(_ q: AffinePoint<C>) -> JacobianPoint {
        guard !z.isZero else { return JacobianPoint(q) }
        let zz = z.squared()
        let h = q.x * zz - x
        let r = q.y * (zz * z) - y
        if h.isZero { return r.isZero ? JacobianPoint(q).doubledVarTime() : .identity }
        let hh = h.squared()
        let hhh = hh * h
        let v = x * hh
        let x3 = r.squared() - hhh - (v + v)
        return JacobianPoint(x: x3, y: r * (v - x3) - y * hhh, z: z * h)
    }

    /// The affine forms of `points`, none of them O, with one inversion for all (Montgomery's trick:
    /// the running products Z₁·…·Zᵢ, one inversion of the last, then Zᵢ⁻¹ = (Z₁·…·Zᵢ)⁻¹ · (Z₁·…·Zᵢ₋₁),
    /// walking back); empty if any is O.
    static func affineVarTime(_ points: [JacobianPoint]) -> [AffinePoint<C>] {
        var products = [F.one]  // products[i] = Z₁·…·Zᵢ
        for point in points { products.append(products[products.count - 1] * point.z) }
        guard !products[points.count].isZero else { return [] }
        var inverse = products[points.count].inverseVarTime()  // (Z₁·…·Zᵢ)⁻¹ for i from the last down
        var affine = [AffinePoint<C>](repeating: AffinePoint(x: .zero, y: .zero), count: points.count)
        for i in stride(from: points.count - 1, through: 0, by: -1) {
            let zInverse = inverse * products[i]
            inverse = inverse * points[i].z
            let zz = zInverse.squared()
            affine[i] = AffinePoint(x: points[i].x * zz, y: points[i].y * (zz * zInverse))
        }
        return affine
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
