/// Where a loading's sources are kept, known once the row cache still being written is done:
/// the row cache files (`RowCacheWriting`) and the sources kept in the small-files cache.
final class PendingKeptRows: @unchecked Sendable {
    // Read from the thread that loaded (or one that follows it): `RowCacheWriting` waits for its
    // writing thread.
    private let caching: RowCacheWriting
    private let smallFiles: [Int: KeptRows]

    init(caching: RowCacheWriting, smallFiles: [Int: KeptRows]) {
        self.caching = caching
        self.smallFiles = smallFiles
    }

    /// Per source, where its rows are kept; waits for a row cache being written.
    func resolved() -> [KeptRows?] {
        caching.files.enumerated().map { source, file in file.map(KeptRows.rowCache) ?? smallFiles[source] }
    }
}
