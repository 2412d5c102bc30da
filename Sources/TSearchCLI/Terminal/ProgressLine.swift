import Dispatch
import TranscriptStore

/// The progress of a long loading, as one line on standard error redrawn in place:
/// `reading 812/2000 files · 69.3/171.2 MB · 34.1 MB/s · 3 s left`.
///
/// Nothing is drawn for the first `delay` (a search that ends sooner stays silent), then the line
/// is redrawn every `interval` from a thread of its own, which only reads `LoadProgress.snapshot`.
/// `stop()` waits for that thread and erases the line (`\r` and "erase line"), so whatever the
/// command prints next starts on a clean line. The command line starts one only when standard
/// error is a terminal (pipes and tests stay byte-identical), never for `--json` or `-q`; plain
/// text, no colour, so `NO_COLOR` has nothing to turn off.
final class ProgressLine: @unchecked Sendable {
    // `drawn` is touched by the drawing thread only; `stop()` reads nothing of it.
    private let progress: LoadProgress
    private let output: TextOutput
    private let columns: Int
    private let delay: Duration
    private let interval: Duration
    private let stopped = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var isRunning = false

    /// A line for `progress` written to `output` (standard error), at most `columns` wide.
    init(progress: LoadProgress, output: TextOutput, columns: Int, delay: Duration = .milliseconds(500), interval: Duration = .milliseconds(100)) {
        self.progress = progress
        self.output = output
        self.columns = columns
        self.delay = delay
        self.interval = interval
    }

    /// Starts the drawing thread. The command writes nothing to `output` until `stop()`.
    func start() {
        isRunning = true
        let began = ContinuousClock.now
        DispatchQueue.global().async { [self] in
            var drawn = false
            var wait = delay
            while stopped.wait(timeout: .now() + .nanoseconds(Int(wait.nanoseconds))) == .timedOut {
                let line = Self.text(progress.snapshot, elapsed: ContinuousClock.now - began, columns: columns)
                output.write("\r" + line + "\u{1B}[K")
                output.flush()
                drawn = true
                wait = interval
            }
            if drawn {
                output.write("\r\u{1B}[K")
                output.flush()
            }
            finished.signal()
        }
    }

    /// Stops the drawing and erases the line, if one was drawn; returns once it is gone.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        stopped.signal()
        finished.wait()
    }

    /// The line for `snapshot`, `elapsed` after the loading began, cut to `columns - 1` characters
    /// (a line as wide as the terminal would wrap, and `\r` would not reach its start).
    static func text(_ snapshot: LoadProgress.Snapshot, elapsed: Duration, columns: Int) -> String {
        var parts: [String]
        switch snapshot.stage {
        case .listing:
            parts = ["listing files…"]
        case .reading:
            parts = ["reading \(snapshot.files)/\(snapshot.totalFiles) \(snapshot.totalFiles == 1 ? "file" : "files")"]
            if snapshot.totalBytes > 0 {
                parts.append("\(megabytes(snapshot.bytes))/\(megabytes(snapshot.totalBytes)) MB")
                let seconds = Double(elapsed.nanoseconds) / 1e9
                if seconds > 0.2, snapshot.bytes > 0 {
                    let rate = Double(snapshot.bytes) / seconds
                    parts.append("\(megabytes(Int64(rate))) MB/s")
                    let left = Double(snapshot.totalBytes - snapshot.bytes) / rate
                    parts.append(left < 1 ? "under 1 s left" : "\(Int(left.rounded())) s left")
                }
            }
        case .keeping:
            parts = ["keeping the rows of \(snapshot.totalFiles) \(snapshot.totalFiles == 1 ? "file" : "files") for the next search…"]
        case .loaded:
            parts = ["searching \(snapshot.totalFiles) \(snapshot.totalFiles == 1 ? "file" : "files")"
                + (snapshot.totalBytes > 0 ? " (\(megabytes(snapshot.totalBytes)) MB)…" : "…")]
        }
        let line = parts.joined(separator: " · ")
        let width = max(columns - 1, 10)
        return line.count > width ? String(line.prefix(width - 1)) + "…" : line
    }

    /// Bytes in megabytes (10⁶), one decimal.
    private static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension Duration {
    /// The duration in whole nanoseconds (clamped to what an `Int64` holds).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? (seconds < 0 ? .min : .max) : whole &+ attoseconds / 1_000_000_000
    }
}
