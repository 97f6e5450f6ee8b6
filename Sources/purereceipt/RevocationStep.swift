// verify --revocation off|prefer|require [--revocation-cache DIR] [--offline]: revocation checking of
// a verified input's certificate path (the library's RevocationChecker, over the URLSession
// transport of PureReceiptFoundation), after the offline verification and before anything is
// printed. One `Session` per run: a single input, or every input of a batch (BatchCommand.swift),
// where each worker checks the inputs it verified through the run's one RevocationCache (so a
// status is fetched once per certificate, however many inputs and workers need it).
//
// The store: statuses from verified responses, kept until their nextUpdate. With
// --revocation-cache DIR the raw responses are kept as files in DIR (one file per certificate and
// source), read at the start of the run and written at its end, every one verified again when
// read, never trusted from disk; files that are not ours, too large or no longer usable are
// skipped. --offline never fetches: the statuses come from DIR alone.
//
// Outcome: revoked → not genuine (exit 1, revocation.revoked); under require, no fresh good status
// → undetermined (exit 75, revocation.undetermined: retrying later can help); otherwise the input
// passes and the report says what was checked (a text row, or a "revocation" member in --json and
// in each --ndjson line's "result", failures included).

import Foundation
import PureDER
import PureReceipt
import PureReceiptFoundation
import PureReceiptRunner
import PureX509

enum RevocationStep {
    static let options: Set<String> = ["--revocation", "--revocation-cache"]
    static let offlineFlag = "--offline"
    /// Most record files read from a cache directory, and the largest one read.
    static let maxCacheFiles = 256
    static let maxCacheFileBytes = 20 * 1024 * 1024

    /// The setting the options ask for; usage errors (64) for a bad value or an option that would not
    /// apply. Called before any input is read.
    static func setting(_ options: ParsedArguments, json: Bool) -> RevocationSetting {
        let text = options.last("--revocation") ?? "off"
        guard let setting = RevocationSetting(rawValue: text) else {
            VerifyCommand.usageFailure("--revocation: expected off, prefer or require: \(text)", json: json)
        }
        if setting == .off {
            for option in ["--revocation-cache", offlineFlag]
            where options.last(option) != nil || options.flags.contains(option) {
                VerifyCommand.usageFailure("\(option) applies with --revocation prefer or require", json: json)
            }
        }
        return setting
    }

    /// What one run checks revocation with: the setting, one shared store, the transport (none
    /// with --offline) and the cache directory.
    struct Session: Sendable {
        let options: RevocationOptions
        let cache = RevocationCache()
        let transport: URLSessionRevocationTransport?
        let directory: URL?

        /// The session the options ask for; nil when revocation is off. Exits 64 on a usage error.
        init?(_ options: ParsedArguments, json: Bool) {
            let setting = RevocationStep.setting(options, json: json)
            guard setting != .off else { return nil }
            let offline = options.flags.contains(offlineFlag)
            self.options = RevocationOptions(setting: setting, fetches: !offline)
            transport = offline ? nil : URLSessionRevocationTransport(timeout: 10)
            directory = options.last("--revocation-cache").map { URL(fileURLWithPath: $0, isDirectory: true) }
        }

        /// The records of the cache directory, verified again now, into the store.
        func load() async {
            if let directory { _ = await cache.importRecords(read(directory), at: Instant(Date())) }
        }

        /// The store's records written to the cache directory.
        func save() async {
            if let directory { write(await cache.exportRecords(), to: directory) }
        }

        /// The report for a verified `chain`, now.
        func check(_ chain: [Certificate]) async -> RevocationReport {
            await RevocationChecker.check(
                chain, options: options, at: Instant(Date()), cache: cache, transport: transport)
        }
    }

    /// A single input's outcome after revocation checking of its verified path (an outcome without
    /// one, or revocation off: unchanged). The check runs on the concurrency pool (fetches on
    /// URLSession's queue) while the main thread waits.
    static func checked(_ outcome: VerifyOutcome, options: ParsedArguments, json: Bool) -> VerifyOutcome {
        guard let chain = outcome.chain, let session = Session(options, json: json) else { return outcome }
        let report = waitFor {
            await session.load()
            let report = await session.check(chain)
            await session.save()
            return report
        }
        return outcome.checked(report)
    }

