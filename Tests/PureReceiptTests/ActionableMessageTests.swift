// Every error code's message is one a person can act on: no Swift enum text (`invalidLength(11)`,
// `invalidCharacter(offset: 5, byte: 58)`), no message that only restates its code, and the limit
// a limit error names is the one that was hit. The samples are built by exhaustive switches, so a
// new error case does not compile until it has a sample here.

import PureDER
import PureX509
import Testing

@testable import PureReceipt

@Suite("Messages a person can act on")
struct ActionableMessageTests {
    /// Swift's spelling of an enum case with associated values (`name(` after a lower-case
    /// identifier with an inner capital, or `Optional(`): never in a message.
    static func hasEnumText(_ message: String) -> Bool {
        let words = message.split { !($0.isLetter || $0.isNumber || $0 == "(") }
        return words.contains { word in
            guard let paren = word.firstIndex(of: "("), paren != word.startIndex else { return false }
            let name = word[..<paren]
            return name == "Optional" || (name.first?.isLowercase == true && name.contains { $0.isUppercase })
        }
    }

    /// The message says more than its code: not the code alone, nor "PART at byte N: CODE".
    static func restatesCode(_ message: String, _ code: String) -> Bool {
        message == code || message.hasSuffix(": \(code)")
    }

    static func check(_ code: String, _ message: String) {
        #expect(!hasEnumText(message), "\(code): Swift enum text in \"\(message)\"")
        #expect(!restatesCode(message, code), "\(code): the message only restates its code: \"\(message)\"")
    }

    static let tag = DERTag.sequence

    static func sample(_ kind: DERError.Kind) -> DERError.Kind {
        switch kind {
        case .truncated, .lengthPastEnd, .badLengthOfLength, .nonMinimalLength, .indefiniteLengthInDER,
            .unterminatedIndefiniteLength, .unexpectedEndOfContents, .nonMinimalTag, .tagTooLarge, .unexpectedTag,
            .trailingBytes, .invalidValue, .wrongConstructedBit, .nestingTooDeep, .inputTooLarge, .tooMany:
            return kind
        }
    }

    static let derKinds: [DERError.Kind] = [
        .truncated, .lengthPastEnd, .badLengthOfLength, .nonMinimalLength, .indefiniteLengthInDER,
        .unterminatedIndefiniteLength, .unexpectedEndOfContents, .nonMinimalTag, .tagTooLarge,
        .unexpectedTag(expected: tag, found: .integer), .trailingBytes, .invalidValue, .wrongConstructedBit,
        .nestingTooDeep, .inputTooLarge, .tooMany,
    ].map(sample)

    static let base64Errors: [Base64Error] = [
        .invalidCharacter(offset: 5, byte: 58), .invalidLength(11), .invalidPadding(offset: 8),
        .nonZeroTrailingBits(offset: 3),
    ]

    static func legacyKinds() -> [LegacyReceiptError.Kind] {
        let kinds: [LegacyReceiptError.Kind] = [
            .inputTooLarge, .tooManyKeys, .stringTooLong, .syntax("'='"), .unterminatedString, .badEscape, .notUTF8,
            .duplicateKey("k"), .missingKey("signature"), .unknownVersion(9), .signatureLengthMismatch(version: 2),
            .truncated, .trailingBytes, .versionOneTrailer, .certificate(X509Error(.notCA)), .date("purchase-date"),
        ]
        // Exhaustive: a new kind needs a sample above.
        for kind in kinds {
            switch kind {
            case .inputTooLarge, .tooManyKeys, .stringTooLong, .syntax, .unterminatedString, .badEscape, .notUTF8,
                .duplicateKey, .missingKey, .base64, .unknownVersion, .signatureLengthMismatch, .truncated,
                .trailingBytes, .versionOneTrailer, .certificate, .date:
                break
            }
        }
        return kinds + base64Errors.map { .base64($0) }
    }

    @Test("Every DER error's message: words, not the code or enum text")
    func everyDERErrorMessageIsActionable() {
        for kind in Self.derKinds {
            let error = DERError(kind, at: 17, "certificate")
            Self.check(error.code, error.description)
        }
    }

    @Test("Every legacy receipt error's message: words, not the code or enum text")
    func everyLegacyErrorMessageIsActionable() {
        for kind in Self.legacyKinds() {
            let error = LegacyReceiptError(kind, at: 17, in: "receipt")
            Self.check(error.code, error.description)
        }
    }

    @Test("Every JWS error's message: words, not the code or enum text")
    func everyJWSErrorMessageIsActionable() {
        let kinds: [JWSError.Kind] = [
            .partCount, .base64, .headerJSON, .headerMember, .algorithmNotAllowed, .criticalHeader, .signatureLength,
            .inputTooLarge, .certificate, .chain, .keyType, .signatureInvalid, .payloadJSON,
        ]
        for kind in kinds {
            switch kind {
            case .partCount, .base64, .headerJSON, .headerMember, .algorithmNotAllowed, .criticalHeader,
                .signatureLength, .inputTooLarge, .certificate, .chain, .keyType, .signatureInvalid, .payloadJSON:
                for (offset, detail) in [(0, ""), (12, "2 parts")] {
                    let error = JWSError(kind, at: offset, detail)
                    Self.check(error.code, error.description)
                }
            }
        }
        // Apple's refusals of a StoreKit signer (AppleJWSTrust.swift), JWS codes PureX509 does not have.
        for code in ["jws.chainShape", "jws.xcodeNotAllowed"] {
            for detail in ["", "2 parts"] {
                let error = VerificationError.signer(code, detail)
                Self.check(error.code, error.message)
            }
        }
    }

    @Test("A base64 failure is told in words with its offset, in every message that carries one")
    func base64FailureIsInWords() throws {
        let legacy = LegacyReceiptError(.base64(.invalidCharacter(offset: 5, byte: 58)), at: 3, in: "receipt")
        #expect(legacy.description.contains("byte 0x3A at offset 5 is not a base64 character"), "\(legacy)")
        #expect(Base64Error.invalidLength(11).spelled.contains("11 base64 characters, not a multiple of 4"))
        // The app receipt reader's message for text that is neither DER nor base64.
        do {
            _ = try ReceiptValidator.receiptBytes(from: Array("MIIabc:x".utf8))
            Issue.record("not base64, yet decoded")
        } catch {
            Self.check(error.code, error.message)
            #expect(error.message.contains("offset"), "\(error.message)")
        }
    }

    @Test("A name over Limits.maxNameBytes names that limit, not the input's")
    func nameOverLimitNamesItsLimit() {
        let error = DERError(.inputTooLarge, at: 40, "certificate issuer: name over Limits.maxNameBytes")
        #expect(error.description.contains("larger than \(Limits.maxNameBytes) bytes"), "\(error)")
        #expect(!error.description.contains("\(Limits.maxInputBytes)"), "\(error)")
        #expect(error.code == "limit.inputSize")
    }
}
