// A reference for the ECDSA point arithmetic: the complete projective addition of J. Renes,
// C. Costello, L. Batina, "Complete addition formulas for prime order elliptic curves" (EUROCRYPT
// 2016, ePrint 2015/1060), Algorithm 4 for a = −3 (the library's formula before its Jacobian
// coordinates; the step numbers in comments are the paper's). Complete on prime-order curves, so
// P + P, P + (−P) and O need no case; scalar multiples by plain double-and-add with it, one
// scalar at a time. Slow and branch-free in the formula; shares nothing with JacobianPoint.swift.

@testable import PureCrypto

/// (X : Y : Z) with x = X/Z, y = Y/Z; the identity is (0 : 1 : 0).
struct CompleteReferencePoint<C: ShortWeierstrassCurve> {
    typealias F = C.Coordinate
    var x: F, y: F, z: F

    static var identity: CompleteReferencePoint { CompleteReferencePoint(x: .zero, y: .one, z: .zero) }

    init(x: F, y: F, z: F) { (self.x, self.y, self.z) = (x, y, z) }
    init(_ p: AffinePoint<C>) { (x, y, z) = (p.x, p.y, .one) }

    /// The affine form, or nil for the identity.
    var affine: AffinePoint<C>? {
        guard !z.isZero else { return nil }
        let zInverse = z.inverseVarTime()
        return AffinePoint(x: x * zInverse, y: y * zInverse)
    }

    /// k·p for k < 2^384, by double-and-add from the top bit.
    static func multiple(_ k: Limbs, _ p: AffinePoint<C>) -> CompleteReferencePoint {
        var result = CompleteReferencePoint.identity
        for i in stride(from: 64 * C.Order.count - 1, through: 0, by: -1) {
            result = result.adding(result)
            if k.bit(i) == 1 { result = result.adding(CompleteReferencePoint(p)) }
        }
        return result
    }

    /// Algorithm 4: self + q, complete.
    func adding(_ q: CompleteReferencePoint) -> CompleteReferencePoint {
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
        return CompleteReferencePoint(x: x3, y: y3, z: z3)
    }
}
