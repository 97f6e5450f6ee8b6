// The long sweeps of this target (every vector through every path, every position of a real
// receipt, every bit of a signed blob) run whole only when PURERECEIPT_FULL_TESTS=1 is set; CI sets
// it (.ci/run). Without it, `swift test` runs a sample of each sweep with a fixed stride and reports
// the whole sweep as skipped, with the reason below, never as passed.
//
// Each whole sweep is a test whose function name starts with `full`, next to its sampled form (same
// checks, fewer inputs): `.ci/run` selects them with `--filter`.

import Foundation
import Testing

enum FullTests {
    /// True when the environment has PURERECEIPT_FULL_TESTS=1.
    static let isEnabled = ProcessInfo.processInfo.environment["PURERECEIPT_FULL_TESTS"] == "1"

    /// Why a whole sweep did not run.
    static let reason: Comment = "set PURERECEIPT_FULL_TESTS=1 to run the full sweep"

    /// Every `stride`-th element of `items`, in order, starting with the first.
    static func sample<T>(_ items: [T], every stride: Int) -> [T] {
        items.indices.filter { $0 % stride == 0 }.map { items[$0] }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when PURERECEIPT_FULL_TESTS=1; otherwise it is reported as skipped.
    static var fullTests: Self { .enabled(if: FullTests.isEnabled, FullTests.reason) }
}
