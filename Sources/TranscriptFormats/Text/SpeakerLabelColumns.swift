import TranscriptModel

/// The rows of some columns that start with a speaker label (`TextCleanup.speakerLabelCandidate`),
/// found before the file-wide judgement of which labels are speakers: each piece of a file read on
/// several threads finds its own, the judgement is made over all of them, and each piece applies it.
struct SpeakerLabelCandidates: Sendable {
    /// Each distinct label (by bytes) found: its text and whether it is in capitals.
    var labels: [(label: String, isAllCapitals: Bool)] = []
    /// Per row: an index into `labels`, or -1.
    var labelOfRow: [Int32] = []
    /// Per row with a label: where its colon is, from the row's start (within the first 160 bytes).
    var colonOfRow: [UInt8] = []
    /// How many rows start with each label.
    var uses: [Int] = []
    var rows = 0

    /// Adds the candidates of the rows that follow these (another piece of the same file).
    mutating func append(contentsOf next: SpeakerLabelCandidates) {
        let base = Int32(labels.count)
        labels.append(contentsOf: next.labels)
        labelOfRow.append(contentsOf: next.labelOfRow.lazy.map { $0 >= 0 ? $0 + base : -1 })
        colonOfRow.append(contentsOf: next.colonOfRow)
        uses.append(contentsOf: next.uses)
        rows += next.rows
    }

    /// Which labels of each piece are speakers, judged over all pieces as `ParsedRows`
    /// does over a file: by `TextCleanup.isSpeakerLabel`, uses counted by label text (so `José` in
    /// NFC and NFD count together, as `String` compares).
    static func judge(_ pieces: [SpeakerLabelCandidates]) -> [[Bool]] {
        var usesOfText: [String: Int] = [:]
        var candidates = 0
        var rows = 0
        for piece in pieces {
            for (index, label) in piece.labels.enumerated() { usesOfText[label.label, default: 0] += piece.uses[index] }
            candidates += piece.uses.reduce(0, +)
            rows += piece.rows
        }
        let isTranscript = TextCleanup.isTranscript(candidates: candidates, rows: rows)
        return pieces.map { piece in
            piece.labels.map {
                TextCleanup.isSpeakerLabel(isAllCapitals: $0.isAllCapitals, uses: usesOfText[$0.label] ?? 0, isTranscript: isTranscript)
            }
        }
    }
}

extension CorpusColumns {
    /// `ParsedRows.assignSpeakerLabels` for rows built as columns, with the same result: each row
    /// without a speaker whose text starts with a label gets it as its speaker when the file-wide
    /// judgement says so, and keeps the text after `: `.
    mutating func assignSpeakerLabels() {
        let candidates = speakerLabelCandidates()
        applySpeakerLabels(candidates, speakers: SpeakerLabelCandidates.judge([candidates])[0])
    }

