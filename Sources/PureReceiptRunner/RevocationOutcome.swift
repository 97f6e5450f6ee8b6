// RevocationOutcome: an outcome after revocation checking of its verified path (the front end
// fetches, through the library's RevocationChecker; the runner only decides what the report does
// to the outcome). Revoked: not genuine (revocation.revoked); under require without a fresh good
// status: undetermined (exit 75, revocation.undetermined); otherwise the outcome stands. Either
// way the document's first member is the report (`"revocation"`), failures included.

import PureJSON
package import PureReceipt
import PureX509

extension VerifyOutcome {
    /// This genuine outcome with `report` for its verified path: refused by its verdict (the
    /// format's failure document and stderr line), or unchanged; the report goes into the document.
    package func checked(_ report: RevocationReport) -> VerifyOutcome {
        var outcome = self
        outcome.revocation = report
        outcome.chain = nil
        do throws(VerificationError) {
            try report.verdict()
        } catch {
            outcome.status = Runner.status(error.verdict)
            outcome.failure = (Runner.words(error.verdict, signedData: false).text, error.code, error.message)
            switch content {
            case .signedData, .signedDataFailure: outcome.content = .signedDataFailure(error, message: error.message)
            default: outcome.content = .receiptFailure(error)
            }
        }
        return outcome
    }

    /// `piece` (the document's first piece, a JSON object's opening) with the report as its first
    /// member, when there is one.
    func withRevocation(_ piece: [UInt8], pretty: Bool) -> [UInt8] {
        guard let report = revocation, piece.first == UInt8(ascii: "{") else { return piece }
        let member = pretty ? "{\n  \"revocation\": " : "{\"revocation\":"
        return Array(member.utf8) + Self.json(report) + Array(",".utf8) + piece.dropFirst()
    }

    /// The report as a JSON member value, on one line: the setting and, per certificate below the
    /// root, its outcome in words.
    static func json(_ report: RevocationReport) -> [UInt8] {
        var writer = JSONWriter(pretty: false)
        writer.beginObject()
        writer.field("setting", report.setting.rawValue)
        writer.key("certificates")
        writer.beginArray()
        for entry in report.entries {
            writer.beginObject()
            switch entry.outcome {
            case .checked(let status, let source, let fromStore):
                writer.field(
                    "status", status.value == .good ? "good" : status.value == .unknown ? "unknown" : "revoked")
                writer.field("source", source.rawValue)
                writer.field("stored", fromStore)
            case .notChecked:
                writer.field("status", "not-checked")
            }
            writer.field("detail", entry.description)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return Array(writer.text.utf8)
    }
}
