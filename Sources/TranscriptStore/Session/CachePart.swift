/// A run of the corpus's sources as the session cache writes it.
enum CachePart: Equatable {
    /// One source kept in a row cache.
    case rowCache(source: Int, RowCacheFile)
    /// Consecutive sources kept at consecutive positions of one small-files cache, from `first`.
    case smallFiles(file: String, id: String, first: Int, sources: Range<Int>)
    /// Consecutive sources kept nowhere else: written in the session cache itself.
    case inline(Range<Int>)

    /// The number that opens each part in the session cache.
    enum Tag: UInt64 {
        case inline = 0
        case rowCache = 1
        case smallFiles = 2
    }

    /// The parts of a corpus whose sources are kept as `kept` says, in order.
    static func parts(_ kept: [KeptRows?]) -> [CachePart] {
        var parts: [CachePart] = []
        for (source, rows) in kept.enumerated() {
            switch (rows, parts.last) {
            case (.rowCache(let file), _):
                parts.append(.rowCache(source: source, file))
            case (.smallFiles(let file, let id, let position), .smallFiles(let lastFile, let lastID, let first, let sources))
                where file == lastFile && id == lastID && position == first + sources.count:
                parts[parts.count - 1] = .smallFiles(file: file, id: id, first: first, sources: sources.lowerBound..<(source + 1))
            case (.smallFiles(let file, let id, let position), _):
                parts.append(.smallFiles(file: file, id: id, first: position, sources: source..<(source + 1)))
            case (nil, .inline(let sources)):
                parts[parts.count - 1] = .inline(sources.lowerBound..<(source + 1))
            case (nil, _):
                parts.append(.inline(source..<(source + 1)))
            }
        }
        return parts
    }
}
