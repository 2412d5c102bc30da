import Foundation
import TranscriptFormats
import TranscriptSearch

/// The saved search that `tsearch next`, `prev`, `goto` and `show` step through: one small JSON file,
/// schema 1, written atomically under a lock by `SessionStore`.
///
/// ```json
/// {
///   "schema": 1,
///   "tool": "tsearch 0.1.0",
///   "query": "budget", "case": "insensitive", "input_format": null,
///   "encoding": "windows-1251", "keep_rolling": true,   // only when --encoding / --keep-rolling were given
///   "options": {"caseMatching": "insensitive", "diacritics": "sensitive", "words": "anywhere",
///               "syntax": "verbatim", "language": null},
///   "filter": {"speakers": ["Alice"], "after": 600000, "files": [], "sections": []},  // times in ms
///   "directory": "/home/me/meetings",     // where the search ran; relative paths resolve here
///   "paths": ["Samples/"],                // as typed
///   "sources": [{"path": "Samples/a.srt", "size": 1234, "mtime_ns": 1763800000123456789,
///                "ctime_ns": 1763800000123456789, "inode": 3412, "device": 2049, "settled": true,
///                "hash": "sum64:0123456789abcdef"}],  // see SourceFingerprint
///   "unreadable": [],                     // paths that could not be read then
///   "stdin": false,                       // standard input was searched (it cannot be re-read)
///   "streams": ["/dev/fd/63"],            // named pipes and the like searched (never re-read);
///                                         // added within schema 1, absent when there were none
///   "server": "http://127.0.0.1:8123/?table=t", // a search through a server: the URL its rows are
///                                         // fetched from again when none were kept (a count keeps
///                                         // none, "cache" is then ""); added within schema 1
///   "hits": 48,
///   "current": {"position": 0, "row": "0:3", "start": 10, "end": 16, "text": "budget"},
///   "cache": "3f2a…"                      // the id of the row cache beside this file
/// }
/// ```
///
/// `query` is the text to find, without tokens (empty when the search lists rows by filter);
/// `options` and `filter` were added within schema 1 (a file without them means the defaults and
/// `case`). `current` is null when the search had no hits; `position` is 0-based (shown as `position + 1`),
/// `row` a row ID, `start`/`end` UTF-8 byte offsets into that row's text. A reader refuses a file
/// whose `schema` is newer than it knows; a later schema only adds members.
struct SessionState: Codable, Equatable {
    static let schema = 1

    struct CurrentHit: Codable, Equatable {
        var position: Int
        var row: String
        var start: Int
        var end: Int
        var text: String
    }

    var schema = Self.schema
    var tool = "tsearch \(StoreVersion.tool)"
    var query: String
    var caseMatching: String
    var options: SearchOptions?
    var filter: RowFilter?
    var inputFormat: String?
    /// `--encoding` as given (absent: detected); `--keep-rolling` (absent: collapsed). Added within schema 1.
    var encoding: String?
    var keepRolling: Bool?
    var directory: String
    var paths: [String]
    var sources: [SourceFingerprint]
    var unreadable: [String]
    var readStandardInput: Bool
    var streams: [String]?
    var server: String?
    var hits: Int
    var current: CurrentHit?
    var cache: String

    enum CodingKeys: String, CodingKey {
        case schema, tool, query, caseMatching = "case", options, filter, inputFormat = "input_format", encoding
        case keepRolling = "keep_rolling", directory, paths
        case sources, unreadable, readStandardInput = "stdin", streams, server, hits, current, cache
    }

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// The request this session describes; nil when its options are not valid.
    var request: SearchRequest? {
        if let options { return SearchRequest(text: query, options: options, filter: filter ?? RowFilter()) }
        guard let caseMatching = CaseMatching(rawValue: caseMatching) else { return nil }
        return SearchRequest(text: query, options: SearchOptions(caseMatching: caseMatching), filter: filter ?? RowFilter())
    }

    /// How the files were read, to read them again alike.
    var loadOptions: LoadOptions {
        LoadOptions(
            format: inputFormat.flatMap(TranscriptFormat.init(rawValue:)), encoding: encoding.flatMap(TextEncoding.init(named:)),
            rollingCaptions: keepRolling == true ? .keep : .collapse)
    }

    /// Only the schema number, read first so a newer file is refused with a clear message.
    struct Version: Decodable { var schema: Int }
}