    /// A batch line after revocation checking of its input's verified path (a line without one:
    /// unchanged), on the worker that verified it.
    static func checked(_ line: BatchLine, _ session: Session) async -> BatchLine {
        guard let outcome = line.pending, let chain = outcome.chain else { return line }
        return BatchCheck.line(line.id, outcome.checked(await session.check(chain)))
    }

    /// The text report's row.
    static func row(_ report: RevocationReport?) -> String? {
        guard let report else { return nil }
        let words =
            report.entries.isEmpty
            ? "no certificate below a root" : report.entries.map(\.description).joined(separator: "; ")
        return TextReport.row("Revocation", "\(report.setting.rawValue): \(words)")
    }

    // MARK: the cache directory

    /// The records stored in `directory` (missing directory: none). Read within bounds (at most
    /// `maxCacheFiles` files of `maxCacheFileBytes` each, `Limits.maxRevocationStoreBytes` in all);
    /// every record is verified again by the store on import.
    static func read(_ directory: URL) -> [RevocationRecord] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return [] }
        var records: [RevocationRecord] = []
        // At most what the store keeps in all (Limits.maxRevocationStoreBytes) is read from disk.
        var budget = Limits.maxRevocationStoreBytes
        for name in names.sorted().prefix(maxCacheFiles) where name.hasSuffix(".revocation") {
            let url = directory.appendingPathComponent(name)
            guard let size = (try? manager.attributesOfItem(atPath: url.path))?[.size] as? Int,
                size <= maxCacheFileBytes, size <= budget, let data = try? Data(contentsOf: url),
                data.count <= budget,
                let record = decode([UInt8](data))
            else { continue }
            budget -= data.count
            records.append(record)
        }
        return records
    }

    /// Writes every record to `directory` (created if needed), one file each, replacing older ones.
    static func write(_ records: [RevocationRecord], to directory: URL) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for record in records {
            guard let certificate = try? Certificate(derEncoded: record.certificate) else { continue }
            let name = certificate.sha256Fingerprint().map { String(format: "%02x", $0) }.joined()
            let url = directory.appendingPathComponent("\(name)-\(record.source.rawValue).revocation")
            try? Data(encode(record)).write(to: url, options: .atomic)
        }
    }

    /// A record as bytes: "PRR1", the source's name length and name, then three length-prefixed
    /// (4-byte big-endian) fields: response, certificate, issuer.
    static func encode(_ record: RevocationRecord) -> [UInt8] {
        var bytes = Array("PRR1".utf8)
        let source = Array(record.source.rawValue.utf8)
        bytes.append(UInt8(truncatingIfNeeded: source.count))
        bytes += source
        for field in [record.response, record.certificate, record.issuer] {
            let count = UInt32(truncatingIfNeeded: field.count)
            bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) }
            bytes += field
        }
        return bytes
    }

    /// The record in `bytes`, or nil when they are not one written by `encode`.
    static func decode(_ bytes: [UInt8]) -> RevocationRecord? {
        guard bytes.count >= 5, Array(bytes[0..<4]) == Array("PRR1".utf8) else { return nil }
        var position = 5
        /// The next `count` bytes; nil past the end.
        func take(_ count: Int) -> [UInt8]? {
            guard count <= bytes.count - position else { return nil }
            defer { position += count }
            return Array(bytes[position..<(position + count)])
        }
        guard let name = take(Int(bytes[4])),
            let source = RevocationSource(rawValue: String(decoding: name, as: UTF8.self))
        else { return nil }
        var fields: [[UInt8]] = []
        for _ in 0..<3 {
            guard let length = take(4), let field = take(length.reduce(0) { $0 << 8 | Int($1) }) else { return nil }
            fields.append(field)
        }
        guard position == bytes.count else { return nil }
        return RevocationRecord(source: source, response: fields[0], certificate: fields[1], issuer: fields[2])
    }
}
