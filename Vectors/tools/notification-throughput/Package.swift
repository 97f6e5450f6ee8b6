// swift-tools-version: 6.2
// A stand-alone throughput probe for StoreKit 2 notification verification (Docs/CONFORMANCE.md,
// "Throughput"). Its own package, beside the project rather than in it: it links the PureReceipt
// library product by path and adds nothing to the project's package graph.
import PackageDescription

let package = Package(
    name: "notification-throughput",
    dependencies: [.package(name: "PureReceipt", path: "../../..")],
    targets: [
        .executableTarget(
            name: "notification-throughput",
            dependencies: [.product(name: "PureReceipt", package: "PureReceipt")])
    ]
)
