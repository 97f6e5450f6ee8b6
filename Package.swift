// swift-tools-version: 6.2
//
// PureReceipt: parse and verify Apple App Store receipts in pure Swift.
// No package dependencies. Library targets import only the Swift standard library, except the
// opt-in Foundation interop product (PureReceiptFoundation), the one target that imports Foundation.

import PackageDescription

/// Settings every library target builds with: Swift 6 mode, strict memory safety
/// diagnostics as errors (every unsafe construct must be marked `unsafe`), and all
/// warnings as errors.
let librarySettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .strictMemorySafety(),
    .treatWarning("StrictMemorySafety", as: .error),
    .treatAllWarnings(as: .error),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "PureReceipt",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "PureReceipt", targets: ["PureReceipt"]),
        // Opt-in: Date, Data and UUID conveniences over PureReceipt, for code that uses Foundation.
        .library(name: "PureReceiptFoundation", targets: ["PureReceiptFoundation"]),
        // Opt-in, for servers: private keys, constant-time ES256, offer signatures, signed JWS and
        // App Store Server API tokens. PureReceipt does not depend on it: apps that only verify
        // never link key-handling code.
        .library(name: "PureReceiptSigning", targets: ["PureReceiptSigning"]),
        .executable(name: "purereceipt", targets: ["purereceipt"]),
        .executable(name: "purereceipt-bench", targets: ["purereceipt-bench"]),
        .executable(name: "purereceipt-wasm-driver", targets: ["purereceipt-wasm-driver"]),
    ],
    targets: [
        // Library layers: a strict DAG, lower layers never import higher ones.
        .target(name: "PureDER", swiftSettings: librarySettings),
        .target(name: "PureJSON", swiftSettings: librarySettings),
        .target(name: "PureCrypto", dependencies: ["PureDER"], swiftSettings: librarySettings),
        .target(name: "PureX509", dependencies: ["PureDER", "PureJSON", "PureCrypto"], swiftSettings: librarySettings),
        .target(
            name: "PureReceipt", dependencies: ["PureDER", "PureJSON", "PureCrypto", "PureX509"],
            swiftSettings: librarySettings),
        // The runner of `verify` (Docs/ARCHITECTURE.md, "One runner"): options and input bytes to an
        // outcome, shared by the command-line tool (one input, batch) and the WebAssembly module.
        // Embedded-compatible; not part of any library product.
        .target(
            name: "PureReceiptRunner", dependencies: ["PureDER", "PureJSON", "PureX509", "PureReceipt"],
            swiftSettings: librarySettings),
        // The one library target that imports Foundation (.ci/check-imports).
        .target(
            name: "PureReceiptFoundation", dependencies: ["PureReceipt"], swiftSettings: librarySettings),

        // The signing product: the lower layers only, never PureX509 or PureReceipt.
        .target(
            name: "PureReceiptSigning", dependencies: ["PureDER", "PureJSON", "PureCrypto"],
            swiftSettings: librarySettings),

        // Tools: never part of the library product.
        .executableTarget(
            name: "purereceipt",
            dependencies: ["PureReceipt", "PureReceiptRunner", "PureReceiptFoundation", "PureReceiptSigning"]),
        .executableTarget(
            name: "purereceipt-bench",
            dependencies: ["PureReceipt", "PureX509", "PureCrypto", "PureDER", "PureJSON", "PureReceiptSigning"]),
        // Fuzzing: one entry point per fuzz target, and one executable that is a libFuzzer
        // harness when built with -DFUZZING (see Docs/FUZZING.md) and a replayer otherwise.
        .target(
            name: "PureReceiptFuzzing",
            dependencies: ["PureReceipt", "PureX509", "PureJSON", "PureCrypto", "PureDER", "PureReceiptSigning"],
            swiftSettings: librarySettings),
        .executableTarget(name: "purereceipt-fuzz", dependencies: ["PureReceiptFuzzing"]),
        // The WebAssembly module's verification (Sources/PureReceiptWasm, Docs/EMBEDDING.md) as a
        // native program over stdin/stdout: type-checked by every build, timed against the module.
        // The module itself (with its allocator and exports) is built as Embedded Swift by
        // .ci/wasm-build, which also builds this driver as Embedded Swift.
        .executableTarget(
            name: "purereceipt-wasm-driver", dependencies: ["PureReceipt", "PureReceiptRunner"], path: "Sources/PureReceiptWasm",
            exclude: ["Allocator.swift", "Exports.swift", "RuntimeSupport.swift"],
            swiftSettings: librarySettings + [.enableExperimentalFeature("Extern")]),

        // Tests mirror sources. What every test target shares (where the package, its vectors and the
        // shared corpus are; the gate of the whole sweeps) is one support target, in no product.
        .target(name: "PureReceiptTestSupport", path: "Tests/PureReceiptTestSupport"),
        .testTarget(name: "PureDERTests", dependencies: ["PureDER", "PureReceiptTestSupport"]),
        .testTarget(name: "PureJSONTests", dependencies: ["PureJSON"]),
        .testTarget(name: "PureCryptoTests", dependencies: ["PureCrypto", "PureDER", "PureReceiptTestSupport"]),
        .testTarget(
            name: "PureX509Tests", dependencies: ["PureX509", "PureCrypto", "PureDER", "PureReceiptTestSupport"]),
        .testTarget(
            name: "PureReceiptTests",
            dependencies: ["PureReceipt", "PureX509", "PureCrypto", "PureDER", "PureReceiptTestSupport"]),
        .testTarget(
            name: "PureReceiptFoundationTests",
            dependencies: ["PureReceiptFoundation", "PureReceipt", "PureReceiptTestSupport"]),
        .testTarget(
            name: "PureReceiptSigningTests",
            dependencies: ["PureReceiptSigning", "PureCrypto", "PureDER", "PureJSON", "PureReceiptTestSupport"]),
        .testTarget(
            name: "PurereceiptCLITests",
            dependencies: ["purereceipt", "PureReceipt", "PureReceiptRunner", "PureReceiptTestSupport"]),
        // The runner's three front ends in process, over the conformance manifests' verify cases.
        .testTarget(
            name: "PureReceiptRunnerTests",
            dependencies: [
                "PureReceiptRunner", "PureReceipt", "purereceipt", "purereceipt-wasm-driver", "PureReceiptTestSupport",
            ]),
        .testTarget(name: "PureReceiptFuzzingTests", dependencies: ["PureReceiptFuzzing", "PureReceiptTestSupport"]),
    ]
)
