#!/usr/bin/env python3
"""Generates edge-cases.json: ECDSA P-256/P-384 signatures built to reach the corners of
verification (FIPS 186-5 §6.4.2) that random signatures never reach.

Pure Python (standard library only), affine arithmetic written from the curve equation; the
curve constants are NIST SP 800-186 §3.2.1. Deterministic: a fixed seed, so rerunning
rewrites the same file.

  python3 Vectors/ecdsa/generate.py > Vectors/ecdsa/edge-cases.json

Every case: curve, key (SEC 1 uncompressed, hex), digest (hex), signature as raw r || s (hex),
expected (true = valid), and what it exercises.
"""
import json
import random

CURVES = {
    "P-256": dict(
        p=2**256 - 2**224 + 2**192 + 2**96 - 1,
        n=0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
        b=0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B,
        g=(0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
           0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5),
        size=32),
    "P-384": dict(
        p=2**384 - 2**128 - 2**96 + 2**32 - 1,
        n=0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973,
        b=0xB3312FA7E23EE7E4988E056BE3F82D19181D9C6EFE8141120314088F5013875AC656398D8A2ED19D2A85C8EDD3EC2AEF,
        g=(0xAA87CA22BE8B05378EB1C71EF320AD746E1D3B628BA79B9859F741E082542A385502F25DBF55296C3A545E3872760AB7,
           0x3617DE4A96262C6F5D9E98BF9292DC29F8F41DBD289A147CE9DA3113B5F0B8C00A60B1CE1D7E819D7A431D7C90EA0E5F),
        size=48),
}


def add(c, a, b):
    """Affine addition with None as the identity (a = -3)."""
    p = c["p"]
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0] and (a[1] + b[1]) % p == 0:
        return None
    if a == b:
        slope = (3 * a[0] * a[0] - 3) * pow(2 * a[1], -1, p) % p
    else:
        slope = (b[1] - a[1]) * pow(b[0] - a[0], -1, p) % p
    x = (slope * slope - a[0] - b[0]) % p
    return (x, (slope * (a[0] - x) - a[1]) % p)


def mul(c, k, point):
    result = None
    for bit in bin(k % c["n"])[2:] if k % c["n"] else "":
        result = add(c, result, result)
        if bit == "1":
            result = add(c, result, point)
    return result


def sec1(c, q):
    return "04" + q[0].to_bytes(c["size"], "big").hex() + q[1].to_bytes(c["size"], "big").hex()


def raw(c, r, s):
    return r.to_bytes(c["size"], "big").hex() + s.to_bytes(c["size"], "big").hex()


def sign(c, d, e, rng):
    n = c["n"]
    while True:
        k = rng.randrange(1, n)
        r = mul(c, k, c["g"])[0] % n
        s = pow(k, -1, n) * (e + r * d) % n
        if r and s:
            return r, s


def cases_for(name, rng):
    c = CURVES[name]
    n, p, g, size = c["n"], c["p"], c["g"], c["size"]
    out = []

    def case(what, q, digest, r, s, expected):
        out.append(dict(curve=name, what=what, key=sec1(c, q), digest=digest.hex(), signature=raw(c, r, s),
                        expected=expected))

    d = rng.randrange(1, n)
    q = mul(c, d, g)
    digest = rng.randbytes(size)
    e = int.from_bytes(digest, "big") % n
    r, s = sign(c, d, e, rng)
    case("FIPS 186-5 §6.4.2: a valid signature", q, digest, r, s, True)
    case("FIPS 186-5 §6.4.2 step 2: r = 0", q, digest, 0, s, False)
    case("FIPS 186-5 §6.4.2 step 2: s = 0", q, digest, r, 0, False)
    case("FIPS 186-5 §6.4.2 step 2: r = n", q, digest, n, s, False)
    case("FIPS 186-5 §6.4.2 step 2: s = n", q, digest, r, n, False)
    case("FIPS 186-5 §6.4.2 step 2: r = n + 1", q, digest, n + 1, s, False)
    case("FIPS 186-5 §6.4.2 step 2: s = n + 1", q, digest, r, n + 1, False)
    case("FIPS 186-5 §6.4.2 step 2: r = 2^bits - 1", q, digest, 2 ** (8 * size) - 1, s, False)

    # Q = G and e = r: u1 = e/s = r/s = u2, so u1·G + u2·Q = 2·u1·G is a doubling.
    k = rng.randrange(1, n)
    r = mul(c, k, g)[0] % n
    s = 2 * r * pow(k, -1, n) % n  # s = k⁻¹(e + r·1) with e = r
    case("FIPS 186-5 §6.4.2 step 5: Q = G and u1 = u2, the sum is a doubling", g, r.to_bytes(size, "big"), r, s, True)

    # Q = −G and e = r: u1·G + u2·Q = (u1 − u2)·G = O, which must be rejected.
    minus_g = (g[0], p - g[1])
    s = rng.randrange(1, n)
    case("FIPS 186-5 §6.4.2 step 5: Q = −G and u1 = u2, the sum is the identity", minus_g, r.to_bytes(size, "big"), r, s,
         False)

    # x_R in [n, p): r = x_R − n is valid, r = x_R is out of range. Q is solved from R.
    while True:
        x = rng.randrange(n, p)
        rhs = (x ** 3 - 3 * x + c["b"]) % p
        y = pow(rhs, (p + 1) // 4, p)  # p ≡ 3 (mod 4) for both curves
        if y * y % p == rhs:
            break
    big_r = (x, y)
    r = x - n
    s = rng.randrange(1, n)
    digest = rng.randbytes(size)
    e = int.from_bytes(digest, "big") % n
    u1, u2 = e * pow(s, -1, n) % n, r * pow(s, -1, n) % n
    q = mul(c, pow(u2, -1, n), add(c, big_r, mul(c, n - u1, g)))
    case("FIPS 186-5 §6.4.2 step 7: x_R ≥ n, r = x_R − n (the r + n < p comparison)", q, digest, r, s, True)
    case("FIPS 186-5 §6.4.2 step 2: x_R ≥ n, r = x_R itself is ≥ n", q, digest, x, s, False)

    # FIPS 186-5 §6.4.1: a digest longer than n is truncated to its leftmost len(n) bits.
    d = rng.randrange(1, n)
    q = mul(c, d, g)
    long_digest = rng.randbytes(size + 16)
    e = int.from_bytes(long_digest[:size], "big") % n
    r, s = sign(c, d, e, rng)
    case("FIPS 186-5 §6.4.1: a longer digest is truncated to len(n) bits", q, long_digest, r, s, True)
    e_wrong = int.from_bytes(long_digest, "big") % n
    r, s = sign(c, d, e_wrong, rng)
    case("FIPS 186-5 §6.4.1: a signature over the untruncated digest is invalid", q, long_digest, r, s, False)
    short_digest = rng.randbytes(20)
    r, s = sign(c, d, int.from_bytes(short_digest, "big"), rng)
    case("FIPS 186-5 §6.4.1: a shorter digest is its integer value", q, short_digest, r, s, True)
    return out


def main():
    rng = random.Random(20261124)
    cases = cases_for("P-256", rng) + cases_for("P-384", rng)
    print(json.dumps({"about": __doc__.strip().splitlines()[0], "generator": "Vectors/ecdsa/generate.py",
                      "cases": cases}, indent=1))


if __name__ == "__main__":
    main()
