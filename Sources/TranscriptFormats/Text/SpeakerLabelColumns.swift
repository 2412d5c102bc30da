#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TranscriptModel

extension CorpusColumns {
    /// `ParsedRows.assignSpeakerLabels` for rows built as columns, with the same result: each row
    /// without a speaker whose text starts with a label (`TextCleanup.speakerLabelCandidate`) gets it
    /// as its speaker when `TextCleanup.isSpeakerLabel` says so, and keeps the text after `: `.
    /// Speakers are interned again in row order, as `Corpus.append` does with rows.
    ///
    /// A label's verdict depends on its bytes alone when what follows `: ` does not join the space
    /// into one character, so it is worked out once per distinct label, not once per row.
    mutating func assignSpeakerLabels() {
        let rows = rowCount
        guard rows > 0 else { return }
        var labels: [(label: String, isAllCapitals: Bool, uses: Int)] = []
        var labelOfRow = [Int32](repeating: -1, count: rows)
        var colonOfRow = [Int32](repeating: 0, count: rows)
        var candidates = 0
        var table = ByteKeyTable()
        var useIndex: [String: Int] = [:]
        func register(_ candidate: (label: String, isAllCapitals: Bool)) -> Int32 {
            let uses = useIndex[candidate.label] ?? useIndex.count
            useIndex[candidate.label] = uses
            labels.append((candidate.label, candidate.isAllCapitals, uses))
            return Int32(labels.count - 1)
        }
        var useCounts: [Int] = []
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
                guard let colonPointer = memchr(base + start, 0x3A, min(160, end - start)) else { continue }
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
                labelOfRow[row] = label
                colonOfRow[row] = Int32(colon - start)
                candidates += 1
                while useCounts.count <= labels[Int(label)].uses { useCounts.append(0) }
                useCounts[labels[Int(label)].uses] += 1
            }
        }
        let isTranscript = TextCleanup.isTranscript(candidates: candidates, rows: rows)
        let assigned = labels.map {
            TextCleanup.isSpeakerLabel(isAllCapitals: $0.isAllCapitals, uses: useCounts[$0.uses], isTranscript: isTranscript)
        }

        // The labelled rows keep the text after `: `: move every later row's text down.
        var names = strings
        var nameOfRow = speakerIDs
        let firstLabel = names.count
        names.append(contentsOf: labels.map(\.label))
        var removed = 0
        var oldStart = 0
        textBytes.withUnsafeMutableBufferPointer { text in
            guard let base = text.baseAddress else { return }
            for row in 0..<rows {
                let oldEnd = textOffsets[row + 1]
                var keepFrom = oldStart
                let label = Int(labelOfRow[row])
                if label >= 0, assigned[label] {
                    keepFrom = oldStart + Int(colonOfRow[row]) + 2
                    nameOfRow[row] = Int32(firstLabel + label)
                }
                if removed > 0 || keepFrom > oldStart {
                    memmove(base + oldStart - removed, base + keepFrom, oldEnd - keepFrom)
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
               entry.count == 0 || memcmp(entry.start!, key.baseAddress!, key.count) == 0 {
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
