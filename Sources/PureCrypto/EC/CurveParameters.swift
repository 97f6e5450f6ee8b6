// The constants of NIST P-256 and P-384 as published in NIST SP 800-186 §3.2.1 (FIPS 186-5 takes its
// curves from there; the same values are SEC 2 v2 §2.4.2 secp256r1 and §2.5.1 secp384r1): field
// prime p, group order n, coefficient b (a = −3 for both), base point G. Words are little-endian
// 64-bit limbs of the big-endian hex values published there. R² mod m and −m⁻¹ mod 2^64 are
// derived values; Tests/PureCryptoTests/ECDSAEdgeTests.swift recomputes them, checks G on the curve
// and n·G = O. Constants only: nothing here depends on input.

/// A short Weierstrass curve y² = x³ − 3x + b over F_p of prime order n (cofactor 1).
protocol ShortWeierstrassCurve {
    associatedtype Field: MontgomeryModulusParameters
    associatedtype Order: MontgomeryModulusParameters
    /// The coordinates' representation: `Residue<Field>` or a dedicated one (P-256).
    associatedtype Coordinate: FieldElement where Coordinate.Modulus == Field
    /// b·R mod p, b in the coordinates' stored form (R = 2^(64·count), or 1 for P-384).
    static var bMontgomery: Limbs { get }
    /// Affine coordinates of G (plain integers).
    static var generatorX: Limbs { get }
    static var generatorY: Limbs { get }
    /// G's tables for the double-scalar multiplication (`AffinePoint.multiplesVarTime`), of one
    /// part and of four (for keys with their own table), each built once per process at first use.
    static var generatorTable: [AffinePoint<Self>] { get }
    static var generatorParts: [AffinePoint<Self>] { get }
}

extension ShortWeierstrassCurve {
    static var b: Coordinate { Coordinate(montgomery: bMontgomery) }
}

enum P256: ShortWeierstrassCurve {
    typealias Coordinate = P256FieldElement
    enum Field: MontgomeryModulusParameters {
        static var count: Int { 4 }
        // p = 2^256 − 2^224 + 2^192 + 2^96 − 1
        static var modulus: Limbs { Limbs(0xffff_ffff_ffff_ffff, 0x0000_0000_ffff_ffff, 0, 0xffff_ffff_0000_0001) }
        static var n0: UInt64 { 1 }
        static var rSquared: Limbs {
            Limbs(0x0000_0000_0000_0003, 0xffff_fffb_ffff_ffff, 0xffff_ffff_ffff_fffe, 0x0000_0004_ffff_fffd)
        }
    }
    enum Order: MontgomeryModulusParameters {
        static var count: Int { 4 }
        static var modulus: Limbs {
            Limbs(0xf3b9_cac2_fc63_2551, 0xbce6_faad_a717_9e84, 0xffff_ffff_ffff_ffff, 0xffff_ffff_0000_0000)
        }
        static var n0: UInt64 { 0xccd1_c8aa_ee00_bc4f }
        static var rSquared: Limbs {
            Limbs(0x8324_4c95_be79_eea2, 0x4699_799c_49bd_6fa6, 0x2845_b239_2b6b_ec59, 0x66e1_2d94_f3d9_5620)
        }
    }
    static var bMontgomery: Limbs {
        Limbs(0xd89c_df62_29c4_bddf, 0xacf0_05cd_7884_3090, 0xe5a2_20ab_f721_2ed6, 0xdc30_061d_0487_4834)
    }
    static var generatorX: Limbs {
        Limbs(0xf4a1_3945_d898_c296, 0x7703_7d81_2deb_33a0, 0xf8bc_e6e5_63a4_40f2, 0x6b17_d1f2_e12c_4247)
    }
    static var generatorY: Limbs {
        Limbs(0xcbb6_4068_37bf_51f5, 0x2bce_3357_6b31_5ece, 0x8ee7_eb4a_7c0f_9e16, 0x4fe3_42e2_fe1a_7f9b)
    }
    /// Swift initialises a global or static `let` once, thread-safely, on first use.
    static let generatorTable: [AffinePoint<P256>] = AffinePoint<P256>.generatorMultiplesVarTime(parts: 1)
    static let generatorParts: [AffinePoint<P256>] = AffinePoint<P256>.generatorMultiplesVarTime(parts: 4)
}

enum P384: ShortWeierstrassCurve {
    typealias Coordinate = P384FieldElement
    enum Field: MontgomeryModulusParameters {
        static var count: Int { 6 }
        // p = 2^384 − 2^128 − 2^96 + 2^32 − 1
        static var modulus: Limbs {
            Limbs(
                0x0000_0000_ffff_ffff, 0xffff_ffff_0000_0000, 0xffff_ffff_ffff_fffe, 0xffff_ffff_ffff_ffff,
                0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff)
        }
        static var n0: UInt64 { 0x0000_0001_0000_0001 }
        static var rSquared: Limbs {
            Limbs(
                0xffff_fffe_0000_0001, 0x0000_0002_0000_0000, 0xffff_fffe_0000_0000, 0x0000_0002_0000_0000,
                0x0000_0000_0000_0001, 0)
        }
    }
    enum Order: MontgomeryModulusParameters {
        static var count: Int { 6 }
        static var modulus: Limbs {
            Limbs(
                0xecec_196a_ccc5_2973, 0x581a_0db2_48b0_a77a, 0xc763_4d81_f437_2ddf, 0xffff_ffff_ffff_ffff,
                0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff)
        }
        static var n0: UInt64 { 0x6ed4_6089_e88f_dc45 }
        static var rSquared: Limbs {
            Limbs(
                0x2d31_9b24_19b4_09a9, 0xff3d_81e5_df1a_a419, 0xbc3e_483a_fcb8_2947, 0xd40d_4917_4aab_1cc5,
                0x3fb0_5b7a_2826_6895, 0x0c84_ee01_2b39_bf21)
        }
    }
    static var bMontgomery: Limbs {  // b itself: P384FieldElement's R is 1
        Limbs(
            0x2a85_c8ed_d3ec_2aef, 0xc656_398d_8a2e_d19d, 0x0314_088f_5013_875a, 0x181d_9c6e_fe81_4112,
            0x988e_056b_e3f8_2d19, 0xb331_2fa7_e23e_e7e4)
    }
    static var generatorX: Limbs {
        Limbs(
            0x3a54_5e38_7276_0ab7, 0x5502_f25d_bf55_296c, 0x59f7_41e0_8254_2a38, 0x6e1d_3b62_8ba7_9b98,
            0x8eb1_c71e_f320_ad74, 0xaa87_ca22_be8b_0537)
    }
    static var generatorY: Limbs {
        Limbs(
            0x7a43_1d7c_90ea_0e5f, 0x0a60_b1ce_1d7e_819d, 0xe9da_3113_b5f0_b8c0, 0xf8f4_1dbd_289a_147c,
            0x5d9e_98bf_9292_dc29, 0x3617_de4a_9626_2c6f)
    }
    /// Swift initialises a global or static `let` once, thread-safely, on first use.
    static let generatorTable: [AffinePoint<P384>] = AffinePoint<P384>.generatorMultiplesVarTime(parts: 1)
    static let generatorParts: [AffinePoint<P384>] = AffinePoint<P384>.generatorMultiplesVarTime(parts: 4)
}
