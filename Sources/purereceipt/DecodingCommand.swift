// inspect and dump: what the two commands share — their command line (`--json`, at most one
// FILE), the input read and its format detected once, and an app receipt's DER, base64 decoded
// into the text's own buffer (held once). Neither verifies anything.

import PureReceipt

enum DecodingCommand {
    /// Runs `command` over `arguments`: StoreKit 2 signed data goes to `signedData`, a legacy
    /// receipt to `legacy`, an app receipt's DER to `appReceipt` with the first line of a report
    /// (`inputSummary`) and whether it came as base64 text. Exits 64 on a usage error, 2 when the
    /// input cannot be read or is not a receipt.
    static func run(
        _ arguments: [String], command: String,
        signedData: (_ input: (bytes: [UInt8], name: String), SignedDataInput, _ json: Bool) -> Int32,
        legacy: (_ input: (bytes: [UInt8], name: String), _ json: Bool) -> Int32,
        appReceipt: (_ bytes: [UInt8], _ source: String, _ base64: Bool, _ json: Bool) -> Int32
    ) -> Int32 {
        let options = parseArguments(arguments, command: command, valued: [], flags: ["--json"]) {
            usageError($0, command: command)
        }
        refuseTerminalInput(options, command: command)
        let json = options.flags.contains("--json")
        var input = readInput(options.positional.first)
        switch InputFormat.detect(input.bytes) {
        case .signedData(let jws, let body):
            return signedData(input, SignedDataInput(jws: jws, isNotificationBody: body), json)
        case .legacyReceipt: return legacy(input, json)
        case .appReceipt: break
        }
        let source = inputSummary(input.name, input.bytes)
        let base64 = input.bytes.first != 0x30
        // Base64 is decoded into the text's own buffer (`input` lets go of it): held once.
        var bytes = input.bytes
        input.bytes = []
        let textCount = bytes.count
        do {
            try ReceiptValidator.receiptBytes(inPlace: &bytes)
        } catch {
            // A failed decode leaves the text as it was; text that decoded to something else than
            // a receipt is nothing InputKind names (every byte of it is base64).
            notWellFormed(error, json: json, bytes: bytes.count == textCount ? bytes : nil)
        }
        return appReceipt(bytes, source, base64, json)
    }
}
