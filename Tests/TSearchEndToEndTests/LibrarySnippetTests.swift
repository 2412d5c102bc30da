import Foundation
import Testing

/// The README's library snippets are what an app developer copies first: its `Package.swift` and
/// the code after it are built as a package of their own that depends on this one by path (a
/// folder named `TranscriptSearch`), and the program runs. A snippet that no longer compiles, or a
/// dependency line that names the package wrongly, fails here.
@Suite(.serialized) struct LibrarySnippetTests {
    /// The `swift` blocks of the README's "The library" section, in order.
    static func snippets() throws -> [String] {
        let readme = try String(contentsOf: TSearch.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n## The library\n"))
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    static var swift: String? {
        ["/opt/swift/usr/bin/swift", "/usr/bin/swift"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? ShellCompletionEndToEndTests.path(of: "swift")
    }

    @Test(.enabled(if: swift != nil, "no swift toolchain on the PATH"))
    func theReadmePackageAndCodeBuildAndRun() throws {
        let snippets = try Self.snippets()
        try #require(snippets.count >= 2)
        let (manifest, code) = (snippets[0], snippets[1])
        #expect(manifest.hasPrefix("// swift-tools-version:"))
        let folder = try TSearch.temporaryDirectory()
        let dependencies = folder.appendingPathComponent("deps")
        try FileManager.default.createDirectory(at: dependencies, withIntermediateDirectories: true)
        // The package as a user's checkout: a folder named TranscriptSearch (here a link to this one).
        try FileManager.default.createSymbolicLink(at: dependencies.appendingPathComponent("TranscriptSearch"), withDestinationURL: TSearch.root)
        let app = dependencies.appendingPathComponent("MyApp")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: app.appendingPathComponent("Package.swift"))
        // What the snippet leaves to the app: its bytes, what it shows, what the user typed.
        // The snippet's imports first, then the app's part, then the snippet's statements.
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let imports = lines.filter { $0.hasPrefix("import ") }.joined(separator: "\n")
        let statements = lines.filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        let prelude = imports + """

            import Foundation
            let bytes = Array("WEBVTT\\n\\n00:00:01.000 --> 00:00:03.000\\n<v Alice>The budget is set.\\n\\n00:00:04.000 --> 00:00:05.000\\n<v Alice>Which budget?\\n".utf8)
            let typedText = "budget"
            func show(_ hits: [SearchHit]) { print("page of \\(hits.count)") }
            func display(_ index: HitIndex) async { print("as typed: \\(index.count) hits") }

            """
        let ending = "\nprint(\"hits: \\(index.count), current: \\((cursor.current ?? -1) + 1)\")\n"
        try Data((prelude + statements + ending).utf8).write(to: app.appendingPathComponent("Sources/MyApp/main.swift"))
        let swift = try #require(Self.swift)
        let scratch = folder.appendingPathComponent("build").path
        let result = try TSearch.shell(
            "timeout 900 '\(swift)' build --package-path '\(app.path)' --scratch-path '\(scratch)' 2>&1 | tail -30"
                + " && '\(scratch)/debug/MyApp'", in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("page of 2\nas typed: 2 hits\nhits: 2, current: 2"), "\(result.stdout)")
    }
}
