// The long sweeps (every vector of a large file, every bit or byte of an input, every checkpoint of
// a chain, every saved fuzz seed, every conformance entry through the spawned tool) run whole only
// when PURERECEIPT_FULL_TESTS=1 is set; CI sets it (.ci/run). Without it, `swift test` runs a
// sample of each sweep (`FullTests.sample`, a fixed stride) and reports the whole sweep as skipped,
// with the reason below, never as passed.
//
// Each whole sweep is a test with the fullTests trait whose function name starts with `full`, next
// to its sampled form (same checks, fewer inputs): `.ci/run` selects them with
// `--filter '/full[A-Z]'` and checks that every test with the trait is named so.

import Foundation
import Testing

/// The gate of the whole sweeps.
public enum FullTests {
    /// True when the environment has PURERECEIPT_FULL_TESTS=1.
    public static let isEnabled = ProcessInfo.processInfo.environment["PURERECEIPT_FULL_TESTS"] == "1"

    /// Why a whole sweep did not run.
    public static let reason: Comment = "set PURERECEIPT_FULL_TESTS=1 to run the full sweep"

    /// Every `stride`-th element of `items`, in order, starting with the first.
    public static func sample<T>(_ items: [T], every stride: Int) -> [T] {
        items.indices.filter { $0 % stride == 0 }.map { items[$0] }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when PURERECEIPT_FULL_TESTS=1; otherwise it is reported as skipped.
    public static var fullTests: Self { .enabled(if: FullTests.isEnabled, FullTests.reason) }
}
