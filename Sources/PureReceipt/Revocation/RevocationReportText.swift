// The words of revocation outcomes, for people (presentation: the verdict is decided by
// RevocationReport.verdict() on values; nothing decides on this text). Names and URLs from the
// input are escaped and bounded.
import PureDER
import PureX509

extension RevocationReport.Entry: CustomStringConvertible {
    /// E.g. `certificate "CN=…" (serial 1002) revoked at 2025-06-01T00:00:00Z (keyCompromise), per OCSP`.
    public var description: String {
        let who = "certificate \"\(certificate.subject)\" (serial \(hex(certificate.serialNumber)))"
        switch outcome {
        case .checked(let status, let source, let fromStore):
            let via = "per \(source == .ocsp ? "OCSP" : "CRL")\(fromStore ? " (stored)" : "")"
            let until = status.nextUpdate.map { ", valid until \(text($0))" } ?? ""
            switch status.value {
            case .good: return "\(who) not revoked, \(via)\(until)"
            case .unknown: return "\(who) unknown to the responder, \(via)"
            case .revoked(let time, let reason):
                let why = reason.map { " (\(RevocationReport.reasonName($0)))" } ?? ""
                return "\(who) revoked at \(text(time))\(why), \(via)"
            }
        case .notChecked(let attempts):
            guard !attempts.isEmpty else { return "\(who): no status: the certificate names no OCSP responder or CRL" }
            return "\(who): no fresh status; tried " + attempts.map(\.description).joined(separator: "; ")
        }
    }

    private func hex(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private func text(_ time: DERTime) -> String { "\(time)" }
}

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

extension RevocationReport {
    /// RFC 5280 §5.3.1 CRLReason names.
    static func reasonName(_ code: Int64) -> String {
        let names = [
            "unspecified", "keyCompromise", "cACompromise", "affiliationChanged", "superseded",
            "cessationOfOperation", "certificateHold", "7", "removeFromCRL", "privilegeWithdrawn", "aACompromise",
        ]
        return code >= 0 && code < names.count ? names[Int(code)] : "reason \(code)"
    }
}
