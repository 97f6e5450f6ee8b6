// A cut input says where it ends and what was declared: "the SEQUENCE declares 6794 bytes of
// content, the input ends at byte 3000", so that a person can tell a truncated copy from a wrong
// length; an element cut inside its parent names the parent's end instead.

import PureDER
import Testing

@Suite("DER: a length past the end says what was declared and where the room ends")
struct TruncatedInputMessageTests {
    @Test("a cut input names the declared length and the input's end")
    func cutInputSaysWhereItEnds() throws {
        // A SEQUENCE declaring 0x1000 bytes, followed by 8 bytes.
        let bytes: [UInt8] = [0x30, 0x82, 0x10, 0x00] + [UInt8](repeating: 0x05, count: 8)
        var cursor = try DERCursor(bytes: bytes, range: 0..<bytes.count, rules: .der)
        let error = #expect(throws: DERError.self) { try cursor.readSequence("ContentInfo") }
        #expect(error?.code == "der.lengthPastEnd")
        #expect(
            error?.description.contains("declares 4096 bytes of content, the input ends at byte 12") == true,
            "\(error?.description ?? "")")
    }

    @Test("an element cut inside its parent names the parent's end")
    func cutElementSaysWhereItsParentEnds() throws {
        // SEQUENCE (6 bytes) { OCTET STRING declaring 9 bytes }, then two bytes after the SEQUENCE.
        let bytes: [UInt8] = [0x30, 0x04, 0x04, 0x09, 0x01, 0x02, 0x00, 0x00]
        var outer = try DERCursor(bytes: bytes, range: 0..<bytes.count, rules: .der)
        var sequence = try outer.readSequence("outer")
        let error = #expect(throws: DERError.self) { try sequence.readOctetString("inner") }
        #expect(
            error?.description.contains("declares 9 bytes of content, its enclosing element ends at byte 6") == true,
            "\(error?.description ?? "")")
    }
}
