// Replays every saved fuzz input through its target's entry point: the seeds under
// Vectors/fuzz/seeds/<target>/ and every crash ever found under Vectors/fuzz/regressions/<target>/.
//
// The entry points only need to return: a trap crashes the test process, and that is the failure
// signal (a regression of a fixed crash, or a seed that now traps). Timing is deliberately not
// asserted here; libFuzzer's `-timeout=1` is where slowness is caught.

import Foundation
import PureReceiptFuzzing
import PureReceiptTestSupport
import Testing

/// Vectors/fuzz.
let fuzzVectors = PackageFiles.vector("fuzz")

/// The regular files directly inside `Vectors/fuzz/<kind>/<target>`, sorted; empty when the folder is absent.
func savedInputs(_ kind: String, _ target: String) -> [URL] {
    let folder = fuzzVectors.appendingPathComponent(kind).appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }.filter { url in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}

@Suite("Fuzz corpus replay")
struct FuzzReplayTests {
    @Test("Every fuzz target has an entry point, and no unknown name resolves")
    func targetsResolve() {
        #expect(FuzzTargets.names.count == 13)
        for name in FuzzTargets.names { #expect(FuzzTargets.entryPoint(named: name) != nil, "\(name)") }
        #expect(FuzzTargets.entryPoint(named: "nope") == nil)
    }

    @Test("Seeds replay without a trap (every 16th seed)", arguments: FuzzTargets.names)
    func seeds(target: String) throws {
        try Self.replaySeeds(target: target, every: 16)
    }

    @Test("Every seed replays without a trap", .fullTests, arguments: FuzzTargets.names)
    func fullSeeds(target: String) throws {
        try Self.replaySeeds(target: target, every: 1)
    }

    /// Replays every `stride`-th seed of `target` in name order (every seed with a stride of 1).
    static func replaySeeds(target: String, every stride: Int) throws {
        let entry = try #require(FuzzTargets.entryPoint(named: target))
        let files = savedInputs("seeds", target)
        #expect(files.count > 0, "no seeds for \(target): run Vectors/fuzz/make-seeds.sh")
        for (index, file) in files.enumerated() where index % stride == 0 { entry(try PackageFiles.bytes(file)) }
    }

    @Test("Minimized crashes (regressions) replay without a trap", arguments: FuzzTargets.names)
    func regressions(target: String) throws {
        let entry = try #require(FuzzTargets.entryPoint(named: target))
        let files = savedInputs("regressions", target)
        if files.isEmpty {
            print("fuzz regressions: \(target): none recorded (Vectors/fuzz/regressions/\(target)/ is empty)")
        } else {
            print("fuzz regressions: \(target): replaying \(files.count) file(s)")
        }
        for file in files {
            #expect(file.lastPathComponent.hasPrefix("crash-"), "regression files are named crash-<what>")
            entry(try PackageFiles.bytes(file))
        }
    }

    @Test(
        "The verify target's policy accepts the valid synthetic receipts, so fuzzing reaches every check",
        arguments: [
            "valid-der-sha256.der", "valid-der-sha1.der", "valid-ber-xcode-shape-sha256.der",
            "valid-xcode-signed.der", "valid-der-sha256.b64",
        ])
    func verifyPolicyAcceptsValidSeeds(file: String) throws {
        let bytes = try PackageFiles.bytes(fuzzVectors.appendingPathComponent("seeds/verify/" + file))
        let rejection = FuzzTargets.rejectionUnderTestPolicy(bytes)
        #expect(rejection == nil, "\(file) rejected: \(rejection ?? "")")
    }

    @Test("The embedded test anchors are Vectors/pki/root.der and xcode.der, byte for byte")
    func anchorMatchesFile() throws {
        let pki = PackageFiles.vector("pki")
        let root = try PackageFiles.bytes(pki.appendingPathComponent("root.der"))
        let xcode = try PackageFiles.bytes(pki.appendingPathComponent("xcode.der"))
        #expect(root == FuzzTargets.testRootDER, "rerun Vectors/fuzz/make-anchor.sh")
        #expect(xcode == FuzzTargets.testXcodeDER, "rerun Vectors/fuzz/make-anchor.sh")
    }
}
