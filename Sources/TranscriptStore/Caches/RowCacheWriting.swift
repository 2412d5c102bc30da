import Dispatch

/// The row cache files of a loading, in source order; the newest may still be being written on
/// another thread. `files` waits for it, as does `finish` (called before the corpus grows again,
/// since the writing thread reads columns the corpus shares) and the end of the loading.
final class RowCacheWriting: @unchecked Sendable {
    // Touched by the loading's thread only; the writing thread fills `Pending.file` and signals.
    private var written: [RowCacheFile?] = []
    private var pending: Pending?

    private final class Pending: @unchecked Sendable {
        let index: Int
        let done = DispatchSemaphore(value: 0)
        var file: RowCacheFile?
        init(index: Int) { self.index = index }
    }

    func append(_ file: RowCacheFile?) {
        written.append(file)
    }

    /// Runs `write` on another thread; its result is the file of the source appended last.
    func write(_ write: @escaping @Sendable () -> RowCacheFile?) {
        finish()
        precondition(!written.isEmpty, "a row cache is written for a source already appended")
        let job = Pending(index: written.count - 1)
        pending = job
        DispatchQueue.global().async {
            job.file = write()
            job.done.signal()
        }
    }

    /// Waits for the file being written, if any.
    func finish() {
        guard let job = pending else { return }
        job.done.wait()
        written[job.index] = job.file
        pending = nil
    }

    var files: [RowCacheFile?] {
        finish()
        return written
    }

    deinit {
        finish()
    }
}
