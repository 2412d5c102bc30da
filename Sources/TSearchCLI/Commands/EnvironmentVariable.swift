/// Every environment variable `tsearch` reads, in one table: the manual's ENVIRONMENT section is
/// made from it, and a test checks that each `TSEARCH_` name in the sources is here and that the
/// README lists each of them.
struct EnvironmentVariable: Sendable {
    /// Who sets it.
    enum Audience: Sendable {
        /// Anyone using tsearch.
        case user
        /// Someone tuning the caches (the defaults suit almost everyone).
        case tuning
        /// The project's own tests only (pauses to kill or watch a process at a known point).
        case tests
    }

    let name: String
    let help: String
    let audience: Audience

    static let all: [EnvironmentVariable] = [
        .init(name: "TSEARCH_STATE", help: "The saved search's file (default: $XDG_STATE_HOME/tsearch/session.json); its caches and the notes already said live beside it.", audience: .user),
        .init(name: "XDG_STATE_HOME", help: "Where the saved search lives when TSEARCH_STATE is unset (an absolute path; default ~/.local/state).", audience: .user),
        .init(name: "XDG_CACHE_HOME", help: "Where videos' converted subtitles are kept when TSEARCH_STATE is unset (default ~/.cache).", audience: .user),
        .init(name: "HOME", help: "Used for ~/.local/state and ~/.cache when the XDG variables are unset.", audience: .user),
        .init(name: "TSEARCH_SERVER", help: "A ClickHouse server's URL (http://host:8123/?table=transcripts): search with no PATH, and index, go to it as if --server named it.", audience: .user),
        .init(name: "TSEARCH_CACHE_MAX_BYTES", help: "The most the caches beside the saved search may take together (row caches, small-files caches, the Unicode table, videos' subtitles, the session's cache): bytes, or a number with K, M or G (binary). After a search writes a cache, the least recently used are removed until they fit; those the latest search uses are kept. A cache bigger than the whole bound is not written. Default: the smaller of 1 GiB and a tenth of the free space on their file system. 0 keeps no cache: every search parses its files again, and next and prev search again.", audience: .user),
        .init(name: "TSEARCH_SEARCH_BUDGET_MS", help: "A search's time limit in milliseconds when --timeout is not given (default 10000; 0: no limit).", audience: .user),
        .init(name: "TSEARCH_FFMPEG_TIMEOUT_MS", help: "How long one ffprobe or ffmpeg run on a video may take before it is stopped (default 120000).", audience: .user),
        .init(name: "PATH", help: "Where ffprobe and ffmpeg (videos' subtitles) and mpv are found.", audience: .user),
        .init(name: "NO_COLOR", help: "When set and not empty, --color auto does not colour.", audience: .user),
        .init(name: "TERM", help: "dumb turns --color auto off.", audience: .user),
        .init(name: "TSEARCH_ROW_CACHE_MIN_BYTES", help: "The smallest file given a row cache of its own (default 262144).", audience: .tuning),
        .init(name: "TSEARCH_SMALL_FILES_CACHE_MIN_BYTES", help: "The fewest bytes of small files worth a small-files cache (default: the row cache's minimum).", audience: .tuning),
        .init(name: "TSEARCH_CACHE_SETTLE_NS", help: "How long (nanoseconds) a file must have been still before a cache trusts it without reading it (default 2000000000: timestamps can be that coarse).", audience: .tuning),
        .init(name: "TSEARCH_PROGRESS_DELAY_MS", help: "How long a loading runs before its progress line appears on a terminal (default 500).", audience: .tuning),
        .init(name: "TSEARCH_TEST_PAUSE_MID_WRITE_MS", help: "Each session write pauses halfway for this long (crash tests kill the process there).", audience: .tests),
        .init(name: "TSEARCH_TEST_PAUSE_IN_SEARCH_MS", help: "Every search waits this long first (a slow search, to show that nothing waits for it).", audience: .tests),
        .init(name: "TSEARCH_TEST_PAUSE_PER_INPUT_MS", help: "A loading pauses this long after each input (tests that watch a loading's progress).", audience: .tests),
    ]
}
