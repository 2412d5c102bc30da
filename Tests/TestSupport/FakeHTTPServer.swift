#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A scripted HTTP server for tests of a client facing hostile answers: it listens on 127.0.0.1
/// only (a port the system picks), reads each request (its head, and its body by
/// `Content-Length`), and answers with the raw bytes of the first rule whose text the request
/// contains: short bodies, endless bodies, huge chunk sizes, slow answers, bad rows.
///
/// It is bounded: it serves at most `connections` requests, stops accepting `lifetime` after it
/// started or once no test holds it (or at `stop()`), sends an endless body only up to the rule's
/// byte bound, and gives up on a client silent for 10 s. It never reaches outside the machine.
public final class FakeHTTPServer: @unchecked Sendable {
    /// What to send back to a request.
    public enum Reply: Sendable {
        /// These bytes (a whole answer, head included, or a cut one), then the connection is closed.
        case bytes([UInt8])
        /// `head` (status line and headers, with their blank line), then `piece` again and again
        /// as fast as the client reads, until the client closes or `bound` bytes were sent.
        case endless(head: [UInt8], piece: [UInt8], bound: Int)
        /// `reply` after `milliseconds`.
        indirect case after(milliseconds: Int, Reply)
    }

    /// A request containing `text` (in its head or body) gets `reply`.
    public struct Rule: Sendable {
        /// What the request must contain (in its head or body).
        public var text: String
        /// What it gets.
        public var reply: Reply
        /// Requests containing `text` get `reply`.
        public init(_ text: String, _ reply: Reply) {
            self.text = text
            self.reply = reply
        }
    }

    /// The port it listens on (on 127.0.0.1).
    public let port: Int
    private let rules: [Rule]
    private let lock = NSLock()
    private var requestsSeen: [String] = []
    private var isStopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// A server answering by `rules` (a request no rule matches gets `404`), serving at most
    /// `connections` requests within `lifetime` seconds.
    public init(_ rules: [Rule], connections: Int = 64, lifetime: Double = 60) throws {
        self.rules = rules
        let descriptor = socket(AF_INET, Self.streamType, 0)
        guard descriptor >= 0 else { throw Failure(reason: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw Failure(reason: "bind or listen")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let started = Date()
        let finished = self.finished
        // The accepting thread holds the server weakly: a server no test holds any more stops
        // accepting within 100 ms; the thread closes the listening socket when it ends.
        Thread.detachNewThread { [weak self] in
            var served = 0
            while served < connections, Date().timeIntervalSince(started) < lifetime, self?.stopped == false {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 100) > 0 else { continue }
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { continue }
                served += 1
                guard let server = self else {
                    close(client)
                    break
                }
                Thread.detachNewThread { server.serve(client) }
            }
            close(descriptor)
            finished.signal()
        }
    }

    /// The URL of table `table` on this server, as `--server` takes it.
    public func url(table: String = "t") -> String {
        "http://127.0.0.1:\(port)/?table=\(table)"
    }

    /// The requests received so far (head and body, as text), in order of arrival.
    public var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requestsSeen
    }

    /// Stops accepting and closes the listening socket (connections being answered finish).
    public func stop() {
        lock.lock()
        let wasStopped = isStopped
        isStopped = true
        lock.unlock()
        if !wasStopped { finished.wait() }
    }

    deinit {
        // The accepting thread sees the server gone and ends by itself (it may be the thread
        // running this, so it is not waited for).
        lock.lock()
        isStopped = true
        lock.unlock()
    }

    private var stopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isStopped
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(client) else { return }
        lock.lock()
        requestsSeen.append(request)
        lock.unlock()
        let reply = rules.first { request.contains($0.text) }?.reply
            ?? .bytes(Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        send(reply, to: client)
    }

    private func send(_ reply: Reply, to client: Int32) {
        switch reply {
        case .bytes(let bytes):
            _ = write(bytes, to: client)
        case .endless(let head, let piece, let bound):
            guard write(head, to: client) else { return }
            var sent = 0
            while sent < bound, write(piece, to: client) { sent += piece.count }
        case .after(let milliseconds, let next):
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            send(next, to: client)
        }
    }

    /// Whether all of `bytes` went out before the client closed.
    private func write(_ bytes: [UInt8], to client: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { buffer in
                Self.sendBytes(client, buffer.baseAddress, buffer.count)
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// The request's head and its body (as `Content-Length` says), or nil when the client left.
    private func readRequest(_ client: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let text = String(decoding: bytes, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length { return text }
            }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
        }
    }

    private struct Failure: Error, CustomStringConvertible {
        var reason: String
        var description: String { "the fake server could not start: \(reason)" }
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
    }
    #else
    private static let streamType = SOCK_STREAM
    private static func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        return Darwin.send(socket, bytes, count, 0)
    }
    #endif
}

extension FakeHTTPServer.Reply {
    /// A whole `200 OK` answer carrying `body` with its `Content-Length`.
    public static func ok(_ body: String) -> Self {
        .bytes(Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8))
    }

    /// A `200 OK` head and `body` as they are (the caller writes the framing headers).
    public static func raw(headers: String, body: String) -> Self {
        .bytes(Array("HTTP/1.1 200 OK\r\n\(headers)Connection: close\r\n\r\n\(body)".utf8))
    }
}
