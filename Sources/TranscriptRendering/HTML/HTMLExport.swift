import TranscriptModel
import TranscriptSearch

/// One self-contained HTML page of a search's hits: no external assets, no network requests.
///
/// - Every piece of transcript text is escaped for where it lands (`HTMLText`); hits are `<mark>`s,
///   each with an anchor (`#hit-17`, 1-based as shown) and a link to itself, the current one with
///   class `current`. A hit across cues is marked in every row it covers: the first `<mark>` has the
///   anchor and `data-hit`, the others `data-part` (the same position) and link to it; all of them
///   take class `current` together.
/// - Grouped by file and section, with a table of contents and hit counts that folds (a closed
///   `<details>`) above `tableOfContentsOpenLimit` files, so the first hit is one line below it.
///   Sections link to their first hit. Files are named as `Settings.sources` says (the command gives
///   paths relative to where the search ran).
/// - Timestamps and speakers shown; a timestamp links to `media#t=SECONDS`: `--media` when given,
///   else the file's own recording (`SourceLink.recording`), else it is plain text.
/// - Light and dark from `prefers-color-scheme`; fits a phone's width.
/// - A small inline script, one delegated listener per event kind (never one per hit): `n`/`N`,
///   the buttons, a click on a hit or a `#hit-K` link, and `#hit-K` in the address move the current
///   hit, centre it and update `hit k of N`.
///
/// Two layouts, one look (`Layout`). A page of at most `staticRowLimit` rows is plain markup: it
/// reads, prints and links without script, and every row has an anchor (`#row-0-12`, its row ID).
/// A larger page (`--all-rows` over an archive) would take the browser seconds to lay out, so its
/// rows travel as data: per file a `<section>`, in it chunks of `chunkRows` rows, each a
/// `<div class="chunk">` holding a `<script type="application/json">` (format in
/// `HTMLExport+Chunks.swift`) that the script turns into the same markup when the chunk nears the
/// viewport (an `IntersectionObserver`), or at once when `n`/`N`, a link or the address needs a hit
/// inside it. Until then a chunk is an empty box of about its height. The script comes before
/// `<main>` and takes chunks as the parser reads them, so the first rows show while the rest of a
/// large file is still being read. Such a page needs script (a `<noscript>` line says so); over
/// 200 one-hour meetings (138,400 rows) it paints its first rows in about 0.3 s and its size is
/// 1.24 times the rows' text (`Scripts/html/measure.py` measures both).
///
/// Limit: a page is one long document, and Chromium scrolls no further than about 16.7 million
/// pixels (2^24). At some 38 px a row, a page of more than about 400,000 rows (1,000 one-hour
/// meetings make 700,000) cannot be scrolled to its end there, and a hit beyond that point is
/// drawn but not reached. Export fewer files per page, or hits with context (`-C`) instead of
/// every row.
public struct HTMLExport: Sendable {
    /// What the page shows besides the hits, and how it links.
    public struct Settings: Sendable {
        /// The page's title and heading (escaped here).
        public var title: String
        /// Rows around each hit's row to include; nil includes every row (the whole transcript).
        public var contextRows: Int?
        /// The recording every timestamp points into (`URL#t=SECONDS`), if any; it wins over each
        /// source's own recording. Not linked unless `isSafeLink`.
        public var mediaURL: String?
        /// The `generator` meta tag.
        public var generator: String
        /// How each source (by index) is named and where its recording is; a source past the end
        /// is named by its path as loaded and has no recording.
        public var sources: [SourceLink]
        /// Plain markup or rows on demand; `automatic` picks by size.
        public var layout: Layout

        /// Settings with every source named as loaded and no recordings unless `mediaURL`.
        public init(title: String, contextRows: Int? = 0, mediaURL: String? = nil, generator: String = "tsearch",
                    sources: [SourceLink] = [], layout: Layout = .automatic) {
            self.title = title
            self.contextRows = contextRows
            self.mediaURL = mediaURL
            self.generator = generator
            self.sources = sources
            self.layout = layout
        }
    }

    /// A source's name on the page and its own recording.
    public struct SourceLink: Sendable, Hashable {
        /// The name shown in the table of contents and the file's heading.
        public var path: String
        /// The recording its timestamps link to, as a path relative to the page (or absolute);
        /// percent-encoded here. Nil: no link (unless `Settings.mediaURL`).
        public var recording: String?

        /// A source named `path` whose recording, if any, is `recording`.
        public init(path: String, recording: String? = nil) {
            self.path = path
            self.recording = recording
        }
    }

    /// Whether rows are written as markup or as data the page's script renders when needed.
    public enum Layout: Sendable, Hashable {
        /// Markup up to `staticRowLimit` rows shown, data above.
        case automatic
        /// Every row as markup, whatever the size.
        case markup
        /// Every row as data, whatever the size.
        case onDemand
    }

