import Foundation

/// A temporary folder for one test, removed when it ends, with the store's places inside it.
final class Folder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` in the folder; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The environment that puts the session and every cache in this folder, trusting files at once
    /// (no settling time) and keeping rows of any size.
    var variables: [String: String] {
        ["TSEARCH_STATE": path + "/state/session.json", "TSEARCH_CACHE_SETTLE_NS": "0", "TSEARCH_ROW_CACHE_MIN_BYTES": "1",
         "TSEARCH_SMALL_FILES_CACHE_MIN_BYTES": "1"]
    }
}
