#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an external program (ffprobe, ffmpeg) and collects what it writes, never waiting forever.
///
/// The program is found on the `PATH` given (not the shell's: no shell runs), started with
/// `posix_spawn` in a process group of its own, its standard input `/dev/null` and SIGPIPE back at
/// its default. Standard output, standard error and `extraOutputs` more pipes (descriptors 3, 4, …,
/// for ffmpeg's `pipe:3`) are read together with `poll`, so no pipe can fill up and stall the
/// program. When `timeout` passes, or the output outgrows `outputLimit` bytes, the whole process
/// group is killed (SIGKILL, so a wrapper script's children go too), the program is reaped, and the
/// run is a `Failure`. Of standard error only the last 64 KiB are kept (ffmpeg can say a lot).
struct Subprocess {
    /// What the program did.
    struct Outcome {
        /// The exit status, or 128 + the signal's number when a signal ended it (as a shell says).
        var status: Int32
        var standardOutput: [UInt8]
        var standardError: [UInt8]
        /// What it wrote to descriptors 3, 4, … in that order.
        var extraOutputs: [[UInt8]]

        /// The first non-blank line of standard error, trimmed: with `-v error` ffmpeg states the
        /// cause first and its consequences after ("Stream map '0:s:1' matches no streams.", then
        /// "To ignore this, add a trailing '?' to the map.").
        var firstErrorLine: String {
            let lines = String(decoding: standardError, as: UTF8.self).split(whereSeparator: \.isNewline)
            return lines.first { !$0.allSatisfy(\.isWhitespace) }.map { String($0).trimmingWhitespace } ?? ""
        }
    }

    enum Failure: Error, Equatable {
        case couldNotStart(String)
        case timedOut
        case outputTooLarge
    }

    var executable: String
    var arguments: [String]
    var environment: [String: String]
    var extraOutputs = 0
    var timeout: Duration
    var outputLimit = 1 << 28

    /// The full path of `name` on `searchPath` (colon-separated; an empty entry is the current
    /// directory), the first executable regular file found; nil when there is none.
    static func find(_ name: String, searchPath: String?) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for entry in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: false) {
            let directory = entry.isEmpty ? "." : String(entry)
            let candidate = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if FileCalls.kind(of: candidate) == .file, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    func run() -> Result<Outcome, Failure> {
        var pipes: [(read: Int32, write: Int32)] = []
        defer { for pipe in pipes { close(pipe.read); if pipe.write >= 0 { close(pipe.write) } } }
        for _ in 0..<(2 + extraOutputs) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return .failure(.couldNotStart(FileCalls.errorMessage(errno))) }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            pipes.append((ends[0], ends[1]))
        }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, pipe) in pipes.enumerated() {
            // dup2 onto 1, 2, 3, …: the copy does not keep close-on-exec, the originals do.
            posix_spawn_file_actions_adddup2(&actions, pipe.write, Int32(target + 1))
        }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Its own process group, so a timeout kills whatever it started too (a wrapper script's child).
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map(duplicateSystemPath) + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard let program = argv[0] else { return .failure(.couldNotStart("out of memory")) }
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard spawned == 0 else { return .failure(.couldNotStart(FileCalls.errorMessage(spawned))) }
        for index in pipes.indices {
            close(pipes[index].write)
            pipes[index].write = -1
        }

        let collected = collect(from: pipes.map(\.read), deadline: ContinuousClock.now + timeout)
        if collected.failure != nil { kill(-pid, SIGKILL) }
        let status = Self.wait(for: pid)
        if let failure = collected.failure { return .failure(failure) }
        return .success(Outcome(
            status: status, standardOutput: collected.outputs[0], standardError: collected.outputs[1],
            extraOutputs: Array(collected.outputs.dropFirst(2))))
    }

    /// Reads every descriptor until each reaches end of file, the deadline passes or the output
    /// outgrows the limit. Index 1 (standard error) keeps only its last 64 KiB.
    private func collect(from descriptors: [Int32], deadline: ContinuousClock.Instant) -> (outputs: [[UInt8]], failure: Failure?) {
        var outputs = [[UInt8]](repeating: [], count: descriptors.count)
        var open = Set(descriptors.indices)
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return (outputs, .timedOut) }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            var polled = open.sorted().map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return (outputs, .couldNotStart("poll: " + FileCalls.errorMessage(errno)))
            }
            for entry in polled where entry.revents != 0 {
                guard let index = descriptors.firstIndex(of: entry.fd) else { continue }
                let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress!, $0.count) }
                if count > 0 {
                    outputs[index].append(contentsOf: chunk[0..<count])
                    if index == 1 {
                        if outputs[1].count > 1 << 16 { outputs[1].removeFirst(outputs[1].count - (1 << 16)) }
                    } else {
                        total += count
                        if total > outputLimit { return (outputs, .outputTooLarge) }
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open.remove(index)
                }
            }
        }
        return (outputs, nil)
    }

    /// Reaps `pid`; its exit status, or 128 + the signal that ended it.
    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 127 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

fileprivate extension String {
    /// The string without leading and trailing whitespace.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0.properties.isWhitespace }.reversed()))
    }
}
