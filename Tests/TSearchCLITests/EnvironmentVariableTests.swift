import Foundation
import Testing
@testable import TSearchCLI

/// Every `TSEARCH_` variable the sources read is in `EnvironmentVariable.all`, and every variable
/// of the table is in the README's list; the manual lists every one a user may set.
struct EnvironmentVariableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `TSEARCH_…` names in the sources of `tsearch` and its libraries (the fuzzer's and the
    /// benchmark's own are theirs).
    static func namesInSources() throws -> Set<String> {
        var names = Set<String>()
        let sources = root.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let pattern = try Regex("TSEARCH_[A-Z_]*[A-Z]")
        for case let file as URL in walker where file.pathExtension == "swift" {
            if file.path.contains("/tsearch-fuzz/") || file.path.contains("/tsearch-bench/") { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) { names.insert(String(text[match.range])) }
        }
        return names
    }

    @Test func everyVariableReadIsInTheTableAndTheReadme() throws {
        let table = Set(EnvironmentVariable.all.map(\.name))
        let read = try Self.namesInSources()
        #expect(read.count >= 10)
        #expect(read.subtracting(table).isEmpty, "read but not listed: \(read.subtracting(table).sorted())")
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for name in table { #expect(readme.contains("`\(name)`") || readme.contains(name), "the README does not list \(name)") }
    }

    @Test func theManualListsEveryVariableAUserMaySet() {
        let page = ManPage.render()
        for variable in EnvironmentVariable.all where variable.audience != .tests {
            #expect(page.contains(".B \(ManPage.escaped(variable.name))\n"), "the manual does not list \(variable.name)")
        }
        #expect(page.contains(".B TSEARCH_SERVER\n") || page.contains(".B TSEARCH\\_SERVER\n"))
    }
}
