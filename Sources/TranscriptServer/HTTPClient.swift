/// A minimal HTTP/1.1 client: one POST per connection (`Connection: close`), the body read to the
/// end of the stream, `Content-Length` or chunked. Enough for a database's HTTP interface on a
/// loopback or remote TCP socket, and nothing else: no TLS, no redirects, no keep-alive.
///
/// It is written on POSIX sockets (`SocketCalls`) because the toolchain's `FoundationNetworking`
/// does not link into the static release build (it needs libcurl).
struct HTTPClient {
    /// A response: the status code and the body, decoded from chunked transfer when it was chunked.
    struct Response {
        var status: Int
        var body: [UInt8]
    }

    /// Why no response came.
    enum Failure: Error, Equatable {
        case connection(SocketCalls.Failure)
        /// What came back is not HTTP (the first bytes, for the message).
        case notHTTP(String)
    }

    let host: String
    let port: Int
    /// How long one request may take in all, connecting included (milliseconds).
    let timeoutMilliseconds: Int

    /// POSTs `body` to `target` (the path and query, percent-encoded), with `headers`.
    func post(_ target: String, headers: [(String, String)] = [], body: [UInt8]) -> Result<Response, Failure> {
        let deadline = SocketCalls.now() + Int64(timeoutMilliseconds)
        let connection: SocketCalls.Connection
        switch SocketCalls.connect(host: host, port: port, deadline: deadline) {
        case .success(let opened): connection = opened
        case .failure(let failure): return .failure(.connection(failure))
        }
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var head = "POST \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\nContent-Type: text/plain; charset=utf-8\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        if case .failure(let failure) = SocketCalls.send(Array(head.utf8) + body, on: connection, deadline: deadline) {
            return .failure(.connection(failure))
        }
        var received: [UInt8] = []
        while true {
            switch SocketCalls.receive(on: connection, deadline: deadline) {
            case .failure(let failure):
                return .failure(.connection(failure))
            case .success(let bytes):
                if bytes.isEmpty { return Self.parse(received) }
                received += bytes
            }
        }
    }

    /// The response in `bytes` (everything the server sent before closing).
    static func parse(_ bytes: [UInt8]) -> Result<Response, Failure> {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = firstIndex(of: separator, in: bytes, from: 0) else {
            return .failure(.notHTTP(String(decoding: bytes.prefix(60), as: UTF8.self)))
        }
        let head = String(decoding: bytes[0..<headEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            return .failure(.notHTTP(String(lines.first ?? "")))
        }
        var chunked = false
        var length: Int?
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "transfer-encoding", value.lowercased().contains("chunked") { chunked = true }
            if name == "content-length" { length = Int(value) }
        }
        let rest = Array(bytes[(headEnd + 4)...])
        if chunked {
            guard let body = dechunk(rest) else { return .failure(.notHTTP("a broken chunked body")) }
            return .success(Response(status: status, body: body))
        }
        if let length, length <= rest.count { return .success(Response(status: status, body: Array(rest[0..<length]))) }
        return .success(Response(status: status, body: rest))
    }

    /// The body of a chunked transfer, or nil when the chunks do not add up.
    static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
        var body: [UInt8] = []
        var position = 0
        while true {
            guard let lineEnd = firstIndex(of: [13, 10], in: bytes, from: position) else { return nil }
            let sizeText = String(decoding: bytes[position..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingSpaces, radix: 16), size >= 0 else { return nil }
            position = lineEnd + 2
            if size == 0 { return body }
            guard position + size <= bytes.count else { return nil }
            body += bytes[position..<(position + size)]
            position += size + 2
        }
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0] && Array(bytes[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
