import Foundation
import TranscriptFormats
import TranscriptModel

extension TSearch {
    /// The Samples whose extensions are `extensions` and, when fetched (`TSEARCH_REAL_FILES`), the
    /// real SubRip and WebVTT files, loaded as one corpus: what a fast search is held to its
    /// reference on, besides generated text. Files that do not load are left out.
    static func samplesAndRealSubtitles(extensions: Set<String>) throws -> Corpus {
        var paths = try FileManager.default.contentsOfDirectory(atPath: samples)
            .filter { extensions.contains(($0 as NSString).pathExtension) }.map { samples + "/" + $0 }
        if let real = ProcessInfo.processInfo.environment["TSEARCH_REAL_FILES"], let walk = FileManager.default.enumerator(atPath: real) {
            for case let name as String in walk where ["srt", "vtt"].contains((name as NSString).pathExtension.lowercased()) {
                paths.append(real + "/" + name)
            }
        }
        var transcripts: [Transcript] = []
        for path in paths.sorted() {
            guard let bytes = FileManager.default.contents(atPath: path),
                  let loaded = try? TranscriptLoader.load(bytes: Array(bytes), path: path) else { continue }
            transcripts.append(loaded.transcript)
        }
        return Corpus(transcripts)
    }
}
