// SHA-1 / SHA-256 one-shot digests of 64 B, 1 KiB, 16 KiB and 1 MiB, paired with the anchor's
// `sha256_lowlevel_*` / `sha1_lowlevel_*` (SHA256_Init/Update/Final on the same bytes). The
// `sha384_*` / `sha512_*` cases have no anchor: they are for instruction counts against an earlier
// build (`compare.py --base` that build).

import PureCrypto

/// The anchor's input: byte i of the 1 MiB buffer is (i · 131 + 7) mod 256 (bench_openssl.c).
let hashInput: [UInt8] = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }

let hashSizes = [64, 1024, 16384, 1_048_576]

let hashCases: [BenchCase] =
    hashSizes.map { n in
        BenchCase(name: "sha256_lowlevel_\(n)", bytes: n) { _ in
            let input = hashInput[0..<n]
            return { benchSink &+= UInt64(SHA256.hash(input)[0]) }
        }
    }
    + hashSizes.map { n in
        BenchCase(name: "sha1_lowlevel_\(n)", bytes: n) { _ in
            let input = hashInput[0..<n]
            return { benchSink &+= UInt64(SHA1.hash(input)[0]) }
        }
    }
    + hashSizes.map { n in
        BenchCase(name: "sha384_lowlevel_\(n)", bytes: n) { _ in
            let input = hashInput[0..<n]
            return { benchSink &+= UInt64(SHA384.hash(input)[0]) }
        }
    }
    + hashSizes.map { n in
        BenchCase(name: "sha512_lowlevel_\(n)", bytes: n) { _ in
            let input = hashInput[0..<n]
            return { benchSink &+= UInt64(SHA512.hash(input)[0]) }
        }
    }
