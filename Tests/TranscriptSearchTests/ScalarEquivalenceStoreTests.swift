import Foundation
import Testing
@testable import TranscriptSearch

/// The table of Unicode equivalents kept between runs (`ScalarEquivalenceStore`): what is read back
/// is what was built, anything damaged is built again, and the store is given what was built.
struct ScalarEquivalenceStoreTests {
    static func sameIndex(_ a: ScalarEquivalence, _ b: ScalarEquivalence) -> Bool {
        a.classOf == b.classOf && a.members == b.members && a.classOfKey == b.classOfKey
    }

    @Test(arguments: [true, false]) func theIndexReadsBackAsBuilt(_ ignoringCase: Bool) throws {
        let built = ScalarEquivalence(ignoringCase: ignoringCase)
        let bytes = built.serialized(ignoringCase: ignoringCase)
        let read = try #require(ScalarEquivalence(serialized: bytes, ignoringCase: ignoringCase))
        #expect(Self.sameIndex(read, built))
        #expect(built.members.count > 1000 && built.classOfKey.count >= built.members.count)
        // Candidates come out the same for characters of every kind.
        for character: Character in ["é", "e\u{301}", "Å", "ß", "Σ", "ς", "K", "神", "ﬁ", "İ", "Ω", "ǅ"] {
            #expect(read.candidates(for: character, ignoringCase: ignoringCase)
                    == built.candidates(for: character, ignoringCase: ignoringCase), "\(character)")
        }
        // The other case's table is not taken for this one.
        #expect(ScalarEquivalence(serialized: bytes, ignoringCase: !ignoringCase) == nil)
    }

    @Test func aDamagedTableIsRefused() {
        let bytes = ScalarEquivalence(ignoringCase: false).serialized(ignoringCase: false)
        for cut in [0, 5, 30, bytes.count / 2, bytes.count - 1] {
            #expect(ScalarEquivalence(serialized: Array(bytes[..<cut]), ignoringCase: false) == nil, "cut at \(cut)")
        }
        for offset in [12, 40, bytes.count / 3, bytes.count - 3] {
            var damaged = bytes
            damaged[offset] ^= 0x10
            #expect(ScalarEquivalence(serialized: damaged, ignoringCase: false) == nil, "byte \(offset) changed")
        }
        #expect(ScalarEquivalence(serialized: bytes + [0], ignoringCase: false) == nil, "a byte too many")
    }

    /// A store that holds nothing (or something damaged) is given the built table; one that holds
    /// a good table is read and not written.
    @Test func theStoreIsReadAndFilled() throws {
        final class Memory: @unchecked Sendable {
            let lock = NSLock()
            var bytes: [UInt8]?
            var saves = 0
        }
        let memory = Memory()
        let store = ScalarEquivalenceStore(
            load: { _ in memory.lock.withLock { memory.bytes } },
            save: { _, bytes in memory.lock.withLock { memory.bytes = bytes; memory.saves += 1 } }
        )
        let built = ScalarEquivalence.loaded(ignoringCase: false, from: store)
        #expect(memory.saves == 1)
        let reread = ScalarEquivalence.loaded(ignoringCase: false, from: store)
        #expect(memory.saves == 1 && Self.sameIndex(reread, built))

        memory.bytes?.removeLast(100)
        let rebuilt = ScalarEquivalence.loaded(ignoringCase: false, from: store)
        #expect(memory.saves == 2 && Self.sameIndex(rebuilt, built))
        #expect(Self.sameIndex(ScalarEquivalence.loaded(ignoringCase: false, from: nil), built))
    }
}
