import TranscriptModel
import TranscriptSearch

/// One self-contained HTML page of a search's hits: no external assets, no network requests.
///
/// - Every piece of transcript text is escaped (`HTMLText`); hits are `<mark>`s, each with an anchor
///   (`#hit-17`, 1-based as shown) and a link to itself, the current one with class `current`; every
///   row has an anchor too (`#row-0-12`, its row ID). A hit across cues is marked in every row it
///   covers: the first `<mark>` has the anchor and `data-hit`, the others `data-part` (the same
///   position) and link to it; all of them take class `current` together.
/// - Grouped by file and section with a table of contents and hit counts; timestamps and speakers
///   shown, a timestamp linking to `media#t=SECONDS` when a media URL is given.
/// - Light and dark from `prefers-color-scheme`; fits a phone's width.
/// - A few lines of inline script, one delegated listener per event kind (never one per hit): `n`/`N`,
///   the buttons and a click on a hit move the current hit, centre it and update `hit k of N`.
///   Without script every hit is still marked and linked.
public struct HTMLExport: Sendable {
    public struct Settings: Sendable {
        public var title: String
        /// Rows around each hit's row to include; nil includes every row (the whole transcript).
        public var contextRows: Int?
        /// The recording the timestamps point into (`URL#t=SECONDS`), if any.
        public var mediaURL: String?
        public var generator: String

        public init(title: String, contextRows: Int? = 0, mediaURL: String? = nil, generator: String = "tsearch") {
            self.title = title
            self.contextRows = contextRows
            self.mediaURL = mediaURL
            self.generator = generator
        }
    }

    public let corpus: Corpus
    public let index: HitIndex
    public let current: Int?
    public let settings: Settings

    public init(corpus: Corpus, index: HitIndex, current: Int?, settings: Settings) {
        self.corpus = corpus
        self.index = index
        self.current = current
        self.settings = settings
    }

    /// The whole page.
    public func render() -> String {
        var page = ""
        page.reserveCapacity(corpus.textByteCount / 2 + index.count * 120 + 8192)
        let title = HTMLText.escaped(settings.title)
        let sources = corpus.sources.indices.filter { shownRows(ofSource: $0).isEmpty == false }
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
        page += tableOfContents(sources)
        page += "<main>\n"
        for source in sources { renderSource(source, into: &page) }
        page += "</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    private func shownRows(ofSource source: Int) -> [ContextRows.Shown] {
        let rows = corpus.rows(ofSource: source)
        guard let context = settings.contextRows else {
            return rows.map { ContextRows.Shown(row: $0, startsGroup: false) }
        }
        return ContextRows.shown(in: rows, index: index, context: context, corpus: corpus)
    }

    private func tableOfContents(_ sources: [Int]) -> String {
        var toc = "<nav class=\"toc\" aria-label=\"files\"><ul>\n"
        for source in sources {
            let rows = corpus.rows(ofSource: source)
            toc += "<li><a href=\"#file-\(source)\">\(HTMLText.escaped(corpus.sources[source].path))</a> "
            toc += "<span class=\"count\">\(index.count(inRows: rows))</span>"
            var sections: [(title: String, firstRow: Int, hits: Int)] = []
            for row in rows {
                guard let title = corpus.row(at: row).title else { continue }
                if sections.last?.title != title { sections.append((title, row, 0)) }
                sections[sections.count - 1].hits += index.positions(inRow: row).count
            }
            let withHits = sections.filter { $0.hits > 0 }
            if !withHits.isEmpty {
                toc += "<ul>"
                for section in withHits {
                    toc += "<li><a href=\"#row-\(corpus.id(ofRow: section.firstRow).description.replacingColon)\">§ \(HTMLText.escaped(section.title))</a> <span class=\"count\">\(section.hits)</span></li>"
                }
                toc += "</ul>"
            }
            toc += "</li>\n"
        }
        return toc + "</ul></nav>\n"
    }

    private func renderSource(_ source: Int, into page: inout String) {
        let rows = corpus.rows(ofSource: source)
        let count = index.count(inRows: rows)
        page += "<section class=\"file\" id=\"file-\(source)\">\n<h2>\(HTMLText.escaped(corpus.sources[source].path)) "
        page += "<span class=\"count\">\(count) \(count == 1 ? "hit" : "hits")</span></h2>\n"
        var shownTitle: String?
        for shown in shownRows(ofSource: source) {
            let row = corpus.row(at: shown.row)
            if shown.startsGroup { page += "<div class=\"gap\">⋯</div>\n" }
            if let title = row.title, title != shownTitle {
                page += "<h3>§ \(HTMLText.escaped(title))</h3>\n"
            }
            shownTitle = row.title
            renderRow(row, at: shown.row, into: &page)
        }
        page += "</section>\n"
    }

