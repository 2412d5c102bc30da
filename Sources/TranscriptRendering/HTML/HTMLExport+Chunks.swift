import TranscriptModel
import TranscriptSearch

/// The rows of a page laid out on demand (`HTMLExport.Layout`): data the page's script renders.
///
/// Each file's rows are cut into chunks of `HTMLExport.chunkRows` rows:
///
///     <div class="chunk" data-h="120" style="--n:250"><script type="application/json">
///     {"s":["Alice Johnson","Bob Chen"],"r":[ITEM,ITEM,…]}</script></div>
///
/// - `data-h`: how many hits begin before this chunk, so the hits beginning in it are
///   `data-h` up to the next chunk's; the script finds hit k's chunk by binary search.
/// - `--n`: the rows in it; until drawn, the box is `--n` times the average row height.
/// - `s`: the speakers of the chunk's rows; a row names one by its index.
/// - `r`, in order: `0` is a gap between context groups (grep's `--`); a string is a section
///   heading; an array is a row `[TIME, SPEAKER, PIECE…]`: TIME is milliseconds from the start, a
///   string such as `"L12"` (a line number, for untimed rows) or null; SPEAKER an index into `s` or
///   -1; each PIECE either a string (plain text) or a hit `[POSITION, "TEXT"]` (its first part,
///   which carries the anchor), or `[POSITION, "TEXT", 0]` (a later part of a hit across cues).
///   A row with no hit piece is a context row.
///
/// Every string is transcript text: `HTMLText.appendJSONString` writes it with `<`, `>`, `&`,
/// U+2028 and U+2029 escaped, so the element's text can hold no `</script` or `<!--`; the script
/// inserts it as text nodes only. The file's recording is the section's `data-media` attribute.
extension HTMLExport {
    /// Writes `shown` (one source's rows) as chunks; `hitsBefore` counts the hits beginning before
    /// them and is advanced past theirs.
    func writeChunks(of shown: [ContextRows.Shown], hitsBefore: inout Int, into page: inout String) {
        var start = 0
        var shownTitle: String?
        while start < shown.count {
            let end = min(start + Self.chunkRows, shown.count)
            var speakers: [String] = []
            var speakerIndex: [String: Int] = [:]
            var items = ""
            let firstHit = hitsBefore
            for item in shown[start..<end] {
                let row = corpus.row(at: item.row)
                if item.startsGroup { items += "0," }
                if let title = row.title, title != shownTitle {
                    HTMLText.appendJSONString(title, to: &items)
                    items += ","
                }
                shownTitle = row.title
                var speaker = -1
                if let name = row.speaker {
                    if let known = speakerIndex[name] {
                        speaker = known
                    } else {
                        speaker = speakers.count
                        speakerIndex[name] = speaker
                        speakers.append(name)
                    }
                }
                hitsBefore += appendRow(row, at: item.row, speaker: speaker, to: &items)
                items += ","
            }
            if items.hasSuffix(",") { items.removeLast() }
            page += "<div class=\"chunk\" data-h=\"\(firstHit)\" style=\"--n:\(end - start)\"><script type=\"application/json\">{\"s\":["
            for (number, name) in speakers.enumerated() {
                if number > 0 { page += "," }
                HTMLText.appendJSONString(name, to: &page)
            }
            page += "],\"r\":[" + items + "]}</script></div>\n"
            start = end
        }
    }

    /// Appends one row item; returns how many hits begin in it.
    private func appendRow(_ row: Row, at rowIndex: Int, speaker: Int, to items: inout String) -> Int {
        items += "["
        if let start = row.start {
            items += String(start.milliseconds)
        } else if let line = row.locator.line {
            items += "\"L\(line)\""
        } else {
            items += "null"
        }
        items += ",\(speaker)"
        let text = row.text
        var cursor = text.startIndex
        var firsts = 0
        index.forEachSegment(inRow: rowIndex, in: corpus) { segment in
            let range = segment.range(in: text)
            guard range.lowerBound >= cursor else { return }  // overlapping ranges never come from a search
            if cursor < range.lowerBound {
                items += ","
                HTMLText.appendJSONString(text[cursor..<range.lowerBound], to: &items)
            }
            items += ",[\(segment.position),"
            HTMLText.appendJSONString(text[range], to: &items)
            items += segment.isFirst ? "]" : ",0]"
            if segment.isFirst { firsts += 1 }
            cursor = range.upperBound
        }
        if cursor < text.endIndex {
            items += ","
            HTMLText.appendJSONString(text[cursor...], to: &items)
        }
        items += "]"
        return firsts
    }
}