    /// The most rows `Layout.automatic` writes as markup.
    public static let staticRowLimit = 2_000
    /// Rows (and gap and section lines) per chunk of a page laid out on demand.
    public static let chunkRows = 250
    /// The most files whose table of contents starts open.
    public static let tableOfContentsOpenLimit = 20

    /// The rows searched.
    public let corpus: Corpus
    /// The hits to mark.
    public let index: HitIndex
    /// The current hit's position, marked apart; nil when none is current.
    public let current: Int?
    /// Title, context, links and layout.
    public let settings: Settings

    /// A page of `index`'s hits in `corpus`, `current` marked apart.
    public init(corpus: Corpus, index: HitIndex, current: Int?, settings: Settings) {
        self.corpus = corpus
        self.index = index
        self.current = current
        self.settings = settings
    }

    /// The whole page.
    /// - Complexity: O(rows shown + hits), one pass.
    public func render() -> String {
        let shown = corpus.sources.indices.map(shownRows(ofSource:))
        let sources = corpus.sources.indices.filter { !shown[$0].isEmpty }
        let rowCount = shown.reduce(0) { $0 + $1.count }
        let onDemand = settings.layout == .onDemand || (settings.layout == .automatic && rowCount > Self.staticRowLimit)
        var page = ""
        page.reserveCapacity(onDemand ? rowCount * 24 + corpus.textByteCount + 8192 : rowCount * 160 + 8192)
        let title = HTMLText.escaped(settings.title)
        page += """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="\(HTMLText.escaped(settings.generator))">
        <title>\(title)</title>
        <style>\(Self.style)</style>
        </head>
        <body data-current="\(current ?? 0)" data-count="\(index.count)">
        <header>
        <h1>\(title)</h1>
        <p class="status"><button type="button" data-step="-1" aria-label="previous hit">◀</button>
        <span>hit <b id="position">\(current.map { String($0 + 1) } ?? "0")</b> of \(index.count)</span>
        <button type="button" data-step="1" aria-label="next hit">▶</button>
        <kbd>n</kbd>/<kbd>N</kbd></p>
        </header>

        """
        if onDemand {
            page += "<noscript><p class=\"gap\">This page has \(rowCount) rows; its rows are shown by its script, which is turned off.</p></noscript>\n"
        }
        page += tableOfContents(sources)
        page += "<script>\(Self.script)</script>\n<main>\n"
        var hitsBefore = 0
        for source in sources {
            let count = index.count(inRows: corpus.rows(ofSource: source))
            let media = mediaLink(ofSource: source)
            page += "<section class=\"file\" id=\"file-\(source)\""
            if onDemand, let media { page += " data-media=\"\(HTMLText.escaped(media))\"" }
            page += ">\n<h2>\(HTMLText.escaped(name(ofSource: source))) "
            page += "<span class=\"count\">\(count) \(count == 1 ? "hit" : "hits")</span></h2>\n"
            if onDemand {
                writeChunks(of: shown[source], hitsBefore: &hitsBefore, into: &page)
            } else {
                writeRows(shown[source], media: media, into: &page)
            }
            page += "</section>\n"
        }
        page += "</main>\n</body>\n</html>\n"
        return page
    }