    private func renderRow(_ row: Row, at rowIndex: Int, into page: inout String) {
        let segments = index.segments(inRow: rowIndex, in: corpus)
        page += "<div class=\"row\(segments.isEmpty ? " context" : "")\" id=\"row-\(row.id.description.replacingColon)\">"
        if let start = row.start {
            let label = start.formatted.dropLast(4)
            if let media = settings.mediaURL, Self.isSafeLink(media) {
                let seconds = Double(start.milliseconds) / 1000
                page += "<a class=\"time\" href=\"\(HTMLText.escaped(media))#t=\(Self.seconds(seconds))\">\(label)</a>"
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

    /// `392.5` → `392.5`, `12.0` → `12`.
    /// Whether `url` may be a link's target: `http`, `https` or `file` URLs, or a path (no scheme).
    /// Anything else (`javascript:`, `data:`, `vbscript:`) would run or show something when a
    /// timestamp is clicked, so it is not linked.
    public static func isSafeLink(_ url: String) -> Bool {
        let scheme = url.prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }
        guard scheme.count < url.count, url[scheme.endIndex] == ":" else { return true }
        return ["http", "https", "file"].contains(scheme.lowercased().filter { !$0.isWhitespace && !$0.isNewline })
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static let style = """
    :root{color-scheme:light dark;--bg:#fdfdfc;--fg:#1d1d1f;--muted:#6b6b70;--line:#e4e4e7;--mark:#ffe58a;--current:#ff9f1a;--link:#0b57d0}
    @media (prefers-color-scheme:dark){:root{--bg:#161618;--fg:#e9e9ec;--muted:#9a9aa2;--line:#2c2c31;--mark:#6b5a12;--current:#d9730d;--link:#8ab4f8}}
    *{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
    header{position:sticky;top:0;z-index:1;background:var(--bg);border-bottom:1px solid var(--line);padding:.5rem 1rem}
    h1{font-size:1.1rem;margin:0}.status{margin:.25rem 0 0;color:var(--muted)}.status b{color:var(--fg)}
    button{font:inherit;background:none;color:var(--fg);border:1px solid var(--line);border-radius:6px;padding:0 .6rem;cursor:pointer}
    kbd{font:.8em ui-monospace,monospace;border:1px solid var(--line);border-radius:4px;padding:0 .25em}
    .toc{padding:.5rem 1rem;border-bottom:1px solid var(--line)}.toc ul{margin:0;padding-left:1.2rem}.count{color:var(--muted);font-size:.85em}
    main{padding:0 1rem 40vh;max-width:60rem}h2{font-size:1rem;margin:1.5rem 0 .5rem;overflow-wrap:anywhere}h3{font-size:.95rem;margin:1rem 0 .25rem;color:var(--muted)}
    .row{display:flex;flex-wrap:wrap;gap:0 .6rem;padding:.15rem 0;border-bottom:1px solid var(--line);content-visibility:auto;contain-intrinsic-size:auto 2rem}.row.context{color:var(--muted)}
    .time{font:.85em ui-monospace,monospace;color:var(--muted);min-width:4.5rem;padding-top:.15em}.speaker{font-weight:600}
    .text{flex:1 1 18rem;overflow-wrap:anywhere}.gap{color:var(--muted);text-align:center}
    mark,.row,h2,h3{scroll-margin-top:6rem}a{color:var(--link)}mark{background:var(--mark);color:inherit;border-radius:3px}mark a{color:inherit;text-decoration:none}
    mark.current{background:var(--current);color:#000;font-weight:700;outline:2px solid var(--current)}
    """

    static let script = """
    (function(){var marks=document.querySelectorAll("mark[data-hit]"),body=document.body,
    at=+body.dataset.current||0,shown=document.getElementById("position");
    function mark(k,on){marks[k].classList.toggle("current",on);
    document.querySelectorAll('mark[data-part="'+k+'"]').forEach(function(p){p.classList.toggle("current",on);});}
    function go(k){if(!marks.length)return;k=((k%marks.length)+marks.length)%marks.length;
    mark(at,false);at=k;mark(at,true);var m=marks[at];
    m.scrollIntoView({block:"center"});shown.textContent=at+1;history.replaceState(null,"","#hit-"+(at+1));}
    document.addEventListener("keydown",function(e){if(e.ctrlKey||e.metaKey||e.altKey)return;
    if(e.key==="n"){go(at+1);e.preventDefault();}else if(e.key==="N"){go(at-1);e.preventDefault();}});
    document.addEventListener("click",function(e){var m=e.target.closest("mark[data-hit],mark[data-part]");
    if(m){e.preventDefault();go(+(m.dataset.hit||m.dataset.part));return;}var b=e.target.closest("[data-step]");
    if(b)go(at+(+b.dataset.step));});
    if(marks.length&&!location.hash)marks[at].scrollIntoView({block:"center"});})();
    """
}

extension String {
    /// Row IDs in element ids: `0:12` → `0-12`.
    fileprivate var replacingColon: String {
        String(map { $0 == ":" ? "-" : $0 })
    }
}
