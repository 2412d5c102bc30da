import Dispatch
import TranscriptModel

/// Reads a big subtitle file in pieces, one per core, and puts the rows back together in order.
///
/// A piece starts at a cue header (a line holding `-->`, or the line before one) that follows an
/// empty line: there a reading from the start of the file also begins a new cue, whatever came
/// before (a blank line ends every cue's text, and the next block starts fresh), so each piece can
/// be read alone (in plain text, every line stands alone). Rows, warnings and line numbers are
/// joined as if read in one go; the speaker labels are judged across pieces here, and what else a
/// format must judge across pieces (WebVTT's rolling captions) it judges from what each piece
/// reports (`Facts`).
enum PieceReading {
    /// Reads `text` in `pieces` pieces (nil: `pieceCount`) with `parse`, which gets a piece (its
    /// lines numbered from 1), the piece's position, how many bytes of text to make room for (the
    /// first piece makes room for all, as the others are appended to it) and a `release` in the
    /// piece's own offsets. Each piece also finds its `Name: text` speaker label candidates on its
    /// thread; once the pieces are joined, the labels are judged over the whole file and applied.
    /// Returns the rows and each piece's facts, in order.
    static func read<Facts>(
        _ text: ByteText, pieces: Int?, atAnyLine: Bool = false, release: @escaping @Sendable (Range<Int>) -> Void,
        parse: @escaping @Sendable (ByteText, _ index: Int, _ reserving: Int, _ release: (Range<Int>) -> Void)
            -> (parsed: ParsedColumns, lines: Int, facts: Facts)
    ) -> (parsed: ParsedColumns, facts: [Facts]) {
        let starts = pieceStarts(text, pieces: pieces ?? pieceCount(forBytes: text.bytes.count), atAnyLine: atAnyLine)
        let count = starts.count - 1
        let shared = SharedPieces<Facts>(text: text, results: .allocate(capacity: count))
        defer { shared.results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let range = starts[index]..<starts[index + 1]
            let reserving = index == 0 ? shared.text.bytes.count : range.count
            let read = parse(shared.text.piece(range), index, reserving) {
                release($0.lowerBound + range.lowerBound..<$0.upperBound + range.lowerBound)
            }
            let labels = read.parsed.columns.speakerLabelCandidates()
            (shared.results.baseAddress! + index).initialize(to: (read.parsed, read.lines, read.facts, labels))
        }
        let speakers = SpeakerLabelCandidates.judge(shared.results.map(\.labels))
        // Taken apart at once, so `result` holds its columns alone and grows them in place.
        var (result, lineBase, firstFacts, labels) = shared.results.baseAddress!.move()
        var facts = [firstFacts]
        for index in 1..<count {
            var piece = (shared.results.baseAddress! + index).move()
            piece.parsed.shiftLines(by: lineBase)
            result.columns.append(emptying: &piece.parsed.columns)
            result.warnings.append(contentsOf: piece.parsed.warnings)
            labels.append(contentsOf: piece.labels)
            facts.append(piece.facts)
            lineBase += piece.lines
        }
        result.columns.applySpeakerLabels(labels, speakers: Array(speakers.joined()))
        return (result, facts)
    }

    /// One piece per core for a big text, each of 8 MB or more.
    static func pieceCount(forBytes count: Int) -> Int {
        min(ByteSearch.onlineCores, count / (8 << 20))
    }

    /// Where the pieces of `text` start, and its end: up to `pieces` pieces, each starting at the
    /// first cue header after an even cut that follows an empty line, within a megabyte of the cut
    /// (else there are fewer pieces); or, `atAnyLine` (plain text, where every line stands alone),
    /// at the first line after the cut.
    static func pieceStarts(_ text: ByteText, pieces: Int, atAnyLine: Bool = false) -> [Int] {
        let count = text.bytes.count
        var starts = [0]
        guard pieces > 1, let base = text.bytes.baseAddress else { return [0, count] }
        for piece in 1..<pieces {
            // From just after a line feed: a line starts there (a CR before it was that line's end).
            let even = count / pieces * piece
            guard even > starts[starts.count - 1] else { continue }
            guard let feed = ByteSearch.find(base + even, 0x0A, count - even) else { break }
            var previousWasEmpty = false
            var reader = LineReader(text, from: UnsafeRawPointer(feed) - UnsafeRawPointer(base) + 1)
            while let line = reader.current, line.start - even < 1 << 20 {
                if atAnyLine {
                    starts.append(line.start)
                    break
                }
                if previousWasEmpty, !text.isBlank(line), text.hasArrow(line) || reader.peek().map(text.hasArrow) == true {
                    starts.append(line.start)
                    break
                }
                previousWasEmpty = line.isEmpty
                reader.advance()
            }
        }
        return starts + [count]
    }
}

/// The text and one result slot per piece, shared by the threads that read the pieces (each writes
/// only its own slot; the text is only read).
private struct SharedPieces<Facts>: @unchecked Sendable {
    let text: ByteText
    let results: UnsafeMutableBufferPointer<(parsed: ParsedColumns, lines: Int, facts: Facts, labels: SpeakerLabelCandidates)>
}
