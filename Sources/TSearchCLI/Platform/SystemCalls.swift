#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TranscriptModel
import TranscriptStore

/// The command line's own calls into the operating system: signals, the process's arguments and
/// environment, and what its standard streams are. Files, folders, locks and the clock are the
/// store's (`FileCalls`, in TranscriptStore's Platform folder).
enum SystemCalls {
    /// Ends the process with `status`.
    static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #elseif canImport(Musl)
        Musl.exit(status)
        #elseif canImport(Darwin)
        Darwin.exit(status)
        #endif
    }

    /// Ignore SIGPIPE so a closed pipe shows up as EPIPE from `write`, which ends output quietly.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// The process's arguments, each kept whole by `FileSystemPath` (bytes that are not UTF-8
    /// included), the program name first.
    static func processArguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return FileSystemPath.string(fromBytes: UnsafeBufferPointer(
                start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
        }
    }

    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The width of the terminal on `descriptor`, or nil when it is not one or cannot say.
    static func columns(ofTerminal descriptor: Int32) -> Int? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return Int(window.ws_col)
    }

    /// Whether `descriptor` is a pipe, a socket or a regular file: something given to read, as
    /// ripgrep judges stdin. A terminal, `/dev/null` or a closed descriptor is not.
    static func isReadableStream(_ descriptor: Int32) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
    }

    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
