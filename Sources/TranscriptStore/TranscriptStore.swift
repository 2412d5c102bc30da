// TranscriptStore: what is kept between runs, for the command line and apps alike.
//
// An app that loads through `CorpusLoader` (or searches through `SearchFlow`) gets the same instant
// reloads as `tsearch`: an unchanged file is never parsed twice, an unchanged session is never
// searched twice.
//
// What it holds:
//
//   Loading/   inputs walked (`InputFiles`), loading as a value (`CorpusLoader.load` →
//              `LoadedCorpus`: corpus, sources, diagnostics), read-ahead and parsing threads inside,
//              what it has read so far for a display to poll (`LoadProgress`), and on request the
//              rows loaded so far, a prefix of the final corpus on a doubling schedule
//   Caches/    the row cache (`RowCache`: one big file's rows), the small-files cache
//              (`SmallFilesCache`: a list of inputs' small files together), the Unicode table
//              (`ScalarClassesStore`), the subtitle cache of videos (`SubtitleCache`), and what
//              they share (`KeptFileState`, `RowsFile`, `SourceFingerprint`, `KeptRows`, and their
//              size bound, `CacheBound`)
//   Session/   the saved search (`SessionStore`, `SessionState`, `SavedSearch`, the session's cache
//              in parts, `CachePart`)
//   Flow/      the one search flow (`SearchFlow`: load → run within the budget → save) and the
//              budgeted search (`SearchExecution`)
//   Video/     ffprobe and ffmpeg (`SubtitleExtractor`, `VideoSubtitles`)
//   Platform/  every system call the store makes (`FileCalls`, `Subprocess`, path calls)
//
// Folders use each other one way only: Flow → Session, Loading; Session → Loading, Caches;
// Loading → Caches, Video; Caches → Video; every folder → Platform (`Scripts/folder-cycles.py`
// checks it).
//
// The words, used with these meanings throughout:
//
// - source: one transcript of the corpus (a file, a video's subtitle stream, standard input); a
//   file read is fingerprinted (`SourceFingerprint`: its identity and content hash).
// - identity: what the system says of a file without reading it: size, modification and
//   status-change times, inode, device (`FileCalls.FileIdentity`).
// - settled: a file whose last change was at least `StoreLocation.settle` (2 s) before a loading
//   began: timestamps can be that coarse, so a file changed later may change again unseen.
// - kept: written by a loading to be read by a later one; "kept rows" are parsed rows on disk
//   (`KeptRows` says where), a "kept file" is what a file was when its rows were kept
//   (`KeptFileState`: identity, content hash, warning tails).
// - trusted: a kept file taken for the file as it is now without reading it: the same identity,
//   and it had settled when it was kept (`KeptFileState.trusts`). An untrusted file is read; its
//   rows are still taken when its size and content hash are the kept ones.
// - taken: kept rows used instead of parsing (the small-files cache's sources are taken in runs).
// - tails: a warning's text after the file's path (`:38: expected …`), kept so that it is shown
//   again under the path the file has today.
// - diagnostics: warnings and errors as data (`LoadDiagnostic`); nothing in this module prints.
//
// Every cache is written atomically (a temporary file, then a rename) and read back whole (a
// checksum first); one that cannot be written or read is only a slower run, never an error. All of
// them together stay within a size bound, the least recently used removed first (`CacheBound`).

/// A place where parsed rows are kept between runs: a big file's slot in the row cache
/// (`RowCache.Slot`), a list of inputs' small-files cache (`SmallFilesCache`). What the rows were
/// parsed from is kept with them (`KeptFileState`), and a loading takes them only for files it
/// trusts (`KeptFileState.trusts`) or whose content hash is the kept one.
protocol RowKeeping {
    /// What a place holds: the rows, what they were parsed from, and when they were kept.
    associatedtype Kept
    /// What a loading gives a place to keep.
    associatedtype Rows

    /// What the place keeps, when it exists, reads back whole and holds this key; else nil. A file
    /// `verified` records as checked whole is trusted by its identity (`RowsFile.read`).
    func read(verified: inout VerifiedCaches?) -> Kept?

    /// Keeps `rows`, read by a loading that began at `keptAt` (ns since the epoch); what names the
    /// written rows (a file, an ID), or nil when they could not be written (only a slower next run).
    func keep(_ rows: Rows, keptAt: Int64) -> String?
}
