/// A minimal HTTP/1.1 client: one POST per connection (`Connection: close`), the body read to the
/// end of the stream, `Content-Length` or chunked. Enough for a database's HTTP interface on a
/// loopback or remote TCP socket, and nothing else: no TLS, no redirects, no keep-alive.
///
/// What a server sends is bounded, so a broken or hostile one cannot make it hang or fill the
/// memory: the request and the answer share one `deadline`, checked before every read and write
/// (not only when the socket would block); an answer, head and body, is at most `maxAnswerBytes`
/// (a `Content-Length` or a chunk size larger than that fails at once); an answer shorter than
/// it announced (a `Content-Length` not reached, a chunked body without its last chunk) is an
/// error naming what was cut, never taken for a whole one.
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
        /// The answer is larger than the limit (its bytes).
        case tooLarge(limit: Int)
        /// The answer ended before what it announced (what was cut, for the message).
        case cutShort(String)
    }

    let host: String
    let port: Int
    /// When the request must be answered, connecting included: milliseconds on the monotonic
    /// clock (`SocketCalls.now()`).
    let deadline: Int64
    /// The most bytes an answer may have, its head included.
    let maxAnswerBytes: Int

    /// POSTs `body` to `target` (the path and query, percent-encoded), with `headers`.
    func post(_ target: String, headers: [(String, String)] = [], body: [UInt8]) -> Result<Response, Failure> {
        let connection: SocketCalls.Connection
        switch SocketCalls.connect(host: host, port: port, deadline: deadline) {
        case .success(let opened): connection = opened
        case .failure(let failure): return .failure(.connection(failure))
        }
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var head = "POST \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "content-type" }) { head += "Content-Type: text/plain; charset=utf-8\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        if case .failure(let failure) = SocketCalls.send(Array(head.utf8) + body, on: connection, deadline: deadline) {
            return .failure(.connection(failure))
        }
        var received: [UInt8] = []
        /// Where the body starts and how it ends, once the head is in.
        var body: (start: Int, framing: Framing)?
        while true {
            switch SocketCalls.receive(on: connection, deadline: deadline) {
            case .failure(let failure):
                return .failure(.connection(failure))
            case .success(let bytes):
                if bytes.isEmpty { return Self.parse(received) }
                let searchFrom = max(0, received.count - 3)
                received += bytes
                guard received.count <= maxAnswerBytes else { return .failure(.tooLarge(limit: maxAnswerBytes)) }
                if body == nil, let headEnd = Self.firstIndex(of: Self.headEnd, in: received, from: searchFrom) {
                    body = (headEnd + 4, Self.framing(ofHead: received[0..<headEnd]))
                }
                guard let (start, framing) = body, case .length(let length) = framing else { continue }
                // A body announced larger than the limit is not waited for; one whose length is
                // all there is complete, even if the server keeps the connection open after it.
                if length > maxAnswerBytes - start { return .failure(.tooLarge(limit: maxAnswerBytes)) }
                if received.count - start >= length { return Self.parse(received) }
            }
        }
    }

    /// How a body's end is told: by its `Content-Length`, by chunks, or by the end of the stream.
    enum Framing: Equatable {
        case length(Int)
        case chunked
        case toTheEnd
    }

    static let headEnd: [UInt8] = [13, 10, 13, 10]

    /// The framing the head's lines (status line first) announce.
    static func framing(ofHead head: ArraySlice<UInt8>) -> Framing {
        var framing = Framing.toTheEnd
        for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "transfer-encoding", value.lowercased().contains("chunked") { return .chunked }
            // A length that is not a count of bytes is taken as none (the body then ends with
            // the stream); `parse` says so.
            if name == "content-length", let length = Int(value), length >= 0 { framing = .length(length) }
        }
        return framing
    }

    /// The response in `bytes` (everything the server sent before closing).
    static func parse(_ bytes: [UInt8]) -> Result<Response, Failure> {
        guard let headEnd = firstIndex(of: headEnd, in: bytes, from: 0) else {
            if bytes.starts(with: Array("HTTP/1.".utf8)) { return .failure(.cutShort("the answer ended inside its head")) }
            return .failure(.notHTTP(String(decoding: bytes.prefix(60), as: UTF8.self)))
        }
        let head = String(decoding: bytes[0..<headEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            return .failure(.notHTTP(String(lines.first ?? "")))
        }
        for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
            let value = line.dropFirst("content-length:".count).trimmingSpaces
            guard let length = Int(value), length >= 0 else { return .failure(.notHTTP("a Content-Length of \"\(value.prefix(40))\"")) }
        }
        let framing = framing(ofHead: bytes[0..<headEnd])
        // A chunked body is read from where it starts, not copied first (answers are megabytes).
        if framing == .chunked { return dechunk(bytes, from: headEnd + 4).map { Response(status: status, body: $0) } }
        let rest = Array(bytes[(headEnd + 4)...])
        switch framing {
        case .chunked:
            return dechunk(rest).map { Response(status: status, body: $0) }
        case .length(let length):
            guard length <= rest.count else {
                return .failure(.cutShort("the body ended after \(rest.count) of the \(length) bytes its Content-Length announced"))
            }
            return .success(Response(status: status, body: Array(rest[0..<length])))
        case .toTheEnd:
            return .success(Response(status: status, body: rest))
        }
    }

    /// The body of a chunked transfer, or why the chunks do not add up.
    /// `start`: where the body begins in `bytes`.
    static func dechunk(_ bytes: [UInt8], from start: Int = 0) -> Result<[UInt8], Failure> {
        var body: [UInt8] = []
        body.reserveCapacity(max(0, bytes.count - start))
        var position = start
        while true {
            guard let lineEnd = firstIndex(of: [13, 10], in: bytes, from: position) else {
                return .failure(.cutShort("the chunked body ended after \(body.count) bytes, before its last chunk"))
            }
            let sizeText = String(decoding: bytes[position..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingSpaces, radix: 16), size >= 0 else {
                return .failure(.notHTTP("a chunk size of \"\(sizeText.prefix(40))\" in a chunked body"))
            }
            position = lineEnd + 2
            if size == 0 { return .success(body) }
            // Compared without adding to `position`: a size near Int.max must not overflow.
            guard size <= bytes.count - position else {
                return .failure(.cutShort("the chunked body ended inside a chunk of \(size) bytes, after \(body.count + bytes.count - position) bytes"))
            }
            body += bytes[position..<(position + size)]
            position += size
            guard bytes.count - position >= 2, bytes[position] == 13, bytes[position + 1] == 10 else {
                return bytes.count - position < 2
                    ? .failure(.cutShort("the chunked body ended after \(body.count) bytes, before its last chunk"))
                    : .failure(.notHTTP("a chunk not followed by its line end in a chunked body"))
            }
            position += 2
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
