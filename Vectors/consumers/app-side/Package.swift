// swift-tools-version: 6.2
//
// An app's use of PureReceipt, as a package of its own: it depends on the `PureReceipt` library
// product only (no Foundation interop product, no lower module), by path, so it builds against the
// checkout it lives in; `name:` keeps the product reference valid whatever that checkout's folder
// is called. `swift run` from this folder (see ../README.md).

import PackageDescription

let package = Package(
    name: "AppSide",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [.package(name: "PureReceipt", path: "../../..")],
    targets: [
        .executableTarget(
            name: "AppSide",
            dependencies: [.product(name: "PureReceipt", package: "PureReceipt")],
            swiftSettings: [.swiftLanguageMode(.v6)])
    ]
)
