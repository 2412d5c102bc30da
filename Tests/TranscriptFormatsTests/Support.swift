import Testing
import TranscriptModel
@testable import TranscriptFormats

/// Loads `text` as UTF-8 bytes under `path` (its extension picks the format).
func load(_ text: String, as path: String) throws -> LoadResult {
    try TranscriptLoader.load(bytes: Array(text.utf8), path: path)
}

/// The error loading `bytes` under `path` throws, or nil when it loads.
func loadError(_ bytes: [UInt8], as path: String) -> FormatError? {
    do {
        _ = try TranscriptLoader.load(bytes: bytes, path: path)
        return nil
    } catch {
        return error
    }
}

extension LoadResult {
    var texts: [String] { transcript.rows.map(\.text) }
    var speakers: [String?] { transcript.rows.map(\.speaker) }
    var starts: [Int64?] { transcript.rows.map { $0.start?.milliseconds } }
    var ends: [Int64?] { transcript.rows.map { $0.end?.milliseconds } }
    var lines: [Int?] { transcript.rows.map(\.locator.line) }
    var warningLines: [Int?] { warnings.map(\.line) }
}

/// The repository's `Samples/` folder.
let samplesDirectory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/TranscriptFormatsTests/Support.swift
    return parts.joined(separator: "/") + "/Samples"
}()
