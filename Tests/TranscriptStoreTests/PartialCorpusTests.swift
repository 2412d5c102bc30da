import Dispatch
import Foundation
import Testing
import TranscriptFormats
import TranscriptModel
@testable import TranscriptStore

/// The rows a loading hands out before it ends (`LoadProgress.PartialCorpora`): each a prefix of
/// the final corpus, made on a doubling schedule, never when no one asked.
struct PartialCorpusTests {
    /// Meeting `number`: a few hundred bytes of text per item, more items in later meetings.
    static func meeting(_ number: Int, edit: String = "") -> String {
        (1...(3 + number)).map { "\($0)\n00:00:0\($0 % 10),000 --> 00:00:0\($0 % 10),500\nAlice: item \($0) of meeting \(number)\(edit), "
            + String(repeating: "the budget line is read aloud once more ", count: 4) + "\n" }
            .joined(separator: "\n")
    }

    /// Loads `talks` in `folder`, watching for partials all along; gives the final corpus and
    /// every partial seen, in order.
    static func load(_ folder: Folder, firstBytes: Int) -> (final: Corpus, partials: [LoadProgress.PartialCorpus]) {
        var variables = folder.variables
        variables["TSEARCH_ROW_CACHE_MIN_BYTES"] = "1000000"  // every file small: read ahead, kept together
        variables["TSEARCH_TEST_PAUSE_PER_INPUT_MS"] = "15"
        let progress = LoadProgress(partials: .doubling(firstBytes: firstBytes, interval: .zero))
        let loader = CorpusLoader(location: StoreLocation(variables: variables), variables: variables, progress: progress)
        let seen = Seen()
        let stop = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        // A thread of its own: the dispatch pool's few threads may all be busy with other tests.
        Thread {
            while stop.wait(timeout: .now() + .milliseconds(1)) == .timedOut {
                if let partial = progress.takePartial() { seen.add(partial) }
            }
            stopped.signal()
        }.start()
        let loaded = loader.load(["talks"], options: LoadOptions(), baseDirectory: folder.path)
        stop.signal()
        stopped.wait()
        #expect(progress.takePartial() == nil, "nothing is handed out once the loading is over")
        return (loaded.corpus, seen.all)
    }

    /// Whether `part` holds the first sources and rows of `whole`, the same, in the same order.
    static func isPrefix(_ part: Corpus, of whole: Corpus) -> Bool {
        guard part.sources.count <= whole.sources.count, part.rowCount <= whole.rowCount else { return false }
        return Array(whole.sources.prefix(part.sources.count)) == part.sources
            && (0..<part.rowCount).allSatisfy { part.row(at: $0) == whole.row(at: $0) }
    }

    @Test(arguments: ["every file parsed", "most files taken from the small-files cache, two changed"])
    func partialCorporaArePrefixesOfTheFinalOneOnADoublingSchedule(_ round: String) throws {
        let folder = try Folder()
        for number in 1...24 { try folder.write("talks/m\(String(format: "%02d", number)).srt", Self.meeting(number)) }
        if round.hasPrefix("most") {
            _ = Self.load(folder, firstBytes: 1)  // the first loading keeps the files together
            try folder.write("talks/m07.srt", Self.meeting(7, edit: " (changed)"))
            try folder.write("talks/m16.srt", Self.meeting(16, edit: " (changed)"))
        }
        let firstBytes = 2_000
        let (final, partials) = Self.load(folder, firstBytes: firstBytes)

        #expect(final.sources.count == 24)
        #expect(!partials.isEmpty, "rows are handed out before the loading ends")
        for partial in partials {
            #expect(Self.isPrefix(partial.corpus, of: final), "partial \(partial.number): \(partial.corpus.sources.count) sources")
            #expect(partial.corpus.sources.count < final.sources.count, "the final corpus is the loading's result, not a partial")
        }
        #expect(partials.map(\.number) == Array(1...partials.count), "every partial seen, numbered in order")
        let sizes = partials.map(\.corpus.textByteCount)
        #expect(sizes.first.map { $0 >= firstBytes } ?? false, "none before the first threshold")
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $1 >= 2 * $0 }, "each at least twice the one before: \(sizes)")
        let bound = Int(log2(Double(final.textByteCount) / Double(firstBytes))) + 1
        #expect(partials.count <= bound, "at most log2(final / first) + 1 partials: \(partials.count), bound \(bound)")
        #expect(sizes.reduce(0, +) < 2 * final.textByteCount, "the copies add up to less than twice the final text")
    }

    @Test func noPartialIsMadeWhenNoneIsAskedFor() throws {
        let folder = try Folder()
        for number in 1...6 { try folder.write("talks/m\(number).srt", Self.meeting(number)) }
        let progress = LoadProgress()
        let loaded = CorpusLoader(location: StoreLocation(variables: folder.variables), progress: progress)
            .load(["talks"], options: LoadOptions(), baseDirectory: folder.path)
        #expect(loaded.corpus.sources.count == 6)
        #expect(progress.takePartial() == nil)
    }

    @Test func noPartialIsMadeBeforeTheIntervalHasPassed() throws {
        let folder = try Folder()
        for number in 1...6 { try folder.write("talks/m\(number).srt", Self.meeting(number)) }
        let progress = LoadProgress(partials: .doubling(firstBytes: 1, interval: .seconds(60)))
        var seen: [LoadProgress.PartialCorpus] = []
        var variables = folder.variables
        variables["TSEARCH_TEST_PAUSE_PER_INPUT_MS"] = "5"
        _ = CorpusLoader(location: StoreLocation(variables: variables), variables: variables, progress: progress)
            .load(["talks"], options: LoadOptions(), baseDirectory: folder.path)
        if let partial = progress.takePartial() { seen.append(partial) }
        #expect(seen.isEmpty, "a loading quicker than the interval hands out nothing")
    }

    /// Partials gathered by the watching thread.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var partials: [LoadProgress.PartialCorpus] = []
        func add(_ partial: LoadProgress.PartialCorpus) {
            lock.lock()
            partials.append(partial)
            lock.unlock()
        }
        var all: [LoadProgress.PartialCorpus] {
            lock.lock()
            defer { lock.unlock() }
            return partials
        }
    }
}
