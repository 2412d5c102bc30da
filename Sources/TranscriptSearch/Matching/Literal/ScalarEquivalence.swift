import Foundation
import TranscriptModel

/// Where a program keeps the literal matcher's table of Unicode equivalents between runs (building
/// it costs about 30 ms, a cold start of every search with a non-ASCII character): `load` returns
/// what `save` was given by an earlier run of the same build, or nil. Handed to
/// `SearchRequest.runner(equivalences:)`; TranscriptStore's `ScalarClassesStore` makes one.
public struct ScalarEquivalenceStore: Sendable {
    /// The bytes saved for the table ignoring case (true) or not, or nil.
    public var load: @Sendable (_ ignoringCase: Bool) -> [UInt8]?
    /// Keeps the bytes of the table ignoring case (true) or not.
    public var save: @Sendable (_ ignoringCase: Bool, _ bytes: [UInt8]) -> Void

    /// A store reading with `load` and writing with `save`.
    public init(load: @escaping @Sendable (Bool) -> [UInt8]?, save: @escaping @Sendable (Bool, [UInt8]) -> Void) {
        self.load = load
        self.save = save
    }
}

/// Which single scalars might match a query character: an over-approximation of the `Regex`
/// reference's equivalence (canonical equivalence, plus simple case mapping when case-insensitive),
/// from which the literal matcher keeps only what the reference itself confirms.
///
/// Model: two scalars are related when their canonical decompositions are equal, or (ignoring
/// case) equal after lowercasing, or after uppercasing; classes are closed under that relation.
/// Only scalars that can be related to another one are indexed: those that change under case
/// mapping (all below U+20000) and those with a canonical decomposition (all inside
/// `decomposableRanges`, Hangul syllables excepted, which are never plain). `ScalarClassesTests`
/// checks both claims over every scalar, and that the reference never relates a scalar outside its
/// class. Building the index takes a few milliseconds, once per process, on the first query that
/// needs it.
package struct ScalarEquivalence: Sendable {
    /// Scalar value → class number, for every indexed scalar.
    let classOf: [UInt32: Int32]
    /// Class number → its scalars.
    let members: [[UInt32]]
    /// Canonical key → class number (keys of every member, so an unindexed scalar finds its class).
    let classOfKey: [String: Int32]

    /// The table for case-insensitive matching, made once per process (see `tables`).
    static var caseInsensitive: ScalarEquivalence { tables.table(ignoringCase: true, from: nil) }
    /// The table for case-sensitive matching, made once per process (see `tables`).
    static var caseSensitive: ScalarEquivalence { tables.table(ignoringCase: false, from: nil) }

    /// Each table, made on first use in this process: read from the store the first user passes
    /// (`SearchRequest.runner(equivalences:)`) when it holds one that reads back, else built (and
    /// given to that store). Made once, then only read.
    static let tables = Tables()

    /// The two tables, each made once under a lock.
    final class Tables: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var made: [Bool: ScalarEquivalence] = [:]

        /// The table, made now if no one has made it yet (from `store` when it holds it).
        func table(ignoringCase: Bool, from store: ScalarEquivalenceStore?) -> ScalarEquivalence {
            lock.lock()
            defer { lock.unlock() }
            if let table = made[ignoringCase] { return table }
            let table = ScalarEquivalence.loaded(ignoringCase: ignoringCase, from: store)
            made[ignoringCase] = table
            return table
        }
    }

    /// The index from `store` when it holds one that reads back, else built (and stored).
    static func loaded(ignoringCase: Bool, from store: ScalarEquivalenceStore?) -> ScalarEquivalence {
        if let bytes = store?.load(ignoringCase), let read = ScalarEquivalence(serialized: bytes, ignoringCase: ignoringCase) {
            return read
        }
        let built = ScalarEquivalence(ignoringCase: ignoringCase)
        store?.save(ignoringCase, built.serialized(ignoringCase: ignoringCase))
        return built
    }

    /// Where every scalar with a canonical decomposition lives (Hangul syllables aside).
    static let decomposableRanges: [ClosedRange<UInt32>] = [
        0x00C0...0x0FFF, 0x1000...0x10FF, 0x1B00...0x1BFF, 0x1E00...0x1FFF, 0x2000...0x2FFF,
        0x3000...0x30FF, 0xF900...0xFAFF, 0xFB1D...0xFB4F, 0x11000...0x11FFF, 0x1D100...0x1D1FF,
        0x2F800...0x2FA1F,
    ]

    init(ignoringCase: Bool) {
        var parent: [Int] = []
        var scalars: [UInt32] = []
        var firstWithKey: [String: Int] = [:]
        func find(_ node: Int) -> Int {
            var node = node
            while parent[node] != node {
                parent[node] = parent[parent[node]]
                node = parent[node]
            }
            return node
        }
        func add(_ value: UInt32) {
            guard let scalar = Unicode.Scalar(value) else { return }
            let node = scalars.count
            scalars.append(value)
            parent.append(node)
            for key in Self.keys(of: String(scalar), ignoringCase: ignoringCase) {
                if let other = firstWithKey[key] {
                    parent[find(node)] = find(other)
                } else {
                    firstWithKey[key] = node
                }
            }
        }
        var seen = Set<UInt32>()
        for value in UInt32(0x41)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ignoringCase && scalar.properties.changesWhenCaseMapped, seen.insert(value).inserted { add(value) }
        }
        for range in Self.decomposableRanges {
            for value in range where !seen.contains(value) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let single = String(scalar)
                if single.decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(single.unicodeScalars) { continue }
                seen.insert(value)
                add(value)
            }
        }
        var classNumber: [Int: Int32] = [:]
        var members: [[UInt32]] = []
        var classOf: [UInt32: Int32] = [:]
        for (node, value) in scalars.enumerated() {
            let root = find(node)
            let number: Int32
            if let known = classNumber[root] {
                number = known
            } else {
                number = Int32(members.count)
                classNumber[root] = number
                members.append([])
            }
            members[Int(number)].append(value)
            classOf[value] = number
        }
        self.classOf = classOf
        self.members = members
        self.classOfKey = firstWithKey.mapValues { classOf[scalars[$0]] ?? 0 }
    }

    /// Version 1: the magic `TSCLASSES`, the version, whether case is ignored, a `Checksum` of
    /// what follows, each class's scalars (all of them, then where each class starts), and the
    /// canonical keys (each a string and its class number).
    static let magic = "TSCLASSES"
    static let version: UInt64 = 1

    /// The index as bytes (`init(serialized:ignoringCase:)` reads them back).
    func serialized(ignoringCase: Bool) -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(Self.magic)
        writer.write(Self.version)
        writer.write(ignoringCase ? 1 : 0)
        let checksum = writer.beginChecksum()
        writer.write(members.flatMap { $0 })
        writer.write(members.reduce(into: [UInt32(0)]) { starts, group in starts.append(starts.last! + UInt32(group.count)) })
        writer.write(UInt64(classOfKey.count))
        for (key, number) in classOfKey {
            writer.write(key)
            writer.write(UInt64(number))
        }
        writer.endChecksum(at: checksum)
        return writer.bytes
    }

    /// The index `serialized(ignoringCase:)` wrote, or nil when the bytes are anything else (another
    /// version, the other case, damaged or cut short).
    init?(serialized bytes: [UInt8], ignoringCase: Bool) {
        let region = ByteRegion(copying: bytes)
        var reader = RegionReader(region)
        do {
            guard try reader.readString() == Self.magic, try reader.readUInt64() == Self.version,
                  try reader.readUInt64() == (ignoringCase ? 1 : 0) else { return nil }
            try reader.verifyChecksum()
            let scalars = try reader.readArray(of: UInt32.self)
            let starts = try reader.readArray(of: UInt32.self)
            guard let first = starts.first, first == 0, starts.last.map(Int.init) == scalars.count,
                  zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
            let members = zip(starts, starts.dropFirst()).map { Array(scalars[Int($0)..<Int($1)]) }
            var classOf: [UInt32: Int32] = [:]
            classOf.reserveCapacity(scalars.count)
            for (number, group) in members.enumerated() {
                for value in group {
                    guard classOf.updateValue(Int32(number), forKey: value) == nil else { return nil }
                }
            }
            let keyCount = try reader.readCount(elementSize: 16)
            var classOfKey: [String: Int32] = [:]
            classOfKey.reserveCapacity(keyCount)
            for _ in 0..<keyCount {
                let key = try reader.readString()
                let number = try reader.readUInt64()
                guard number < members.count, classOfKey.updateValue(Int32(number), forKey: key) == nil else { return nil }
            }
            guard reader.isAtEnd else { return nil }
            self.classOf = classOf
            self.members = members
            self.classOfKey = classOfKey
        } catch {
            return nil
        }
    }

    /// The canonical keys of `text`: its decomposition, and (ignoring case) that of its lowercase
    /// and uppercase forms.
    static func keys(of text: String, ignoringCase: Bool) -> [String] {
        let decomposed = text.decomposedStringWithCanonicalMapping
        guard ignoringCase else { return [decomposed] }
        return [decomposed,
                decomposed.lowercased().decomposedStringWithCanonicalMapping,
                decomposed.uppercased().decomposedStringWithCanonicalMapping]
    }

    /// The non-ASCII scalars related to an ASCII character, ignoring case and not: what the index
    /// computes for them (pinned by a test), so that ASCII queries never build the index.
    static let asciiRelatives: (ignoringCase: [UInt8: [UInt32]], sensitive: [UInt8: [UInt32]]) = (
        ignoringCase: [
            UInt8(ascii: "k"): [0x212A], UInt8(ascii: "K"): [0x212A], UInt8(ascii: "s"): [0x017F],
            UInt8(ascii: "S"): [0x017F], UInt8(ascii: "i"): [0x0131], UInt8(ascii: "I"): [0x0131],
            UInt8(ascii: ";"): [0x037E], UInt8(ascii: "`"): [0x1FEF],
        ],
        sensitive: [UInt8(ascii: "K"): [0x212A], UInt8(ascii: ";"): [0x037E], UInt8(ascii: "`"): [0x1FEF]]
    )

    /// `candidates(for:ignoringCase:)` for an ASCII character, without the index.
    static func asciiCandidates(for byte: UInt8, ignoringCase: Bool) -> [UInt32] {
        var found: Set<UInt32> = [UInt32(byte)]
        if ignoringCase, let letter = Unicode.Scalar(UInt32(byte)), letter.properties.isAlphabetic {
            found.insert(UInt32(byte ^ 0x20))
        }
        found.formUnion((ignoringCase ? asciiRelatives.ignoringCase : asciiRelatives.sensitive)[byte] ?? [])
        return found.sorted()
    }

    /// Every scalar that might match `character` (a superset of what the reference matches among
    /// single scalars), including the character's own composed form when that is one scalar.
    func candidates(for character: Character, ignoringCase: Bool) -> [UInt32] {
        var found = Set<UInt32>()
        let composed = String(character).precomposedStringWithCanonicalMapping.unicodeScalars
        if composed.count == 1, let only = composed.first {
            found.insert(only.value)
            if let number = classOf[only.value] { found.formUnion(members[Int(number)]) }
        }
        for key in Self.keys(of: String(character), ignoringCase: ignoringCase) {
            if let number = classOfKey[key] { found.formUnion(members[Int(number)]) }
        }
        return found.sorted()
    }
}
