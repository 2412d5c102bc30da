import TranscriptFormats
import TranscriptModel
import TranscriptSearch

extension Flag {
    /// The second half of the table (`all` is the first, then these, in the order help lists
    /// them): what is said, how inputs are read, the people, the pager, stepping, the server, help.
    static let inputsAndSession: [Flag] = [
        Flag(long: "warnings", short: nil, valueName: "WHICH",
             help: "Which warnings to say: new (the default: each kind once, with a count; notes such as a guessed unit only the first time for a file), all (every one, notes again), none (errors only).",
             commands: loading.union(exporting).union(CommandName.navigating).union([.index]),
             value: .choices(WarningsChoice.allCases.map(\.rawValue))) { raw, value throws(UsageError) in
            guard let choice = WarningsChoice(rawValue: value) else {
                throw UsageError("--warnings expects new, all or none, found \"\(value)\"")
            }
            raw.warnings = choice
        },
        Flag(long: "no-warnings", short: nil, valueName: nil,
             help: "Say no warning or note, only errors (--warnings none).",
             commands: loading.union(exporting).union(CommandName.navigating).union([.index])) { raw, _ in raw.warnings = .none },
        Flag(long: "input-format", short: nil, valueName: "FORMAT",
             help: "Read every input as FORMAT (\(TranscriptFormat.allCases.map(\.rawValue).joined(separator: ", "))) instead of by extension or content.",
             commands: loading.union(exporting), value: .choices(TranscriptFormat.allCases.map(\.rawValue))) { raw, value throws(UsageError) in
            guard let format = TranscriptFormat(rawValue: value) else {
                let names = TranscriptFormat.allCases.map(\.rawValue)
                throw UsageError("--input-format expects \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), found \"\(value)\"")
            }
            raw.inputFormat = format
        },
        Flag(long: "encoding", short: nil, valueName: "NAME",
             help: "Read files in encoding NAME (cp1251, cp1250, koi8-r, gb18030, shift_jis, big5, iso-8859-2, any iconv name) instead of detecting it; a byte-order mark still wins.",
             commands: loading.union(exporting)) { raw, value throws(UsageError) in
            guard let encoding = TextEncoding(named: value) else {
                throw UsageError("--encoding: unknown encoding \"\(value)\"; \(TextEncoding.examples) (iconv -l lists every name)")
            }
            raw.encoding = encoding
        },
        Flag(long: "keep-rolling", short: nil, valueName: nil,
             help: "Keep rolling captions (YouTube's auto-generated WebVTT) one row per cue, repeats and all, instead of one row per spoken line.",
             commands: loading.union(exporting)) { raw, _ in raw.rollingCaptions = .keep },
        Flag(long: "format", short: nil, valueName: "FORMAT",
             help: "What export writes: ansi (for a terminal or less -R), html (one self-contained page), markup (TSV, hits in tags), edl (mpv's playlist of the moments), m3u (the same for VLC), fcpxml (the moments as clips for Final Cut Pro or DaVinci Resolve), otio (the same as an OpenTimelineIO timeline).",
             commands: [.export], value: .choices(ExportFormat.allCases.map(\.rawValue))) { raw, value throws(UsageError) in
            guard let format = ExportFormat(rawValue: value) else {
                throw UsageError("--format expects ansi, html, markup, edl, m3u, fcpxml or otio, found \"\(value)\"")
            }
            raw.exportFormat = format
        },
        Flag(long: "output", short: "o", valueName: "FILE",
             help: "Write to FILE (replaced whole and at once) instead of standard output.",
             commands: [.export], value: .path) { raw, value in raw.outputPath = value },
        Flag(long: "all-rows", short: nil, valueName: nil,
             help: "Include every row, not only rows with hits (and their -C context).",
             commands: [.export]) { raw, _ in raw.allRows = true },
        Flag(long: "media", short: nil, valueName: "MEDIA",
             help: "The recording (a file or URL) to use instead of the video or audio beside each transcript: html links each timestamp to MEDIA#t=SECONDS; edl, m3u, fcpxml and otio play (cut) MEDIA.",
             commands: [.export], value: .path) { raw, value in raw.mediaURL = value },
        Flag(long: "padding", short: nil, valueName: "SECONDS",
             help: "Play SECONDS before and after each row with hits in edl, m3u, fcpxml and otio (default 2); moments that then overlap are merged.",
             commands: [.export]) { raw, value throws(UsageError) in
            guard let seconds = Double(value), seconds.isFinite, seconds >= 0, seconds <= 3600 else {
                throw UsageError("--padding expects seconds from 0 to 3600, like 2 or 0.5, found \"\(value)\"")
            }
            raw.padding = Int64((seconds * 1000).rounded())
        },
        Flag(long: "pre-tag", short: nil, valueName: "TAG",
             help: "The tag before each hit in markup (default <em>).",
             commands: [.export]) { raw, value in raw.preTag = value },
        Flag(long: "post-tag", short: nil, valueName: "TAG",
             help: "The tag after each hit in markup (default </em>).",
             commands: [.export]) { raw, value in raw.postTag = value },
        Flag(long: "mouse", short: nil, valueName: nil,
             help: "In the pager, a click on a hit makes it current and the wheel scrolls.",
             commands: [.pager]) { raw, _ in raw.mouse = true },
        Flag(long: "no-wrap", short: nil, valueName: nil,
             help: "Stop at the last (first) hit instead of wrapping around; exit 1 when nothing moved.",
             commands: [.next, .prev]) { raw, _ in raw.wraps = false },
        Flag(long: "server", short: nil, valueName: "URL",
             help: "The ClickHouse server keeping the rows, like http://127.0.0.1:8123/?table=transcripts (also TSEARCH_SERVER): index sends rows there; search asks it for candidate rows instead of reading files.",
             commands: [.index, .search]) { raw, value in raw.server = value },
        Flag(long: "cluster", short: nil, valueName: "NAME",
             help: "Index into a cluster of the server's remote_servers: a table on every shard and a Distributed table over them.",
             commands: [.index]) { raw, value in raw.cluster = value },
        Flag(long: "scan", short: nil, valueName: nil,
             help: "With --server, let a query that holds no literal text (such as -E '\\d+') have the server send every row.",
             commands: [.search]) { raw, _ in raw.scan = true },
        Flag(long: "help", short: "h", valueName: nil,
             help: "Print help.",
             commands: everywhere) { raw, _ in raw.help = true },
        Flag(long: "version", short: "V", valueName: nil,
             help: "Print the version.",
             commands: everywhere) { raw, _ in raw.version = true },
    ]
}
