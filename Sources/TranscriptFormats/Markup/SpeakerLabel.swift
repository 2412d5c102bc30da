/// Whether the text before a row's first `:` is shaped like a speaker's name: the rules every
/// format's `Name: text` convention uses (subtitles, Zoom's VTT cues, Otter, Rev and Meet text,
/// Word documents, Whisper TSV), judged on the label alone so a label seen a million times is judged
/// once.
///
/// ```
///  row            Priya R (she/her): Thanks, everyone.
///  label          Priya R (she/her)          the text before the first `:`, then `: ` and text
///  set aside      (she/her)                  trailing notes in () or [] (pronouns, company, Guest)
///                 🎧 ✨                      words of emoji and symbols, anywhere
///  name words     Priya R                    1 to 6 words, the whole label at most 64 characters
/// ```
///
/// The first name word starts with a letter, and the name words must each be one of:
/// - capitalised (`Ana`, `López-Ruiz`, `O'Brien`, `Dr.`, `J.R.`), all capitals (`MAN`,
///   `SPEAKER_01`) or uncased (`陈伟`): letters, digits and `.` `'` `’` `-` `_` only;
/// - a word with a capital inside (`iPhone`, `iPad`: `Seun's iPhone`, or `iPhone` alone);
/// - after the first word: a number or a word with digits (`Speaker 2`, `Room 4B`), a name
///   particle in lower case (`de`, `van`, `von`, `der`, `al`, `bin`, … in `Ana de la Cruz`), or a
///   device after a possessive (`Seun's phone`, `Ana’s laptop`);
/// - one word but the last may end in a comma (`Chen, Wei`, `Ní Bhriain, Aoife`: family name first).
/// A label that is one e-mail address (`priya.raman@example.com`, as Zoom shows a guest) is a
/// label too.
///
/// And none of these, which are how ordinary sentences with a colon begin:
/// - a first word that opens notes and headings, in any case (`Note`, `Re`, `Step 2`, `Update`,
///   `Summary`, `Q3`, `Monday`, `Question`, … the `headingWords` list);
/// - a word that title-case headings use and names do not (`The`, `Our`, `What`, `Of`, `And`, …:
///   `Our Q3 Plan: …`, the `functionWords` list), anywhere in the label;
/// - a lower-case word that is none of the above (`The plan: …`, `We decided three things: …`);
/// - a colon inside a time or a number (`At 10:30: …`): the label ends at the first colon, which
///   must be followed by a space.
///
/// A label that passes is a *candidate*: whether it becomes the row's speaker is judged over the
/// whole file (`TextCleanup.isSpeakerLabel`: in capitals, used twice, or most rows labelled), so a
/// one-off `London: rain expected` in a film's dialogue stays text. Shape alone cannot tell a
/// one-word place or product from a first name; the file-wide judgement does.
enum SpeakerLabel {
    /// How a name-shaped label is written.
    enum Shape: Equatable {
        /// Its name words are all in capitals (`MAN 2`, the subtitle convention).
        case allCapitals
        /// Any other name (`Alice`, `Priya R (she/her)`, `陈伟`).
        case name
    }

    /// The label's shape: nil when `label` (the text before `: `) is not shaped like a name.
    static func shape(of label: Substring) -> Shape? {
        guard !label.isEmpty, label.count <= 64, label.first?.isWhitespace == false else { return nil }
        if isEmailAddress(label) { return .name }
        var name = label
        // Trailing notes in parentheses or brackets: `(she/her)`, `(Guest)`, `[Acme]`.
        while let last = name.last, last == ")" || last == "]" {
            let open: Character = last == ")" ? "(" : "["
            guard let start = name.lastIndex(of: open) else { return nil }
            let note = name[name.index(after: start)..<name.index(before: name.endIndex)]
            guard !note.isEmpty, note.count <= 40, !note.contains(where: { "()[]".contains($0) }) else { return nil }
            name = name[..<start]
            while name.last == " " { name = name.dropLast() }
        }
        let allWords = name.split(separator: " ", omittingEmptySubsequences: false)
        guard !allWords.contains(where: \.isEmpty) else { return nil }
        let words = allWords.filter { !isSymbolWord($0) }
        guard (1...6).contains(words.count), words[0].first?.isLetter == true else { return nil }
        if headingWords.contains(words[0].lowercased()) || headingWords.contains(words[0].dropLast().lowercased()) && words[0].last == "," { return nil }
        // One comma, after a family name that comes first (`Chen, Wei`, `Ní Bhriain, Aoife`).
        guard words.dropLast().count(where: { $0.last == "," }) <= 1, words.last?.last != "," else { return nil }
        var isAllCapitals = true
        var afterPossessive = false
        for (position, raw) in words.enumerated() {
            var word = raw
            if word.last == "," { word = word.dropLast() }
            guard let first = word.first, word.allSatisfy(isNameCharacter) else { return nil }
            let lower = word.lowercased()
            if functionWords.contains(lower) { return nil }
            defer { afterPossessive = word.hasSuffix("'s") || word.hasSuffix("’s") }
            if position > 0, word.contains(where: \.isNumber), !first.isLowercase { continue }
            if first.isLowercase {
                if position > 0, particles.contains(lower) || (afterPossessive && devices.contains(lower)) { continue }
                // A capital inside: a device or a brand (`iPhone`, `Seun's iPad`), anywhere.
                guard word.dropFirst().contains(where: \.isUppercase) else { return nil }
                isAllCapitals = false
                continue
            }
            guard first.isUppercase || !first.isCased else { return nil }
            if word.contains(where: \.isLowercase) { isAllCapitals = false }
        }
        if !words.contains(where: { $0.contains(where: \.isCased) }) { isAllCapitals = false }
        return isAllCapitals ? .allCapitals : .name
    }

