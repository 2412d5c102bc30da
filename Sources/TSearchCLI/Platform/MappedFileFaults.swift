#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TranscriptModel
import TranscriptStore

/// What happens when a cache file is cut short while it is mapped (`cp` or `rsync --inplace`
/// restoring a backup over it, `: > file`): the next read of a page past its new end raises SIGBUS,
/// which would kill the process with no word (and, in the pager, leave the terminal raw).
///
/// `install()` sets a handler that looks the faulting address up in `MappedFiles`: inside a mapped
/// file, it restores the terminal if the pager had it raw, says which file was cut short, removes
/// it (a cache: the next run reads the transcripts again), and ends the process with status 2.
/// Any other fault is left to crash as before. The handler uses only async-signal-safe calls
/// (`write`, `tcsetattr`, `unlink`, `_exit`) and memory allocated before it is installed. Small
/// caches are copied rather than mapped (`RowCache`, `SessionStore`), so this concerns big ones.
enum MappedFileFaults {
    /// The terminal as the pager found it, and whether it is raw now: what the handler restores.
    private struct TerminalState: @unchecked Sendable {
        let saved: UnsafeMutablePointer<termios>
        let isRaw: UnsafeMutablePointer<Bool>
    }

    private static let terminal: TerminalState = {
        let state = TerminalState(saved: .allocate(capacity: 1), isRaw: .allocate(capacity: 1))
        state.saved.initialize(to: termios())
        state.isRaw.initialize(to: false)
        return state
    }()

    /// Installs the SIGBUS handler (once per process, before any cache is mapped).
    static func install() {
        MappedFiles.prepare()
        _ = terminal
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = handle
        #else
        action.__sigaction_handler.sa_sigaction = handle
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, nil)
    }

    /// Called by the pager as it makes the terminal raw (`saved` is how to put it back) and as it
    /// restores it (nil).
    static func terminalIsRaw(_ saved: termios?) {
        if let saved { terminal.saved.pointee = saved }
        terminal.isRaw.pointee = saved != nil
    }

    private static let handle: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { _, info, _ in
        #if canImport(Darwin)
        let address = info.map { UInt(bitPattern: $0.pointee.si_addr) } ?? 0
        #else
        let address = info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0
        #endif
        guard let path = MappedFiles.path(containing: address) else {
            // Not ours: crash as the signal would have.
            signal(SIGBUS, SIG_DFL)
            return
        }
        if terminal.isRaw.pointee {
            say("\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l", to: 1)
            tcsetattr(0, TCSANOW, terminal.saved)
        }
        say("tsearch: ", to: 2)
        _ = write(2, path, strlen(path))
        say(" was cut short while tsearch was reading it (a cache file rewritten in place); it is removed: run the command again\n", to: 2)
        unlink(path)
        _exit(2)
    }

    /// Writes a literal's bytes (static strings: no allocation).
    private static func say(_ text: StaticString, to descriptor: Int32) {
        _ = write(descriptor, text.utf8Start, text.utf8CodeUnitCount)
    }
}
