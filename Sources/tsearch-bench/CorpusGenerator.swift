import Foundation
import TranscriptFormats

/// A deterministic corpus of meeting-style rows (accents, CJK, emoji, the odd ß and Σ), written as
/// SubRip, WebVTT, JSON and plain text, so every run of the benchmark measures the same input.
struct CorpusGenerator {
    private var state: UInt64
    /// A second stream for the words the `--bool` queries look for (pricing, travel, action item),
    /// so that adding them left every other word where it was.
    private var extraState: UInt64

    /// Percent of rows given an accented word, or nil for the usual 1 in 12 (the same stream of
    /// choices either way, so every other word stays where it was).
    private let accentedPercent: UInt64?

    /// A generator for `seed`; `accentedPercent` rows in 100 get an accented word (default 1 in 12).
    init(seed: UInt64 = 2026, accentedPercent: UInt64? = nil) {
        state = seed
        extraState = seed ^ 0x5EED
        self.accentedPercent = accentedPercent
    }

    private static let speakers = ["Alice", "Bob", "Chen Wei", "Dana", "José", "Zoë", "Søren", "İlkay"]
    private static let common = (
        "the we need to and a of for with on is it that this I you so our they be have will just like "
        + "about know think can do was are if what not at but as all out up get one there would time good "
        + "review release plan hiring customer interview Friday numbers team roadmap decision approval "
        + "contractor quarterly launch design feedback deadline priority sprint backlog metrics revenue "
        + "forecast onboarding vendor contract support week month call notes"
    ).split(separator: " ").map(String.init)
    private static let names = ["Alice", "Bob", "Chen", "Dana", "José", "Zoë", "Müller", "Søren", "Łukasz", "François", "İlkay"]
    /// Accented words, written composed (NFC) or, one time in three, decomposed (NFD).
    private static let accented = ["café", "naïve", "résumé", "déjà vu", "façade", "über", "Zürich", "São Paulo", "coöperate"]
    private static let rarer = ["Straße", "STRASSE", "İstanbul", "ılık", "ΣΟΦΙΑ", "σοφία", "Σίσυφος", "\u{212A}elvin"]
    private static let cjk = ["我们需要审查预算", "会议", "下周的发布计划", "東京の予算会議", "客户访谈", "第三季度", "决定", "会议纪要"]
    private static let emoji = ["👍🏽", "🎉", "👩🏽‍💻", "❤️", "🇯🇵", "🙏🏿"]

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func nextExtra() -> UInt64 {
        extraState = extraState &* 6364136223846793005 &+ 1442695040888963407
        return extraState >> 33
    }

    private mutating func pick(_ words: [String]) -> String {
        words[Int(next() % UInt64(words.count))]
    }