    /// Letters, digits and the punctuation names hold (`.` `'` `’` `-` `_`).
    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "." || character == "'" || character == "’"
            || character == "-" || character == "_"
    }

    /// A word of emoji and symbols only (`🎧`, `✨`, `🇺🇸`, `♪`), set aside like a note.
    private static func isSymbolWord(_ word: Substring) -> Bool {
        word.allSatisfy { character in
            character.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.properties.isEmoji && $0.value > 0xFF }
                || character.unicodeScalars.allSatisfy { [.otherSymbol, .mathSymbol].contains($0.properties.generalCategory) }
        }
    }

    /// `local@domain.tld`, letters, digits and `._%+-`: how a guest without a name shows.
    private static func isEmailAddress(_ label: Substring) -> Bool {
        let parts = label.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasSuffix("."), !parts[1].hasPrefix(".") else {
            return false
        }
        return label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._%+-@".contains($0)) }
    }

    /// First words that open notes, headings and lists, not names (compared in lower case).
    static let headingWords: Set<String> = [
        "note", "notes", "nb", "n.b.", "ps", "p.s.", "re", "fwd", "fw", "cc", "bcc", "subject", "date", "time", "sent",
        "attendees", "agenda", "summary", "update", "updates", "reminder", "warning", "caution", "important", "tip",
        "hint", "example", "examples", "e.g.", "i.e.", "edit", "correction", "source", "sources", "step", "item", "part",
        "chapter", "section", "phase", "stage", "version", "option", "point", "rule", "goal", "goals", "result",
        "results", "status", "decision", "decisions", "question", "questions", "answer", "conclusion", "problem",
        "solution", "context", "background", "action", "actions", "todo", "outcome", "takeaway", "takeaways",
        "next", "because", "however", "also", "yes", "no", "ok", "okay", "well", "first", "second", "third",
        "finally", "lastly", "then", "meanwhile", "bonus", "spoiler", "disclaimer", "caveat", "translation",
        "transcript", "title", "deadline", "priority", "risk", "risks", "pros", "cons", "breaking", "psa", "faq",
        "q1", "q2", "q3", "q4", "h1", "h2", "fy", "day", "week", "month", "year", "today", "tomorrow", "yesterday",
        "tonight", "morning", "afternoon", "evening", "lunch", "slide", "page", "figure", "table", "exhibit",
        "appendix", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
        "february", "march", "july", "september", "october", "november", "december", "dear", "hi", "hello", "hey",
        "thanks", "input", "output", "error", "fix", "fixed", "added", "removed", "changed",
        "done", "pending", "blocked", "agreed", "recap", "overview", "intro", "introduction", "welcome", "objective",
        "objectives", "purpose", "scope", "requirements", "feedback", "comment", "comments", "quote", "definition",
        "reason", "reasons", "lesson", "lessons", "rationale", "tl;dr", "tldr", "bottom", "meeting", "call",
        "location", "venue", "total", "cost", "budget", "revenue", "headline", "subtitle", "caption", "attention",
        "announcement", "notice", "alert", "fyi", "btw", "imo", "imho", "plan", "idea", "ideas", "task", "tasks",
    ]

    /// Words title-case headings use and names do not, anywhere in a label (lower case).
    static let functionWords: Set<String> = [
        "the", "our", "my", "your", "their", "this", "that", "these", "those", "of", "for", "with", "from", "and",
        "or", "is", "are", "was", "were", "we", "what", "why", "how", "when", "where", "who", "if", "not",
        "here", "there", "it", "its", "at", "on", "in", "about", "by", "into", "vs", "via", "per", "has", "have",
        "had", "can", "should", "would", "must", "i'm", "we're", "it's", "let's", "here's", "there's",
    ]

    /// Name particles written in lower case between a given name and a family name.
    static let particles: Set<String> = [
        "de", "da", "das", "do", "dos", "di", "del", "della", "der", "den", "des", "du", "la", "le", "van", "von", "zu",
        "ten", "ter", "y", "e", "bin", "binti", "ibn", "al", "el", "ben", "bat", "st.", "d'", "mc",
    ]

    /// Devices a display name says are someone's (`Seun's phone`), in lower case.
    static let devices: Set<String> = [
        "phone", "iphone", "ipad", "laptop", "macbook", "mac", "pc", "computer", "tablet", "pixel", "galaxy",
        "android", "desktop", "imac", "surface", "chromebook", "room",
    ]
}
