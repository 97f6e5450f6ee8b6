// Generic TLV walk of the receipt-like payloads, paired with the anchor's `asn1_walk_payload8k` /
// `asn1_walk_payload1m` (ASN1_get_object): every element is visited; constructed elements are
// descended into, and so are OCTET STRINGs whose content starts with 0x30 or 0x31 (receipt values
// holding nested DER) — the anchor's rule, so both count the same nodes (checked at setup).

import PureDER

/// Counts the elements under `cursor` by the anchor's rule (see the file header), with the
/// library's `DERCursor.scan`: constructed elements are descended into by `scan`; the visitor asks
/// it to descend into OCTET STRINGs holding DER.
func walkNodes(_ cursor: DERCursor) throws(DERError) -> Int {
    let bytes = cursor.bytes
    var nodes = 0
    try cursor.scan { (tag, content) throws(DERError) -> Bool in
        nodes += 1
        // A primitive universal OCTET STRING whose content starts like a SEQUENCE or SET.
        guard tag.number == 4, tag.tagClass == .universal, !tag.isConstructed, !content.isEmpty else { return false }
        let first = bytes[content.lowerBound]
        return first == 0x30 || first == 0x31
    }
    return nodes
}

private func walkCase(_ name: String, _ file: String) -> BenchCase {
    BenchCase(name: name, bytes: 0) { fixtures in
        let payload = try fixtures.bytes(file)
        let cursor = try DERCursor(payload)
        let nodes = try walkNodes(cursor)
        benchNote("asn1 walk nodes \(file): \(nodes)")
        return {
            let count = (try? walkNodes(cursor)) ?? 0
            benchSink &+= UInt64(count)
        }
    }
}

let asn1Cases: [BenchCase] = [
    walkCase("asn1_walk_payload8k", "payload-8k.der"),
    walkCase("asn1_walk_payload1m", "payload-1m.der"),
]
