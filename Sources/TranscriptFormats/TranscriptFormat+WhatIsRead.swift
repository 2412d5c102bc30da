extension TranscriptFormat {
    /// What tsearch reads, for messages about a file it cannot: `tsearch reads .srt, .vtt, …, .docx
    /// files` (every extension of every format, in table order).
    public static var whatIsRead: String {
        let extensions = allCases.flatMap(\.extensions).map { "." + $0 }
        let listed = extensions.count > 1
            ? extensions.dropLast().joined(separator: ", ") + " and " + (extensions.last ?? "")
            : extensions.joined()
        return "tsearch reads \(listed) files"
    }
}