    /// The rows without a speaker that start with a label candidate. A label's verdict depends on
    /// its bytes alone when what follows `: ` does not join the space into one character, so it is
    /// worked out once per distinct label, not once per row.
    func speakerLabelCandidates() -> SpeakerLabelCandidates {
        var found = SpeakerLabelCandidates()
        let rows = rowCount
        found.rows = rows
        guard rows > 0 else { return found }
        found.labelOfRow = [Int32](repeating: -1, count: rows)
        found.colonOfRow = [UInt8](repeating: 0, count: rows)
        var table = ByteKeyTable()
        func register(_ candidate: (label: String, isAllCapitals: Bool)) -> Int32 {
            found.labels.append(candidate)
            found.uses.append(0)
            return Int32(found.labels.count - 1)
        }
        // Whether a scalar after `: ` would join the space into one character (a combining mark,
        // say): then the label is no label (`rest.first == " "` fails), so the row is judged whole.
        var joining: [UInt32: Bool] = [:]
        func joinsSpace(_ scalar: Unicode.Scalar) -> Bool {
            if let known = joining[scalar.value] { return known }
            let joins = (" " + String(scalar)).count == 1
            joining[scalar.value] = joins
            return joins
        }
        textBytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return }
            for row in 0..<rows where speakerIDs[row] < 0 {
                let start = textOffsets[row]
                let end = textOffsets[row + 1]
                guard let colonPointer = ByteSearch.find(base + start, 0x3A, min(160, end - start)) else { continue }
                let colon = UnsafeRawPointer(colonPointer) - UnsafeRawPointer(base)
                guard colon + 2 < end, text[colon + 1] == 0x20 else { continue }
                let label: Int32
                if text[colon + 2] < 0x80 || !joinsSpace(scalar(at: colon + 2, in: text)) {
                    label = table.value(for: UnsafeBufferPointer(rebasing: text[start..<colon])) {
                        let string = String(decoding: UnsafeBufferPointer(rebasing: text[start..<colon]), as: UTF8.self)
                        guard let candidate = TextCleanup.speakerLabelCandidate(string + ": x") else { return -1 }
                        return register((candidate.label, candidate.isAllCapitals))
                    }
                } else {
                    let row = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
                    label = TextCleanup.speakerLabelCandidate(row).map { register(($0.label, $0.isAllCapitals)) } ?? -1
                }
                guard label >= 0 else { continue }
                found.labelOfRow[row] = label
                found.colonOfRow[row] = UInt8(colon - start)
                found.uses[Int(label)] += 1
            }
        }
        return found
    }

    /// Gives each candidate row whose label is a speaker (`speakers`, per label of `candidates`)
    /// that speaker, keeping the text after `: `; speakers are interned again in row order, as
    /// `Corpus.append` does with rows.
    mutating func applySpeakerLabels(_ candidates: SpeakerLabelCandidates, speakers: [Bool]) {
        let rows = rowCount
        guard speakers.contains(true) else { return replaceSpeakers(speakerIDs, names: strings) }
        var names = strings
        var nameOfRow = speakerIDs
        let firstLabel = names.count
        names.append(contentsOf: candidates.labels.map(\.label))
        // The labelled rows keep the text after `: `: move every later row's text down.
        var removed = 0
        var oldStart = 0
        textBytes.withUnsafeMutableBufferPointer { text in
            guard let base = text.baseAddress else { return }
            for row in 0..<rows {
                let oldEnd = textOffsets[row + 1]
                var keepFrom = oldStart
                let label = Int(candidates.labelOfRow[row])
                if label >= 0, speakers[label] {
                    keepFrom = oldStart + Int(candidates.colonOfRow[row]) + 2
                    nameOfRow[row] = Int32(firstLabel + label)
                }
                if removed > 0 || keepFrom > oldStart {
                    ByteSearch.move(base + oldStart - removed, base + keepFrom, oldEnd - keepFrom)
                }
                removed += keepFrom - oldStart
                textOffsets[row + 1] = oldEnd - removed
                oldStart = oldEnd
            }
        }
        textBytes.removeLast(removed)
        replaceSpeakers(nameOfRow, names: names)
    }
}

/// The scalar whose UTF-8 starts at `index` of valid UTF-8 `text`.
private func scalar(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
    var iterator = UnsafeBufferPointer(rebasing: text[index..<min(text.count, index + 4)]).makeIterator()
    var decoder = Unicode.UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "\u{FFFD}" }
    return scalar
}

/// A hash table from byte strings (read from a buffer that stays put while it is used) to small
/// integers, so a label seen a million times is looked up without making a `String`.
private struct ByteKeyTable {
    private var slots = [Int](repeating: -1, count: 64)
    private var keys: [(start: UnsafePointer<UInt8>?, count: Int, hash: UInt64, value: Int32)] = []

    mutating func value(for key: UnsafeBufferPointer<UInt8>, make: () -> Int32) -> Int32 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let entry = keys[slots[slot]]
            if entry.hash == hash, entry.count == key.count,
               entry.count == 0 || ByteSearch.compare(entry.start!, key.baseAddress!, key.count) == 0 {
                return entry.value
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        let value = make()
        slots[slot] = keys.count
        keys.append((key.baseAddress, key.count, hash, value))
        if keys.count * 2 > slots.count { grow() }
        return value
    }

    private mutating func grow() {
        slots = [Int](repeating: -1, count: slots.count * 2)
        for (index, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.hash) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index
        }
    }
}
