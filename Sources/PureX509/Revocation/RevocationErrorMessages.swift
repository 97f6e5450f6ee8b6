// The words of RevocationError, for people (presentation: kinds and codes are decided where an
// error is made; nothing decides on this text).
import PureDER

extension RevocationError: CustomStringConvertible {
    /// What was wrong with the response or CRL, and what it means for the caller.
    public var description: String {
        switch kind {
        case .encoding(let error): return "malformed: \(error)"
        case .certificate(let error): return "a certificate in it is unusable: \(error)"
        case .tooLarge: return "larger than the limit (Limits.maxOCSPResponseBytes / Limits.maxCRLBytes)"
        case .responseStatus(let status): return "the responder answered OCSPResponseStatus \(status), no status"
        case .unsupported(let oid): return "uses \(oid), which this library does not support"
        case .responderNotFound: return "signed by neither the issuing CA nor a responder certificate it includes"
        case .responderNotAuthorized:
            return "its responder lacks the CA's authorization (issuer, OCSPSigning, validity)"
        case .badSignature: return "its signature does not verify with the issuer's or responder's key: forged?"
        case .mismatch: return "it is about another certificate or issuer"
        case .notYetValid(let time): return "its thisUpdate \(time) is in the future (check the clock)"
        case .stale(let time): return "stale: its nextUpdate \(time) has passed; fetch a fresh one"
        case .nonceMismatch: return "it does not echo the nonce sent: possibly replayed"
        case .criticalExtension(let oid): return "it has a critical extension \(oid) this library does not process"
        }
    }
}
