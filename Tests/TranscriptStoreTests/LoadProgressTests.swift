import Dispatch
import Foundation
import Testing
import TranscriptFormats
@testable import TranscriptStore

/// A loading's progress: the totals known before the first file is read, then every input counted
/// once, whether parsed, read ahead, taken from a cache or unreadable.
struct LoadProgressTests {
    static func meeting(_ number: Int) -> String {
        (1...(5 * number)).map { "\($0)\n00:00:0\($0 % 10),000 --> 00:00:0\($0 % 10),500\nAlice: item \($0) of meeting \(number)\n" }
            .joined(separator: "\n")
    }

    @Test(arguments: ["parsed, each with a row cache", "read ahead, kept together"])
    func everyInputIsCountedOnceAndTheTotalsAreTheirSizes(_ kind: String) throws {
        let folder = try Folder()
        var sizes = 0
        for number in 1...6 { sizes += try Data(contentsOf: URL(fileURLWithPath: folder.write("talks/m\(number).srt", Self.meeting(number)))).count }
        var variables = folder.variables
        if kind.hasPrefix("read ahead") { variables["TSEARCH_ROW_CACHE_MIN_BYTES"] = "1000000" }
        let location = StoreLocation(variables: variables)

        for round in ["first (parsed)", "second (from the caches)"] {
            let progress = LoadProgress()
            #expect(progress.snapshot == LoadProgress.Snapshot(), "nothing counted before the loading")
            let loaded = CorpusLoader(location: location, progress: progress)
                .load(["talks", "missing.srt"], options: LoadOptions(), baseDirectory: folder.path)
            #expect(loaded.corpus.sources.count == 6, "\(round)")
            let done = progress.snapshot
            #expect(done.stage == .loaded, "\(round)")
            #expect(done.files == 7 && done.totalFiles == 7, "six transcripts and the missing file: \(round)")
            #expect(done.bytes == Int64(sizes) && done.totalBytes == Int64(sizes), "\(round)")
            #expect(done.fraction == 1)
        }
    }

    @Test func aWatcherSeesTheCountsGrowAndNeverPassTheTotals() throws {
        let folder = try Folder()
        for number in 1...5 { try folder.write("talks/m\(number).srt", Self.meeting(number)) }
        var variables = folder.variables
        variables["TSEARCH_TEST_PAUSE_PER_INPUT_MS"] = "40"
        let progress = LoadProgress()
        let loader = CorpusLoader(location: StoreLocation(variables: variables), variables: variables, progress: progress)

        let watching = DispatchGroup()
        let seen = Seen()
        let stop = DispatchSemaphore(value: 0)
        DispatchQueue.global().async(group: watching) {
            while stop.wait(timeout: .now() + .milliseconds(5)) == .timedOut { seen.add(progress.snapshot) }
        }
        _ = loader.load(["talks"], options: LoadOptions(), baseDirectory: folder.path)
        stop.signal()
        watching.wait()

        let snapshots = seen.all
        let reading = snapshots.filter { $0.stage == .reading }
        #expect(reading.contains { $0.files > 0 && $0.files < 5 }, "a loading part way through is seen")
        #expect(reading.allSatisfy { $0.totalFiles == 5 && $0.files <= 5 && $0.bytes <= $0.totalBytes })
        #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $0.files <= $1.files && $0.bytes <= $1.bytes }, "never backwards")
    }

    /// Snapshots gathered by the watching thread.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var snapshots: [LoadProgress.Snapshot] = []
        func add(_ snapshot: LoadProgress.Snapshot) {
            lock.lock()
            snapshots.append(snapshot)
            lock.unlock()
        }
        var all: [LoadProgress.Snapshot] {
            lock.lock()
            defer { lock.unlock() }
            return snapshots
        }
    }
}
