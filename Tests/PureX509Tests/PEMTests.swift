// TrustAnchors.parse(pemOrDER:): DER, PEM with several blocks and other labels, and malformed PEM.

import Foundation
import PureX509
import Testing

private func pem(_ der: [UInt8], label: String = "CERTIFICATE", width: Int = 64) -> String {
    let base64 = Data(der).base64EncodedString()
    var lines: [String] = []
    var index = base64.startIndex
    while index < base64.endIndex {
        let end = base64.index(index, offsetBy: width, limitedBy: base64.endIndex) ?? base64.endIndex
        lines.append(String(base64[index..<end]))
        index = end
    }
    return "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n") + "\n-----END \(label)-----\n"
}

struct PEMCase: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let code: String
    var testDescription: String { name }
}

private let certificateDER = CertificateParts().encoded
private let goodPEM = pem(certificateDER)

let malformedPEM: [PEMCase] = [
    PEMCase(name: "no CERTIFICATE block", text: "hello\n", code: "der.invalidValue"),
    PEMCase(name: "only a key block", text: pem([1, 2, 3], label: "PRIVATE KEY"), code: "der.invalidValue"),
    PEMCase(name: "missing END line", text: String(goodPEM.dropLast(27)), code: "der.invalidValue"),
    // RFC 7468 §2: the END line carries the BEGIN line's label.
    PEMCase(
        name: "END label differs", text: goodPEM.replacingOccurrences(of: "END CERTIFICATE", with: "END X509 CRL"),
        code: "der.invalidValue"),
    PEMCase(
        name: "character outside the alphabet",
        text: goodPEM.replacingOccurrences(of: "MII", with: "M*I"), code: "der.invalidValue"),
    PEMCase(
        name: "RFC 1421 header inside the block",
        text: goodPEM.replacingOccurrences(of: "-----\nMII", with: "-----\nProc-Type: 4,ENCRYPTED\n\nMII"),
        code: "der.invalidValue"),
    PEMCase(
        name: "padding in the middle", text: pem([1, 2, 3, 4]).replacingOccurrences(of: "AQIDBA==", with: "AQ==IDBA"),
        code: "der.invalidValue"),
    PEMCase(
        name: "non-zero pad bits", text: pem([1]).replacingOccurrences(of: "AQ==", with: "AR=="),
        code: "der.invalidValue"),
    PEMCase(
        name: "length not a multiple of 4", text: pem([1, 2, 3]).replacingOccurrences(of: "AQID", with: "AQI"),
        code: "der.invalidValue"),
    PEMCase(
        name: "block holding a malformed certificate", text: pem(Array(certificateDER.dropLast())),
        code: "der.lengthPastEnd"),
]

@Suite("PEM and DER anchor files")
struct PEMTests {
    @Test("one DER certificate")
    func der() throws {
        let certificates = try TrustAnchors.parse(pemOrDER: certificateDER)
        #expect(certificates.map { Array($0.derEncoded) } == [certificateDER])
    }

    @Test("PEM: several blocks, CRLF, explanatory text and other labels between them")
    func pemBundle() throws {
        let second = CertificateParts.with { $0.subject = DER.name("Second") }.encoded
        let text =
            "Explanatory text\r\n" + goodPEM.replacingOccurrences(of: "\n", with: "\r\n")
            + pem([1, 2, 3], label: "EC PRIVATE KEY") + "between\n" + pem(second, width: 76)
        let certificates = try TrustAnchors.parse(pemOrDER: Array(text.utf8))
        #expect(certificates.map { Array($0.derEncoded) } == [certificateDER, second])
        #expect(certificates[1].subject.description == "CN=Second")
    }

    @Test("malformed PEM is refused", arguments: malformedPEM)
    func malformed(_ testCase: PEMCase) {
        #expect(
            x509ErrorCode { () throws(X509Error) in
                try TrustAnchors.parse(pemOrDER: Array(testCase.text.utf8))
            } == testCase.code)
    }
}
