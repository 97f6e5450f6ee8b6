// The long sweeps of this target (hundreds of tampered receipts, each verified whole) run in full
// only when PURERECEIPT_FULL_TESTS=1 is set; CI sets it (.ci/run). Without it, `swift test` runs a
// sample of each sweep, evenly spread, and reports the whole sweep as skipped, with the reason
// below, never as passed.
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
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when PURERECEIPT_FULL_TESTS=1; otherwise it is reported as skipped.
    static var fullTests: Self { .enabled(if: FullTests.isEnabled, FullTests.reason) }
}
