import TranscriptModel

/// Turns a content document's events into rows, one per block element, as Readium's content
/// iterator does: `p`, `h1`–`h6`, `li`, `blockquote`, `dd`/`dt`, `td`/`th`, `figcaption`, `caption`,
/// `pre`, plus text that sits directly in a container (`div`, `section`, `body`, …). A block's row is
/// its own text, without the text of blocks nested in it (those are rows of their own). Whitespace is
/// collapsed, `<br>` is a space, `head`, `script` and `style` are dropped, and an image's `alt` text
/// becomes a row of its own after the row it sits in.
///
/// Each row carries the section title in force where its text begins: `titles` says which element
/// ids (and the document's start) begin which TOC entry.
struct BlockTextCollector {
    static let blocks: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "dd", "dt", "td", "th", "figcaption", "caption",
        "pre", "div", "section", "body", "article", "aside", "header", "footer", "main", "nav", "figure", "ul", "ol",
        "dl", "table", "tr", "thead", "tbody", "tfoot", "hgroup", "address", "details", "summary", "center", "html",
    ]
    static let skipped: Set<String> = ["head", "script", "style", "template", "noscript"]

    struct Output {
        var text: String
        var title: String?
        var element: Int
    }

    private struct Buffer {
        var name: String
        var text = ""
        var title: String?
        var captions: [String] = []
    }

    /// `startTitle` is in force from the document's start; `titles[id]` from the element with that id.
    static func rows(of events: [MarkupEvent], startTitle: String?, titles: [String: String]) -> (rows: [Output], endTitle: String?) {
        var rows: [Output] = []
        var stack: [Buffer] = [Buffer(name: "#document")]
        var title = startTitle
        var skipping: [String] = []
        var blockCount = 0

        func flush(_ index: Int) {
            let text = TextCleanup.collapsingWhitespace(stack[index].text)
            if !text.isEmpty { rows.append(Output(text: text, title: stack[index].title, element: blockCount)) }
            for caption in stack[index].captions {
                let text = TextCleanup.collapsingWhitespace(caption)
                if !text.isEmpty { rows.append(Output(text: text, title: stack[index].title, element: blockCount)) }
            }
            stack[index].text = ""
            stack[index].captions = []
        }

        for event in events {
            switch event {
            case .start(let name, let attributes):
                if !skipping.isEmpty || skipped.contains(name) {
                    if !HTMLTokenizer.voidElements.contains(name) { skipping.append(name) }
                    continue
                }
                if let id = attributes["id"], let entry = titles[id] { title = entry }
                if blocks.contains(name) {
                    flush(stack.count - 1)
                    blockCount += 1
                    stack.append(Buffer(name: name, title: title))
                } else if name == "br" {
                    stack[stack.count - 1].text += " "
                } else if name == "img", let alt = attributes["alt"], !alt.isEmpty {
                    stack[stack.count - 1].captions.append(alt)
                }
            case .end(let name):
                if let last = skipping.last {
                    if last == name { skipping.removeLast() }
                    continue
                }
                guard blocks.contains(name), let open = stack.lastIndex(where: { $0.name == name }), open > 0 else { continue }
                while stack.count > open {  // unclosed blocks inside it end here too
                    flush(stack.count - 1)
                    stack.removeLast()
                }
                stack[stack.count - 1].title = title
            case .text(let text):
                guard skipping.isEmpty else { continue }
                if stack[stack.count - 1].text.isEmpty && !text.allSatisfy(\.isWhitespace) {
                    stack[stack.count - 1].title = title
                }
                stack[stack.count - 1].text += text
            }
        }
        for index in stack.indices.reversed() { flush(index) }
        return (rows, title)
    }
}