    /// Whether `url` may be a link's target: `http`, `https` or `file` URLs, or a path (no scheme).
    /// Anything else (`javascript:`, `data:`, `vbscript:`) would run or show something when a
    /// timestamp is clicked, so it is not linked.
    public static func isSafeLink(_ url: String) -> Bool {
        let scheme = url.prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }
        guard scheme.count < url.count, url[scheme.endIndex] == ":" else { return true }
        return ["http", "https", "file"].contains(scheme.lowercased().filter { !$0.isWhitespace && !$0.isNewline })
    }

    private func shownRows(ofSource source: Int) -> [ContextRows.Shown] {
        let rows = corpus.rows(ofSource: source)
        guard let context = settings.contextRows else {
            return rows.map { ContextRows.Shown(row: $0, startsGroup: false) }
        }
        return ContextRows.shown(in: rows, index: index, context: context, corpus: corpus)
    }

    private func name(ofSource source: Int) -> String {
        source < settings.sources.count ? settings.sources[source].path : corpus.sources[source].path
    }

    /// The URL a timestamp of `source` links to, before `#t=`: `--media`, else the source's own
    /// recording, percent-encoded; nil when neither is given or the link would not be safe.
    func mediaLink(ofSource source: Int) -> String? {
        if let media = settings.mediaURL { return Self.isSafeLink(media) ? media : nil }
        guard source < settings.sources.count, let recording = settings.sources[source].recording else { return nil }
        return HTMLText.percentEncodedPath(recording)
    }

    private func tableOfContents(_ sources: [Int]) -> String {
        let open = sources.count <= Self.tableOfContentsOpenLimit ? " open" : ""
        // Files shown without a hit (`--all-rows`) are not counted as files with hits.
        let withHits = sources.count { index.count(inRows: corpus.rows(ofSource: $0)) > 0 }
        let files = withHits == sources.count
            ? "\(sources.count) \(sources.count == 1 ? "file" : "files")"
            : "\(withHits) of \(sources.count) files with hits"
        var toc = "<nav class=\"toc\" aria-label=\"files\"><details\(open)><summary>\(files), "
        toc += "\(index.count) \(index.count == 1 ? "hit" : "hits")</summary><ul>\n"
        for source in sources {
            let rows = corpus.rows(ofSource: source)
            toc += "<li><a href=\"#file-\(source)\">\(HTMLText.escaped(name(ofSource: source)))</a> "
            toc += "<span class=\"count\">\(index.count(inRows: rows))</span>"
            var sections: [(title: String, firstHit: Int?, hits: Int)] = []
            for row in rows {
                guard let title = corpus.row(at: row).title else { continue }
                if sections.last?.title != title { sections.append((title, nil, 0)) }
                let positions = index.positions(inRow: row)
                if sections[sections.count - 1].firstHit == nil { sections[sections.count - 1].firstHit = positions.first }
                sections[sections.count - 1].hits += positions.count
            }
            let withHits = sections.compactMap { section in section.firstHit.map { (section.title, $0, section.hits) } }
            if !withHits.isEmpty {
                toc += "<ul>"
                for (title, firstHit, hits) in withHits {
                    toc += "<li><a href=\"#hit-\(firstHit + 1)\">§ \(HTMLText.escaped(title))</a> <span class=\"count\">\(hits)</span></li>"
                }
                toc += "</ul>"
            }
            toc += "</li>\n"
        }
        return toc + "</ul></details></nav>\n"
    }

    private func writeRows(_ shown: [ContextRows.Shown], media: String?, into page: inout String) {
        var shownTitle: String?
        for item in shown {
            let row = corpus.row(at: item.row)
            if item.startsGroup { page += "<div class=\"gap\">⋯</div>\n" }
            if let title = row.title, title != shownTitle {
                page += "<h3>§ \(HTMLText.escaped(title))</h3>\n"
            }
            shownTitle = row.title
            writeRow(row, at: item.row, media: media, into: &page)
        }
    }

    private func writeRow(_ row: Row, at rowIndex: Int, media: String?, into page: inout String) {
        let segments = index.segments(inRow: rowIndex, in: corpus)
        page += "<div class=\"row\(segments.isEmpty ? " context" : "")\" id=\"row-\(row.id.description.replacingColon)\">"
        if let start = row.start {
            let label = start.formatted.dropLast(4)
            if let media {
                page += "<a class=\"time\" href=\"\(HTMLText.escaped(media))#t=\(Self.seconds(start))\">\(label)</a>"
            } else {
                page += "<span class=\"time\">\(label)</span>"
            }
        } else if let line = row.locator.line {
            page += "<span class=\"time\">L\(line)</span>"
        }
        if let speaker = row.speaker { page += "<span class=\"speaker\">\(HTMLText.escaped(speaker))</span>" }
        page += "<span class=\"text\">"
        let text = row.text
        var cursor = text.startIndex
        for segment in segments {
            let range = segment.range(in: text)
            guard range.lowerBound >= cursor else { continue }  // overlapping ranges never come from a search
            let number = segment.position + 1
            page += HTMLText.escaped(text[cursor..<range.lowerBound])
            page += segment.isFirst ? "<mark id=\"hit-\(number)\" data-hit=\"\(segment.position)\"" : "<mark data-part=\"\(segment.position)\""
            page += "\(segment.position == current ? " class=\"current\"" : "")>"
            page += "<a href=\"#hit-\(number)\">\(HTMLText.escaped(text[range]))</a></mark>"
            cursor = range.upperBound
        }
        page += HTMLText.escaped(text[cursor...]) + "</span></div>\n"
    }

    /// A timestamp in seconds for `#t=`: `392.5`, or `12` for a whole second (as the script writes it).
    static func seconds(_ time: Timestamp) -> String {
        let whole = time.milliseconds / 1000, rest = time.milliseconds % 1000
        guard rest != 0 else { return String(whole) }
        var fraction = String(rest)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}

extension String {
    /// Row IDs in element ids: `0:12` → `0-12`.
    fileprivate var replacingColon: String {
        String(map { $0 == ":" ? "-" : $0 })
    }
}
