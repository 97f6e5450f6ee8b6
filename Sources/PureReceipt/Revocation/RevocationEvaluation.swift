// Revocation policy and its synchronous core: which certificates of a verified path are checked,
// what to fetch for each, what fetched bytes prove, and the verdict a report gives under a setting.
// Used by the async driver (RevocationChecker.swift) and directly by callers without async.
//
// Settings: `off` (the default) checks nothing. `prefer` uses statuses it can establish, fails an
// input on a revoked certificate and otherwise reports which certificates could not be checked.
// `require` needs a fresh good status for every certificate below the root; anything else is the
// verdict `undetermined` (retry later), never a pass.
// Certificates no longer valid now (an app receipt verified at its creation date): an OCSP answer
// (good or revoked) is used; a CRL that does not list the certificate proves nothing, since CRLs
// drop expired certificates (RFC 5280 §3.3), so such a certificate is good only through OCSP.
// A revoked certificate fails the input whatever its signing time: a revoked key may have signed
// at any date it claims.
import PureDER
public import PureX509

/// How a verify call treats revocation.
public enum RevocationSetting: String, Sendable, Hashable {
    /// No revocation checking: offline verification only (the default).
    case off
    /// Check what can be checked; a revoked certificate fails, an unknown status is reported.
    case prefer
    /// Every certificate below the root needs a fresh good status, or the verdict is `undetermined`.
    case require
}

/// One certificate of a verified path, with its issuer (the next certificate of the path).
public struct RevocationSubject: Sendable {
    /// The certificate whose status is wanted.
    public let certificate: Certificate
    /// Its issuer, whose signature on `certificate` the path verified.
    public let issuer: Certificate

    /// `certificate` and its issuer: two adjacent certificates of a path the caller verified (a
    /// status proves nothing about a pair no verified path holds).
    public init(certificate: Certificate, issuer: Certificate) {
        self.certificate = certificate
        self.issuer = issuer
    }

    /// The certificates of `chain` (signer first, anchor last, as every verified result holds it)
    /// below its last one, each with its issuer.
    public static func path(_ chain: [Certificate]) -> [RevocationSubject] {
        zip(chain, chain.dropFirst()).map { RevocationSubject(certificate: $0, issuer: $1) }
    }

    /// What to fetch, in order: OCSP at the first responder URL, then the first CRL URL.
    public func requests(nonce: [UInt8]? = nil) -> [RevocationRequest] {
        var requests: [RevocationRequest] = []
        if let url = certificate.ocspURLs.first {
            let request = OCSPRequest(for: certificate, issuedBy: issuer, nonce: nonce)
            requests.append(RevocationRequest(source: .ocsp, url: url, body: request.derEncoded, nonce: request.nonce))
        }
        if let url = certificate.crlURLs.first {
            requests.append(RevocationRequest(source: .crl, url: url, body: [], nonce: nil))
        }
        return requests
    }

    /// What `bytes`, fetched for `request`, prove about `certificate` at `now`: a status usable
    /// for a verdict, or why not.
    public func evaluate(_ bytes: [UInt8], for request: RevocationRequest, at now: Instant)
        -> Result<RevocationStatus, RevocationAttempt.Failure>
    {
        let status: RevocationStatus
        do {
            switch request.source {
            case .ocsp:
                status = try OCSPResponse(derEncoded: bytes).status(
                    of: certificate, issuedBy: issuer, at: now.derTime, nonce: request.nonce)
            case .crl:
                status = try CertificateRevocationList(derEncoded: bytes).status(
                    of: certificate, issuedBy: issuer, at: now.derTime)
                // RFC 5280 §3.3: "An entry MUST NOT be removed from the CRL until it appears on one
                // regularly scheduled CRL issued beyond the revoked certificate's validity period" —
                // after that it may be, so absence proves nothing for an expired certificate.
                if status.value == .good, !certificate.isValid(at: now.derTime) { return .failure(.expired) }
            }
        } catch {
            return .failure(.refused(error))
        }
        return status.value == .unknown ? .failure(.unknown) : .success(status)
    }
}

/// One way of establishing a status that did not give one.
public struct RevocationAttempt: Sendable {
    /// Why an attempt gave no usable status.
    public enum Failure: Error, Sendable {
        /// The transport failed (retryable or not).
        case fetch(RevocationFetchFailure)
        /// The bytes were refused: malformed, forged, for another certificate, stale, not yet valid.
        case refused(RevocationError)
        /// The OCSP responder does not know the certificate.
        case unknown
        /// A CRL that does not list a certificate no longer valid now (CRLs drop expired ones).
        case expired
        /// Nothing fresh in the store, and fetching is off.
        case offline
    }
    /// What was tried (nil when nothing could be: no URL, or fetching off).
    public let request: RevocationRequest?
    /// Why it gave no status.
    public let failure: Failure

    /// An attempt at `request` (nil: none could be made) that failed with `failure`.
    public init(request: RevocationRequest?, failure: Failure) {
        self.request = request
        self.failure = failure
    }
}

/// The outcome of revocation checking for each certificate of a verified path.
public struct RevocationReport: Sendable {
    /// The outcome for one certificate.
    public enum Outcome: Sendable {
        /// A fresh status (good or revoked) from `source`; `fromStore`: reused, not fetched now.
        case checked(RevocationStatus, source: RevocationSource, fromStore: Bool)
        /// No usable status: every attempt, in order (empty: the certificate names no location).
        case notChecked([RevocationAttempt])
    }
    /// One certificate and its outcome.
    public struct Entry: Sendable {
        /// The certificate checked.
        public let certificate: Certificate
        /// What was established.
        public let outcome: Outcome

        /// The outcome for `certificate`.
        public init(certificate: Certificate, outcome: Outcome) {
            self.certificate = certificate
            self.outcome = outcome
        }
    }
    /// The setting the report was made under.
    public let setting: RevocationSetting
    /// One entry per certificate below the root, signer first (none under `off`).
    public let entries: [Entry]

    /// A report of `entries` under `setting` (the synchronous path: one entry per
    /// `RevocationSubject.path(chain)` element, in order).
    public init(setting: RevocationSetting, entries: [Entry]) {
        self.setting = setting
        self.entries = entries
    }

    /// The verdict under the report's setting: a revoked certificate makes the input not authentic
    /// (`revocation.revoked`); under `require`, a certificate without a fresh good status makes it
    /// undetermined (`revocation.undetermined`, retry later).
    public func verdict() throws(VerificationError) {
        for entry in entries {
            if case .checked(let status, _, _) = entry.outcome, case .revoked = status.value {
                throw VerificationError(.notAuthentic, code: "revocation.revoked", .revocation(entry))
            }
        }
        guard setting == .require else { return }
        for entry in entries {
            if case .checked(let status, _, _) = entry.outcome, status.value == .good { continue }
            throw VerificationError(.undetermined, code: "revocation.undetermined", .revocation(entry))
        }
    }
}
