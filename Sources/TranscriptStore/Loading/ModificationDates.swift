import TranscriptFormats
import TranscriptModel

/// A source of rows whose meetings without a date (none in their content or path) take their
/// file's modification time (`--date-from mtime`): only when asked, since copies and downloads
/// change it. Standard input and videos' streams keep none.
public struct ModificationDates: CorpusSource {
    /// Where the rows come from.
    public let base: any CorpusSource

    /// `base`'s rows, dated by modification time where they have no date.
    public init(_ base: any CorpusSource) {
        self.base = base
    }

    /// `base`'s loading, then one `stat` per source without a date. - Complexity: O(sources).
    public func load(_ paths: [String], options: LoadOptions, baseDirectory: String?) -> LoadedCorpus {
        var loaded = base.load(paths, options: options, baseDirectory: baseDirectory)
        for (index, source) in loaded.corpus.sources.enumerated() where source.facts.date == nil {
            var path = source.path
            if let baseDirectory, !path.hasPrefix("/") { path = baseDirectory + "/" + path }
            guard let identity = FileCalls.fileIdentity(path), identity.isRegular,
                  let date = MeetingDate.local(secondsSinceEpoch: Int(identity.modified / 1_000_000_000), withTime: true) else { continue }
            var facts = source.facts
            facts.date = date
            facts.dateOrigin = .modificationTime
            loaded.corpus.setFacts(facts, ofSource: index)
        }
        return loaded
    }
}
