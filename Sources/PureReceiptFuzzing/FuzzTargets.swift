// FuzzTargets: one entry point per fuzz target, shared by the libFuzzer harness, the replayer
// (`purereceipt-fuzz TARGET FILE|DIR...`) and the regression tests.
//
// Each entry point runs the code under test on arbitrary bytes and discards the result. The
// only property checked is the house rule "nothing on input can trap": a trap, a hang or an
// unbounded allocation on any input is a finding. The exceptions are `base64`, which also checks
// the encode/decode round trip and fails loudly on a mismatch (see Base64Target.swift), and
// `signing-key`, which checks that an accepted key's signature verifies (SigningKeyTarget.swift).
// Not checked here: that results are *correct* — that is what the unit tests are for.

/// The fuzz targets, by name.
package enum FuzzTargets {
    /// Every target name, in the order the run script and the tests use.
    package static let names = [
        "der", "certificate", "cms", "payload", "verify", "base64", "ecdsa", "json", "jws", "legacy", "ocsp", "crl",
        "signing-key",
    ]

    /// The entry point called `name`, or nil for an unknown name.
    package static func entryPoint(named name: String) -> (@Sendable ([UInt8]) -> Void)? {
        switch name {
        case "der": return der
        case "certificate": return certificate
        case "cms": return cms
        case "payload": return payload
        case "verify": return verify
        case "base64": return base64
        case "ecdsa": return ecdsa
        case "json": return json
        case "jws": return jws
        case "legacy": return legacy
        case "ocsp": return ocsp
        case "crl": return crl
        case "signing-key": return signingKey
        default: return nil
        }
    }
}

/// Keeps `value` alive and opaque to the optimizer, so that computing it cannot be elided.
@inline(never) @_optimize(none)
func sink<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
