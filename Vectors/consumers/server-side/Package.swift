// swift-tools-version: 6.2
//
// A server's use of PureReceipt, as a package of its own: the `PureReceipt` library product and the
// opt-in Foundation interop product `PureReceiptFoundation`, by path, so it builds against the
// checkout it lives in; `name:` keeps the product references valid whatever that checkout's folder
// is called. `swift run` from this folder (see ../README.md).

import PackageDescription

let package = Package(
    name: "ServerSide",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [.package(name: "PureReceipt", path: "../../..")],
    targets: [
        .executableTarget(
            name: "ServerSide",
            dependencies: [
                .product(name: "PureReceipt", package: "PureReceipt"),
                .product(name: "PureReceiptFoundation", package: "PureReceipt"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)])
    ]
)