    /// One cue's text, about 90 bytes: 8 to 19 meeting words, a capital at the start and a full
    /// stop at the end. The mix, per row: "budget" in about 3 in 10 (a common word), "milestone" in
    /// 1 in 10, "postmortem" in 1 in 300 (a rare word), a name in 1 in 4, a number in 1 in 3, an
    /// accented word in 1 in 12 (a third of them decomposed), ß/İ/ı/Σ/ς/Kelvin words in 1 in 40,
    /// CJK in 3 in 100, emoji with skin tones, joiners or flags in 2 in 100; "pricing", "travel"
    /// and "action item" in 1 in 25, 30 and 40 (from a stream of their own).
    mutating func sentence() -> String {
        if next() % 100 < 3 {
            var parts = [pick(Self.cjk), pick(Self.cjk)]
            if next() % 2 == 0 { parts.append("budget") }
            return parts.joined(separator: " ") + "。"
        }
        let count = 8 + Int(next() % 12)
        var words: [String] = []
        for _ in 0..<count { words.append(pick(Self.common)) }
        func insert(_ word: String) { words.insert(word, at: Int(next() % UInt64(words.count + 1))) }
        if next() % 10 < 3 { insert("budget") }
        if next() % 10 == 0 { insert("milestone") }
        if next() % 300 == 0 { insert("postmortem") }
        if next() % 4 == 0 { insert(pick(Self.names)) }
        if next() % 3 == 0 { insert(String(next() % 2027)) }
        let roll = next()
        if accentedPercent.map({ roll % 100 < $0 }) ?? (roll % 12 == 0) {
            let word = pick(Self.accented)
            insert(next() % 3 == 0 ? word.decomposedStringWithCanonicalMapping : word)
        }
        if next() % 40 == 0 { insert(pick(Self.rarer)) }
        if next() % 50 == 0 { words.append(pick(Self.emoji)) }
        // For the --bool queries: "pricing" in 1 row in 25, "travel" in 1 in 30, "action item" in 1 in 40.
        for (word, rate) in [("pricing", UInt64(25)), ("travel", 30), ("action item", 40)] where nextExtra() % rate == 0 {
            words.insert(word, at: Int(nextExtra() % UInt64(words.count + 1)))
        }
        let text = words.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    mutating func speaker() -> String {
        Self.speakers[Int(next() % UInt64(Self.speakers.count))]
    }

    /// `rows` cues as a SubRip file (two text lines a cue, as subtitles wrap).
    mutating func subRip(rows: Int) -> String {
        var out = ""
        for index in 0..<rows {
            let words = sentence().split(separator: " ")
            let half = words.count / 2
            out += "\(index + 1)\n\(clock(index, comma: true)) --> \(clock(index, comma: true, end: true))\n"
            out += "\(speaker()): " + words[..<half].joined(separator: " ") + "\n" + words[half...].joined(separator: " ") + "\n\n"
        }
        return out
    }

    mutating func webVTT(rows: Int) -> String {
        var out = "WEBVTT\n\n"
        for index in 0..<rows {
            out += "\(clock(index, comma: false)) --> \(clock(index, comma: false, end: true))\n<v \(speaker())>\(sentence())\n\n"
        }
        return out
    }

    mutating func json(rows: Int) -> String {
        var out = "{\"segments\": [\n"
        for index in 0..<rows {
            let text = sentence().replacingOccurrences(of: "\"", with: "\\\"")
            out += "{\"start\": \(index * 2), \"end\": \(index * 2 + 1).5, \"speaker\": \"\(speaker())\", \"text\": \" \(text)\"}"
            out += index + 1 < rows ? ",\n" : "\n"
        }
        return out + "]}\n"
    }

    /// An EPUB 3 book of `chapters` chapters of `paragraphs` paragraphs each, with a nav document.
    mutating func epub(chapters: Int, paragraphs: Int) -> [UInt8] {
        var zip = ZIPWriter()
        zip.add("mimetype", "application/epub+zip", deflate: false)
        zip.add("META-INF/container.xml", "<?xml version=\"1.0\"?><container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\"><rootfiles><rootfile full-path=\"OEBPS/content.opf\" media-type=\"application/oebps-package+xml\"/></rootfiles></container>")
        var manifest = "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"
        var spine = "", nav = ""
        for chapter in 1...chapters {
            manifest += "<item id=\"c\(chapter)\" href=\"c\(chapter).xhtml\" media-type=\"application/xhtml+xml\"/>"
            spine += "<itemref idref=\"c\(chapter)\"/>"
            nav += "<li><a href=\"c\(chapter).xhtml\">Meeting \(chapter)</a></li>"
            var body = "<h1>Meeting \(chapter)</h1>"
            for paragraph in 0..<paragraphs {
                if paragraph % 20 == 0 { body += "<h2>Topic \(paragraph / 20 + 1)</h2>" }
                body += "<p><b>\(speaker())</b>: \(sentence()) \(sentence())</p>"
            }
            zip.add("OEBPS/c\(chapter).xhtml", "<?xml version=\"1.0\" encoding=\"utf-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>Meeting \(chapter)</title></head><body>\(body)</body></html>")
        }
        zip.add("OEBPS/content.opf", "<?xml version=\"1.0\"?><package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"id\"><metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:identifier id=\"id\">bench</dc:identifier><dc:title>Bench</dc:title><dc:language>en</dc:language></metadata><manifest>\(manifest)</manifest><spine>\(spine)</spine></package>")
        zip.add("OEBPS/nav.xhtml", "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\"><head><title>toc</title></head><body><nav epub:type=\"toc\"><ol>\(nav)</ol></nav></body></html>")
        return zip.archive()
    }

    mutating func plainText(rows: Int) -> String {
        var out = ""
        for _ in 0..<rows { out += "\(speaker()): \(sentence())\n" }
        return out
    }

    private func clock(_ index: Int, comma: Bool, end: Bool = false) -> String {
        let millis = index * 2000 + (end ? 1500 : 0)
        let (h, m, s, ms) = (millis / 3_600_000, millis / 60_000 % 60, millis / 1000 % 60, millis % 1000)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2))\(comma ? "," : ".")\(pad(ms, 3))"
    }
}
