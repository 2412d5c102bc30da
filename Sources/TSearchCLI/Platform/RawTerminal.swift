#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import TranscriptStore

/// The real terminal, for the pager: raw mode, the alternate screen, its size, resize and stop
/// signals. The only code that touches termios, ioctl and signals. `restore()` puts everything back
/// and is safe to call more than once (on `q`, Ctrl-C, SIGTERM, SIGHUP).
final class RawTerminal: @unchecked Sendable {
    // Used from the pager's serial queue only; `@unchecked` for that reason.
    private var saved = termios()
    private var isRaw = false
    private let mouse: Bool
    private var signalSources: [DispatchSourceSignal] = []

    init(mouse: Bool) {
        self.mouse = mouse
    }

    /// Raw input (no echo, no line editing, no signals from keys: Ctrl-C arrives as a key), the
    /// alternate screen, the cursor hidden, mouse reporting if asked.
    func enter() -> Bool {
        guard tcgetattr(0, &saved) == 0 else { return false }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { return false }
        isRaw = true
        MappedFileFaults.terminalIsRaw(saved)
        write("\u{1B}[?1049h\u{1B}[?25l" + (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : ""))
        return true
    }

    func restore() {
        guard isRaw else { return }
        isRaw = false
        write((mouse ? "\u{1B}[?1006l\u{1B}[?1000l" : "") + "\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(0, TCSAFLUSH, &saved)
        MappedFileFaults.terminalIsRaw(nil)
    }

    /// Rows and columns, from the terminal (24×80 when it cannot say).
    func size() -> (rows: Int, columns: Int) {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return (24, 80) }
        return (Int(window.ws_row), Int(window.ws_col))
    }

    func write(_ text: String) {
        _ = FileCalls.write(Array(text.utf8), to: 1)
    }

    /// Calls `resized` on SIGWINCH and `stopped` on SIGINT, SIGTERM and SIGHUP, on `queue`.
    func handleSignals(on queue: DispatchQueue, resized: @escaping () -> Void, stopped: @escaping () -> Void) {
        for (number, handler) in [(SIGWINCH, resized), (SIGINT, stopped), (SIGTERM, stopped), (SIGHUP, stopped)] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: handler)
            source.resume()
            signalSources.append(source)
        }
    }

    /// Reads standard input on its own thread, handing each chunk of bytes to `received`; stops at
    /// end of input.
    func readInput(_ received: @escaping @Sendable ([UInt8]) -> Void) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                received(Array(buffer[0..<count]))
            }
        }
        thread.start()
    }
}
