// Locating files of the package from tests: #filePath of this file → package root → Vectors/.
// Shared by every suite of PureCryptoTests.

import Foundation

/// The package root (the folder holding Package.swift), found from this file's own path:
/// <root>/Tests/PureCryptoTests/TestPaths.swift.
func packageRoot() -> URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PureCryptoTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // root
}

/// <root>/Vectors.
func vectorsDirectory() -> URL {
    packageRoot().appendingPathComponent("Vectors")
}
