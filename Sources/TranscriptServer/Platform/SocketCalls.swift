#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The only code of this module that touches sockets: a TCP connection opened, written and read
/// with a deadline (milliseconds on the monotonic clock). Every call either finishes or says why
/// not; none waits past its deadline, and none goes on once it has passed, even while the other
/// side keeps the socket busy (a read or write that would not block is still checked).
struct SocketCalls {
    /// Why a socket call failed.
    enum Failure: Error, Equatable {
        /// The name did not resolve (the resolver's message).
        case unresolved(String)
        /// Nothing accepted the connection (the system's message, such as "Connection refused").
        case refused(String)
        /// The deadline passed.
        case timedOut
        /// The connection broke (the system's message).
        case broken(String)
    }

    /// An open connection; `close()` ends it.
    final class Connection {
        fileprivate let descriptor: Int32
        fileprivate init(descriptor: Int32) { self.descriptor = descriptor }
        deinit { _ = SocketCalls.closeDescriptor(descriptor) }
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    fileprivate static func closeDescriptor(_ descriptor: Int32) -> Int32 {
        close(descriptor)
    }

    /// A TCP connection to `host`:`port`, trying each address the name resolves to.
    static func connect(host: String, port: Int, deadline: Int64) -> Result<Connection, Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            return .failure(.unresolved(String(cString: gai_strerror(status))))
        }
        defer { freeaddrinfo(first) }
        var lastFailure = Failure.refused("no address")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            let connection = Connection(descriptor: descriptor)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var noSignal: Int32 = 1
            #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var noDelay: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            _ = noSignal
            if Glibc_connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                return .success(connection)
            }
            guard errno == EINPROGRESS else {
                lastFailure = .refused(String(cString: strerror(errno)))
                continue
            }
            switch wait(descriptor, events: Int16(POLLOUT), deadline: deadline) {
            case .failure(let failure):
                lastFailure = failure
                if failure == .timedOut { return .failure(.timedOut) }
                continue
            case .success:
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
                if error == 0 { return .success(connection) }
                lastFailure = .refused(String(cString: strerror(error)))
            }
        }
        return .failure(lastFailure)
    }

    /// Writes all of `bytes`.
    static func send(_ bytes: [UInt8], on connection: Connection, deadline: Int64) -> Result<Void, Failure> {
        var sent = 0
        while sent < bytes.count {
            guard now() < deadline else { return .failure(.timedOut) }
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc_send(connection.descriptor, base + sent, bytes.count - sent)
            }
            if count > 0 {
                sent += count
                continue
            }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                return .failure(.broken(String(cString: strerror(errno))))
            }
            if case .failure(let failure) = wait(connection.descriptor, events: Int16(POLLOUT), deadline: deadline) {
                return .failure(failure)
            }
        }
        return .success(())
    }

    /// Reads what is there (waiting for something to arrive): an empty array at the end of the stream.
    static func receive(on connection: Connection, deadline: Int64) -> Result<[UInt8], Failure> {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard now() < deadline else { return .failure(.timedOut) }
            let count = buffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return .success(Array(buffer[0..<count])) }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                return .failure(.broken(String(cString: strerror(errno))))
            }
            if case .failure(let failure) = wait(connection.descriptor, events: Int16(POLLIN), deadline: deadline) {
                return .failure(failure)
            }
        }
    }

    /// Waits until something can be read from `connection` (bytes, or the end of the stream) or
    /// the deadline passes.
    static func waitUntilReadable(_ connection: Connection, deadline: Int64) -> Result<Void, Failure> {
        wait(connection.descriptor, events: Int16(POLLIN), deadline: deadline)
    }

    /// Waits until `events` are possible on `descriptor` or the deadline passes.
    private static func wait(_ descriptor: Int32, events: Int16, deadline: Int64) -> Result<Void, Failure> {
        while true {
            let left = deadline - now()
            guard left > 0 else { return .failure(.timedOut) }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(left, Int64(Int32.max))))
            if ready > 0 { return .success(()) }
            if ready == 0 { return .failure(.timedOut) }
            guard errno == EINTR else { return .failure(.broken(String(cString: strerror(errno)))) }
        }
    }
}

// The system's `connect` and `send`, named apart from the methods above.
#if canImport(Glibc)
private func Glibc_connect(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    Glibc.connect(descriptor, address, length)
}
private func Glibc_send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
}
#elseif canImport(Darwin)
private func Glibc_connect(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    Darwin.connect(descriptor, address, length)
}
private func Glibc_send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    Darwin.send(descriptor, bytes, count, 0)
}
#endif
