import Foundation
import Testing

/// Compares `actual` with the golden file at `url`. With `TSEARCH_RECORD_GOLDEN` set, writes
/// `actual` as the new expectation instead (read the diff in git before committing). A mismatch
/// is recorded with the first differing lines and a few around them, old `-` and new `+`.
public func assertGolden(_ actual: String, at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["TSEARCH_RECORD_GOLDEN"] != nil {
        try Data(actual.utf8).write(to: url)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    guard actual != expected else { return }
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first = Array(zip(want, got)).firstIndex { $0 != $1 } ?? min(want.count, got.count)
    var diff = "\(url.lastPathComponent) differs from the golden file at line \(first + 1) (re-record with TSEARCH_RECORD_GOLDEN=1):\n"
    for line in max(0, first - 2)..<min(max(want.count, got.count), first + 3) {
        let old = line < want.count ? String(want[line]) : nil, new = line < got.count ? String(got[line]) : nil
        if old == new { diff += "  |\(old ?? "")|\n" } else {
            if let old { diff += "- |\(old)|\n" }
            if let new { diff += "+ |\(new)|\n" }
        }
    }
    Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
}
