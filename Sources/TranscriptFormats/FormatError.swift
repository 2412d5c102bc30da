/// Something wrong with a source file: an error when nothing of the file can be loaded, a warning
/// (carried in `LoadResult.warnings`) when one cue is skipped and the rest still loads.
///
/// The message names the file and line and says what was expected:
/// `a.srt:12: expected a timestamp like 00:01:02,500, found "00:01:02.5x"`.
public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it, or `<stdin>`.
    public var file: String
    /// The 1-based line the problem is on, when there is one.
    public var line: Int?
    /// What went wrong, with what was found; `description` turns it into the message.
    public var kind: Kind

    /// A problem in `file`, at `line` when it has one.
    public init(file: String, line: Int? = nil, kind: Kind) {
        self.file = file
        self.line = line
        self.kind = kind
    }

    /// What went wrong. New cases may be added; switch with a default.
    public enum Kind: Hashable, Sendable {
        /// The file could not be read at all (the system's reason).
        case reading(String)
        /// The bytes are not text (a NUL byte, or mostly control characters).
        case binary
        /// A timestamp that does not parse; `example` shows the expected form.
        case badTimestamp(found: String, example: String)
        /// A line where a cue timing line was expected.
        case badTiming(found: String, example: String)
        /// A cue number with no timing line after it.
        case missingTiming(cue: String)
        /// Text outside any cue.
        case strayText(found: String)
        /// A WebVTT file that does not start with `WEBVTT`.
        case missingHeader(found: String)
        /// JSON syntax: what the parser expected and what it found.
        case json(expected: String, found: String)
        /// Valid JSON of a shape no known transcript producer writes.
        case unsupportedShape(String)
        /// A JSON object that lacks a usable field (`expected` names it).
        case badField(expected: String, found: String)
        /// An XML document (TTML, srv3) that is not well-formed or is refused: what the XML
        /// reader expected or why it stopped.
        case xml(String)
        /// A warning: the file does not say something its times need (a frame rate), or offers a
        /// choice (several language tracks), and `what` says what was assumed or chosen.
        case assumption(String)
        /// The file holds no row at all; `skipped` are the cues that could not be read, as
        /// `Warnings.reported` tells them (a `moreWarnings` last for those only counted).
        case noRows(skipped: [FormatError])
        /// A ZIP archive (an EPUB) that cannot be opened, or a member that is refused.
        case archive(String)
        /// An EPUB whose structure is broken: `expected` says what was missing.
        case book(expected: String)
        /// One member of an EPUB (`member`) could not be used; the rest of the book loads.
        case member(String, problem: String)
        /// Every content document is encrypted (DRM): nothing can be read.
        case protected
        /// The system's iconv does not know the encoding's name.
        case unknownEncoding(String)
        /// The bytes at `offset` (the first few shown) are no character of the named `encoding`.
        case undecodable(encoding: String, offset: Int, bytes: [UInt8])
        /// The file is valid UTF-8 with non-ASCII text (from `offset`), not the legacy encoding asked.
        case validUTF8(asked: String, offset: Int)
        /// A warning: the file was read as the encoding asked, but its bytes look like `detected`.
        case encodingDoubt(asked: String, detected: String)
        /// A warning: the file is not UTF-8 and its encoding was guessed, not sure.
        case encodingGuess(assumed: String, alternative: String?)
        /// A warning: timecodes count frames and the file does not say how many per second; they
        /// were read at `framesPerSecond`.
        case assumedFrameRate(Int)
        /// The file is of a kind tsearch does not read; `looksLike` says what it seems to be
        /// (`a PDF document`, `a ZIP archive holding an Excel workbook`).
        case notATranscript(looksLike: String)
        /// A Word document whose structure is broken: `expected` says what was missing.
        case wordDocument(expected: String)
        /// A warning: the file's times carry no unit, and `assumed` (seconds or milliseconds) was
        /// chosen from their values, for the reason given.
        case timeUnitGuess(assumed: String, reason: String)
        /// JSON with times (and maybe text) in its arrays but no array of objects holding both;
        /// what each array looked at held and lacked.
        case noTimedText(lookedAt: String)
        /// A warning: this many more warnings were given for the file than `Warnings.kept`, which
        /// are shown; the rest are only counted (`Warnings`).
        case moreWarnings(Int)
    }

    /// Whether the file simply holds nothing to read (empty, blank, a header alone): no text is
    /// lost, so a caller may treat it as a warning.
    public var isEmptySource: Bool {
        if case .noRows(let skipped) = kind { return skipped.isEmpty }
        return false
    }

    /// Whether this is a note rather than a warning: a harmless decision made while reading (a unit,
    /// frame rate or encoding guessed, one of several tracks chosen, a default taken), which loses no
    /// text. A caller may say it once per unchanged file.
    public var isNote: Bool {
        switch kind {
        case .assumedFrameRate, .timeUnitGuess, .encodingGuess, .assumption: return true
        default: return false
        }
    }

    /// How several warnings of this one kind (in one file or several) read as one line, `{n}`
    /// standing for their count (`the times of {n} files carry no unit; read as milliseconds, a guess`); nil for a kind
    /// that is said file by file.
    public var groupSummary: String? {
        switch kind {
        case .assumedFrameRate(let rate):
            return "the timecodes of {n} files count frames and do not say how many per second: read at \(rate) frames per second (a guess)"
        case .timeUnitGuess(let assumed, _):
            return "the times of {n} files carry no unit; read as \(assumed), a guess"
        case .encodingGuess(let assumed, _):
            return "{n} files are not UTF-8; read as \(assumed), a guess (name the encoding with --encoding NAME)"
        case .noRows(let skipped) where skipped.isEmpty:
            return "{n} files hold no cue, segment or line of text"
        case .badTiming(_, let example):
            return "{n} timing lines could not be read (expected one like \"\(example)\"); their cues are skipped"
        case .badTimestamp(_, let example):
            return "{n} timestamps could not be read (expected one like \(example))"
        case .missingTiming:
            return "{n} cues have no timing line; they are skipped"
        default:
            return nil
        }
    }

    /// Whether the file is not a transcript at all (binary, or JSON of another shape), as opposed to
    /// a transcript that is damaged: a directory walk may skip such files with a warning.
    public var isNotATranscript: Bool {
        switch kind {
        case .binary, .unsupportedShape, .archive, .notATranscript: return true
        default: return false
        }
    }

    /// The message as printed: `file:line: ` (or `file: `) and what went wrong.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return "\(place): \(message)"
    }

    /// The message without the place.
    public var message: String {
        switch kind {
        case .reading(let reason):
            return reason
        case .binary:
            return "binary file, not a transcript; " + TranscriptFormat.whatIsRead
        case .notATranscript(let looksLike):
            return "looks like \(looksLike), not a transcript; " + TranscriptFormat.whatIsRead
        case .wordDocument(let expected):
            return "not a readable Word document: expected \(expected)"
        case .assumedFrameRate(let rate):
            return "timecodes count frames and the file does not say how many per second: read at \(rate) frames per second"
                + " (a guess; a time may be off by a fraction of a second)"
        case .badTimestamp(let found, let example):
            return "expected a timestamp like \(example), found \(quoted(found))"
        case .badTiming(let found, let example):
            return "expected a timing line like \"\(example)\", found \(quoted(found))"
        case .missingTiming(let cue):
            return "expected a timing line after cue number \(quoted(cue)), found none; the cue is skipped"
        case .strayText(let found):
            return "expected a cue (a timing line with \"-->\"), found text outside any cue: \(quoted(found))"
        case .missingHeader(let found):
            return "expected \"WEBVTT\" on the first line, found \(quoted(found))"
        case .json(let expected, let found):
            return "expected \(expected), found \(found)"
        case .unsupportedShape(let expected):
            return "expected \(expected)"
        case .badField(let expected, let found):
            return "expected \(expected), found \(found)"
        case .archive(let problem):
            return problem
        case .book(let expected):
            return "not a readable EPUB: expected \(expected)"
        case .member(let member, let problem):
            return "\(member): \(problem)"
        case .protected:
            return "the book's content is encrypted (DRM); nothing can be read"
        case .unknownEncoding(let name):
            return "unknown encoding \(quoted(name)); \(TextEncoding.examples) (iconv -l lists every name)"
        case .undecodable(let encoding, let offset, let bytes):
            let shown = bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            return "not valid \(encoding): the bytes at byte offset \(offset) (\(shown)) are no \(encoding) character;"
                + " name the file's real encoding with --encoding, or leave it out to detect it"
        case .validUTF8(let asked, let offset):
            return "the file is UTF-8 (non-ASCII text from byte offset \(offset)), not \(asked) as --encoding says;"
                + " read as \(asked) it would be garbled, so leave out --encoding for this file"
        case .encodingDoubt(let asked, let detected):
            return "read as \(asked) as --encoding says, but the bytes look like \(detected);"
                + " if the text looks wrong, try --encoding \(detected)"
        case .encodingGuess(let assumed, let alternative):
            return "not UTF-8; read as \(assumed), a guess" + (alternative.map { " (it could be \($0))" } ?? "")
                + "; if the text looks wrong, name the encoding with --encoding NAME"
        case .noTimedText(let lookedAt):
            return "expected timed text (an array of objects with a time and a text, as speech-to-text services write), found none: \(lookedAt)"
        case .timeUnitGuess(let assumed, let reason):
            return "the times carry no unit; read as \(assumed), a guess: \(reason)"
        case .xml(let problem):
            return "not readable XML: \(problem)"
        case .assumption(let what):
            return what
        case .moreWarnings(let count):
            return "… and \(grouped(count)) more warnings like these (the first \(Warnings.kept) are shown)"
        case .noRows(let skipped):
            let count = skipped.reduce(0) { if case .moreWarnings(let more) = $1.kind { $0 + more } else { $0 + 1 } }
            return skipped.isEmpty
                ? "holds no cue, segment or line of text"
                : "no rows: none of its \(grouped(count)) cue(s) could be read"
        }
    }
}

/// `count` with a comma between groups of three digits: `2,097,147`.
func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var out = count < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return out
}

/// `found` in double quotes, shortened to 60 characters, with control characters shown as `\u{1B}`
/// so an error message can never carry an escape sequence to the terminal.
func quoted(_ found: some StringProtocol) -> String {
    var out = "\""
    var count = 0
    for scalar in found.unicodeScalars {
        if count == 60 { out += "…"; break }
        count += 1
        switch scalar.value {
        case 0x22: out += "\\\""
        case 0x5C: out += "\\\\"
        case 0..<0x20, 0x7F...0x9F: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
