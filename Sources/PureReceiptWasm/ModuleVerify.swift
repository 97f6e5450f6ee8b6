// ModuleVerify: `purereceipt verify --json` without a file system, a clock or a process: the input
// bytes and a request (VerifyRequest.swift) in, the exit status and the exact document the command
// prints on standard output back. The request becomes the runner's (Sources/PureReceiptRunner), the
// one the command runs for each input, so both give the same bytes for the same input and options;
// .ci/wasm compares them over every vector.
//
// What the command does that the module does not: it reads files (certificates arrive as bytes, so
// a certificate that does not parse is named `roots[i]`, not by its path), and it reads the clock
// when --now is absent (the module requires `now` for app receipts, and `now`, the host's clock, is
// no option any format refuses). Every message the module returns names the request member
// (`kind`, `appAppleId`), not the command's option (OptionWords.request): its host never wrote a
// command line. Those words are the only difference from the command's document (compare.py maps
// them).

import PureReceipt
import PureReceiptRunner
import PureX509

/// The outcome of one verification: the command's exit status and standard output.
struct ModuleOutcome {
    /// 0 genuine, 1 not genuine or a check failed, 2 malformed, 64 usage (the command's statuses).
    var status: Int32
    /// The JSON document, as the command prints it (ending in a line feed).
    var document: [UInt8]
}

enum ModuleVerify {
    /// Verifies `input` under the request `requestText`.
    static func run(_ input: [UInt8], request requestText: [UInt8]) -> ModuleOutcome {
        // A request that cannot be read is a usage error in the request's own words already (a member
        // name, never an option): only the form is needed.
        let plan = VerifyRequest.read(requestText)
            .mapError { VerifyOutcome.usage($0.message, RunRequest(documents: .pretty)) }
            .flatMap { VerifyPlan.make($0) }
        switch plan {
        case .failure(let outcome): return finished(outcome)
        case .success(let plan):
            var bytes = input
            var cache = VerifiedChainCache(capacity: 4)
            return finished(Runner.run(&bytes, plan, cache: &cache))
        }
    }

    /// The status and the document, with the line feed `print` ends it with.
    private static func finished(_ outcome: VerifyOutcome) -> ModuleOutcome {
        ModuleOutcome(status: outcome.status, document: (outcome.document ?? []) + [0x0A])
    }
}
