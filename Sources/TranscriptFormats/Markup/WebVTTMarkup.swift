/// Reads WebVTT cue text (the cue text syntax of the WebVTT spec) into plain text and the speaker of
/// its first voice span.
///
/// - `<v Alice>` / `<v.loud Bob>`: the annotation after the tag name is the speaker.
/// - `<c.class>`, `<b>`, `<i>`, `<u>`, `<lang xx>`, `<ruby>`, end tags, inline timestamps
///   (`<00:00:12.500>`) and unknown tags are dropped, their contents kept.
/// - `<rt>…</rt>` (ruby text, the reading shown above a base) is dropped with its contents, so a
///   base word such as 漢字 stays searchable as one word.
/// - Character references are decoded. A `<` with no `>` after it is kept as text.
enum WebVTTMarkup {
    static func parse(_ text: String) -> (text: String, speaker: String?) {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") })
        else { return (text, nil) }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var speaker: String?
        var rubyTextDepth = 0
        let whole = Substring(text)
        let scalars = whole.unicodeScalars
        var index = scalars.startIndex
        // Once a `<` has no `>` after it, no later one has either: remembering that keeps a cue full
        // of `<` linear instead of quadratic.
        var hasCloseAhead = true
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "<", hasCloseAhead {
                guard let close = scalars[index...].firstIndex(of: ">") else {
                    hasCloseAhead = false
                    continue
                }
                let tag = String(whole.unicodeScalars[scalars.index(after: index)..<close])
                index = scalars.index(after: close)
                let name = tagName(tag)
                switch name {
                case "v":
                    if speaker == nil { speaker = annotation(of: tag) }
                case "rt":
                    rubyTextDepth += 1
                case "/rt":
                    rubyTextDepth = max(0, rubyTextDepth - 1)
                case "/ruby":
                    rubyTextDepth = 0
                default:
                    break
                }
                continue
            }
            if scalar == "&", let (value, end) = Entities.decode(in: whole, at: index) {
                if rubyTextDepth == 0 { out += value }
                index = end
                continue
            }
            if rubyTextDepth == 0 { out.unicodeScalars.append(scalar) }
            index = scalars.index(after: index)
        }
        return (out, speaker)
    }

    /// `v` for `v.loud Bob`, `/rt` for `/rt`, `c` for `c.yellow`.
    private static func tagName(_ tag: String) -> String {
        String(tag.prefix { $0 != "." && $0 != " " && $0 != "\t" }).lowercased()
    }

    /// The annotation of a start tag (`Bob` in `v.loud Bob`), character references decoded (Teams
    /// writes `<v Carlos Far&#237;as>` and `<v O&apos;Brien>`), whitespace collapsed; nil if empty.
    static func annotation(of tag: String) -> String? {
        guard let space = tag.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return nil }
        let value = TextCleanup.collapsingWhitespace(Entities.decodingAll(in: tag[space...]))
        return value.isEmpty ? nil : value
    }

}
