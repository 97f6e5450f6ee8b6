// The words of revocation outcomes, for people (presentation: the verdict is decided by
// RevocationReport.verdict() on values; nothing decides on this text). Names and URLs from the
// input are escaped and bounded.
import PureDER
import PureX509

extension RevocationReport.Entry: CustomStringConvertible {
    /// E.g. `certificate "CN=…" (serial 1002) revoked at 2025-06-01T00:00:00Z (keyCompromise), per OCSP`.
    public var description: String {
        let who = "certificate \"\(certificate.subject)\" (serial \(certificate.serialNumber.map(hex).joined()))"
        switch outcome {
        case .checked(let status, let source, let fromStore):
            let via = "per \(source == .ocsp ? "OCSP" : "CRL")\(fromStore ? " (stored)" : "")"
            switch status.value {
            case .good, .unknown:
                let until = status.nextUpdate.map { ", valid until \($0)" } ?? ""
                return "\(who) \(status.value == .good ? "not revoked" : "unknown to the responder"), \(via)\(until)"
            case .revoked(let time, let reason):
                // RFC 5280 §5.3.1 CRLReason names (7 is unused).
                let names =
                    "unspecified keyCompromise cACompromise affiliationChanged superseded cessationOfOperation "
                    + "certificateHold 7 removeFromCRL privilegeWithdrawn aACompromise"
                let name = reason.flatMap { code in names.split(separator: " ").dropFirst(Int(clamping: code)).first }
                return "\(who) revoked at \(time)" + (name.map { " (\($0))" } ?? "") + ", \(via)"
            }
        case .notChecked(let attempts):
            guard !attempts.isEmpty else { return "\(who): no status: the certificate names no OCSP responder or CRL" }
            return "\(who): no fresh status; tried " + attempts.map { $0.description }.joined(separator: "; ")
        }
    }
}

/// Two hex digits.
private func hex(_ byte: UInt8) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16) }

extension RevocationAttempt: CustomStringConvertible {
    /// What was tried and why it gave no status.
    public var description: String {
        let what = request.map { "\($0.source == .ocsp ? "OCSP" : "CRL") \($0.url.displayBounded)" } ?? "the store"
        switch failure {
        case .fetch(let failure):
            return "\(what): fetch failed (\(failure.reason))\(failure.isRetryable ? ", retryable" : "")"
        case .refused(let error): return "\(what): refused: \(error) [\(error.code)]"
        case .unknown: return "\(what): the responder does not know the certificate"
        case .expired: return "\(what): not listed, but the certificate has expired and CRLs drop expired certificates"
        case .offline: return "\(what): nothing fresh stored, and fetching is off"
        }
    }
}
