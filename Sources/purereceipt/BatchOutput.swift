// The reading and writing of `verify` with several inputs (BatchCommand.swift): NDJSON lines read
// in bounded memory, result lines written in order, progress and the final count on stderr.

import Foundation
import PureJSON
import PureReceipt

/// The lines of a file or of standard input ("-"), read in chunks; a line longer than `limit` is
/// skipped to its end without being kept.
final class LineReader {
    private let descriptor: Int32
    private let limit: Int
    private let owned: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private var number = 0

    struct TooLong: Error { let length: Int }

    init?(path: String, limit: Int) {
        owned = path != "-"
        descriptor = owned ? open(path, O_RDONLY) : STDIN_FILENO
        guard descriptor >= 0 else { return nil }
        self.limit = limit
    }

    func close() {
        if owned { _ = Foundation.close(descriptor) }
    }

    /// True when the input is binary, not lines of text: a NUL byte in its first read, or a DER
    /// SEQUENCE header (0x30, then 0x80 to 0x84: an indefinite or long-form length, which never
    /// follows an ASCII byte in UTF-8 text). Consumes nothing.
    func isBinary() -> Bool {
        if buffer.count == start, !ended, !fill() { ended = true }
        let head = buffer[start...]
        return head.contains(0) || (head.first == 0x30 && (0x80...0x84).contains(head.dropFirst().first ?? 0))
    }

    /// The next line (without its line break and a carriage return before it) and its number; nil
    /// at the end.
    func next() -> (number: Int, bytes: Result<[UInt8], TooLong>)? {
        // The bytes of an over-long line read so far and dropped, chunk by chunk, without being kept.
        var dropped = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                return take(line, dropped: dropped)
            }
            if ended {
                guard start < buffer.count || dropped > 0 else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return take(line, dropped: dropped)
            }
            if buffer.count - start > limit {
                dropped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            } else if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            if !fill() { ended = true }
        }
    }

    /// The line that ends with `line`; too long when `dropped` bytes of it came before (its length
    /// then counts a carriage return before the line break).
    private func take(_ line: ArraySlice<UInt8>, dropped: Int) -> (number: Int, bytes: Result<[UInt8], TooLong>) {
        number += 1
        let bytes = line.last == 0x0D && dropped == 0 ? line.dropLast() : line
        guard dropped == 0, bytes.count <= limit else {
            return (number, .failure(TooLong(length: dropped + bytes.count)))
        }
        return (number, .success(Array(bytes)))
    }

    /// Appends what one read returns (up to 64 KiB); false at the end of the input or on an error.
    private func fill() -> Bool {
        let size = 64 * 1024
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: size))
        var count: Int
        repeat {
            count = buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return -1 }
                return read(descriptor, base + old, size)
            }
        } while count < 0 && errno == EINTR
        buffer.removeSubrange((old + max(count, 0))...)
        return count > 0
    }
}

/// The result lines in order on stdout, the counts, progress and the final count line on stderr.
final class BatchOutput {
    private let ndjson: Bool
    private let total: Int?
    /// Revocation is checked: the count line says how many inputs were undetermined.
    private let revocation: Bool
    private var pending: [UInt8] = []
    private var counts: [Int32: Int] = [:]  // inputs by exit status
    private var status = ExitCode.genuine
    private let started = DispatchTime.now().uptimeNanoseconds
    private var flushed = DispatchTime.now().uptimeNanoseconds
    private var shown: UInt64 = 0
    /// Progress goes to stderr only when it is a terminal.
    private let progress = isatty(STDERR_FILENO) != 0

    init(ndjson: Bool, total: Int?, revocation: Bool) {
        self.ndjson = ndjson
        self.total = total
        self.revocation = revocation
    }

    /// The exit statuses of inputs, least severe first: the run's status is its most severe input's.
    /// 75 (undetermined: retrying later can help) is below 2 (no answer, and retrying will not
    /// change that) and above 1 (a final answer: no).
    static let severity = [ExitCode.genuine, ExitCode.notGenuine, ExitCode.undetermined, ExitCode.malformed]

    func write(_ line: BatchLine) {
        counts[line.status, default: 0] += 1
        let rank = { (status: Int32) in Self.severity.firstIndex(of: status) ?? Self.severity.count }
        if rank(line.status) > rank(status) { status = line.status }
        pending += ndjson ? Self.json(line) : Array(Self.text(line).utf8)
        pending.append(0x0A)
        let now = DispatchTime.now().uptimeNanoseconds
        // Out at 64 KiB, or every 0.2 s so that a reader of a slow stream sees results as they come.
        if pending.count >= 64 * 1024 || now - flushed > 200_000_000 {
            flush()
            flushed = now
        }
        if progress, now - shown > 250_000_000 {
            shown = now
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + progressText(now)).utf8))
        }
    }

    /// Writes what is left and the count line; the run's exit status.
    func finish() -> Int32 {
        flush()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let done = counts.values.reduce(0, +)
        let rate = String(format: "%.1f", seconds > 0 ? Double(done) / seconds : 0)
        let clear = progress ? "\r\u{1B}[K" : ""
        let undetermined = revocation ? ", \(count(ExitCode.undetermined)) undetermined" : ""
        let line =
            "\(clear)purereceipt: \(done) inputs: \(count(ExitCode.genuine)) genuine, "
            + "\(count(ExitCode.notGenuine)) not genuine or check failed, \(count(ExitCode.malformed)) malformed "
            + "or unreadable\(undetermined) (\(String(format: "%.1f", seconds)) s, \(rate)/s); exit \(status)\n"
        FileHandle.standardError.write(Data(line.utf8))
        return status
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        FileHandle.standardOutput.write(Data(pending))
        pending.removeAll(keepingCapacity: true)
    }

    /// Inputs that got `status`.
    private func count(_ status: Int32) -> Int { counts[status] ?? 0 }

    private func progressText(_ now: UInt64) -> String {
        let done = counts.values.reduce(0, +)
        let seconds = Double(now - started) / 1e9
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var text = "\(done)" + (total.map { "/\($0)" } ?? "") + " done, \(Int(rate))/s, \(done - count(0)) failed"
        if let total, rate > 0 { text += ", ETA \(Int(Double(total - done) / rate)) s" }
        return text
    }

    /// `{"id", "format", "verdict", "code", "message", "result"}` on one line.
    static func json(_ line: BatchLine) -> [UInt8] {
        var json = JSONWriter(pretty: false)
        json.beginObject()
        json.key("id")
        switch line.id {
        case .line(let number): json.json(Array(String(number).utf8))
        case .name(let name): json.string(name)
        }
        json.field("format", line.format)
        json.field("verdict", line.verdict)
        json.key("code")
        if let code = line.code { json.string(code) } else { json.null() }
        json.key("message")
        if let message = line.message { json.string(message) } else { json.null() }
        if let document = line.document {
            json.key("result")
            json.json(document)
        }
        json.endObject()
        return json.bytes
    }

    /// `ID: VERDICT FORMAT[: CODE: MESSAGE]`, escaped (one line, nothing from the input raw).
    static func text(_ line: BatchLine) -> String {
        var text = "\(line.id.text): \(line.verdict) \(line.format)"
        if let code = line.code { text += ": \(code): \(line.message ?? "")" }
        return text.displayEscaped
    }
}
