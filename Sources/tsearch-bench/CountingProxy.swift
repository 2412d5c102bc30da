import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP proxy in front of a server that counts the bytes the server sends back: what
/// the server section reports as "bytes received" beside each whole `tsearch` process's time.
///
/// One thread accepts; each connection gets a thread that copies both ways with `poll` until
/// either side closes. Only for the benchmark: no limits, errors end the connection.
final class CountingProxy: @unchecked Sendable {
    /// The loopback port clients connect to.
    let port: Int
    private let target: (host: String, port: Int)
    private let listener: Int32
    private let lock = NSLock()
    private var counted = 0

    /// A proxy on a free loopback port that forwards to `host`:`port`.
    init?(to host: String, port targetPort: Int) {
        target = (host, targetPort)
        let socket = Self.socket()
        guard socket >= 0 else { return nil }
        var address = Self.address("127.0.0.1", 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        guard bound == 0, listen(socket, 64) == 0 else {
            close(socket)
            return nil
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        listener = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Bytes the server has sent through the proxy so far.
    var bytesReceived: Int {
        lock.lock()
        defer { lock.unlock() }
        return counted
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in forward(client) }
            thread.start()
        }
    }

    private func forward(_ client: Int32) {
        defer { close(client) }
        let server = Self.socket()
        guard server >= 0 else { return }
        defer { close(server) }
        var address = Self.address(target.host, target.port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        while true {
            guard poll(&fds, 2, -1) > 0 else {
                if errno == EINTR { continue }
                return
            }
            for (index, from, to) in [(0, client, server), (1, server, client)] where fds[index].revents != 0 {
                let count = read(from, &buffer, buffer.count)
                guard count > 0 else { return }
                if from == server {
                    lock.lock()
                    counted += count
                    lock.unlock()
                }
                var sent = 0
                while sent < count {
                    let written = buffer[sent..<count].withUnsafeBytes { write(to, $0.baseAddress, $0.count) }
                    guard written > 0 else { return }
                    sent += written
                }
            }
        }
    }

    private static func socket() -> Int32 {
        #if canImport(Glibc)
        Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
    }

    private static func address(_ host: String, _ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }
}
