// CertificatePolicies (RFC 5280 §4.2.1.4): the policies under which the certificate was issued.
//
// Accepts: a non-empty SEQUENCE of at most `Limits.maxExtensions` PolicyInformation, each a policy
// OID (no OID twice) optionally followed by one SEQUENCE of qualifiers, which is skipped.
// Does not process: policies (RFC 5280 §6.1 valid_policy_tree, policy mappings, inhibitAnyPolicy,
// requireExplicitPolicy). Path rules trust the caller's anchors and add the caller's marker
// checks; policy OIDs are exposed, not evaluated. A
// critical certificatePolicies therefore counts as understood: with no initial policy set
// requested, RFC 5280 §6.1 processing could not turn it into a rejection.
//
// certificatePolicies ::= SEQUENCE SIZE (1..MAX) OF PolicyInformation
//
// PolicyInformation ::= SEQUENCE {
//      policyIdentifier   CertPolicyId,
//      policyQualifiers   SEQUENCE SIZE (1..MAX) OF
//                              PolicyQualifierInfo OPTIONAL }
//
// CertPolicyId ::= OBJECT IDENTIFIER

import PureDER

/// Reads the certificatePolicies value at the cursor and returns the policy OIDs in order.
func readCertificatePolicies(_ cursor: inout DERCursor) throws(DERError) -> [OID] {
    let start = cursor.offset
    var sequence = try cursor.readSequence("certificatePolicies")
    var policies: [OID] = []
    while !sequence.isAtEnd {
        guard policies.count < Limits.maxExtensions else {
            throw DERError(.tooMany, at: sequence.offset, "certificatePolicies: PolicyInformation")
        }
        let itemStart = sequence.offset
        var information = try sequence.readSequence("PolicyInformation")
        let policy = try information.readOID("PolicyInformation.policyIdentifier")
        // RFC 5280 §4.2.1.4: "A certificate policy OID MUST NOT appear more than once in a
        // certificate policies extension."
        guard !policies.contains(policy) else {
            throw DERError(.invalidValue, at: itemStart, "certificatePolicies: policy \(policy) twice")
        }
        if !information.isAtEnd {
            let qualifiersStart = information.offset
            let qualifiers = try information.readSequence("PolicyInformation.policyQualifiers")
            // RFC 5280 §4.2.1.4: policyQualifiers "SEQUENCE SIZE (1..MAX) OF PolicyQualifierInfo".
            guard !qualifiers.isAtEnd else {
                throw DERError(.invalidValue, at: qualifiersStart, "PolicyInformation.policyQualifiers: empty")
            }
        }
        try information.expectEnd("PolicyInformation")
        policies.append(policy)
    }
    // RFC 5280 §4.2.1.4: "certificatePolicies ::= SEQUENCE SIZE (1..MAX) OF PolicyInformation"
    guard !policies.isEmpty else { throw DERError(.invalidValue, at: start, "certificatePolicies: empty") }
    return policies
}
