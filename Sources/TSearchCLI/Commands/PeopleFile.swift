import TranscriptSearch
import TranscriptStore

/// Reads the people file a command uses (`--people FILE`, else `people.txt` beside the session
/// when it exists) and gives the library its `People`; the grouping itself is the library's.
enum PeopleFile {
    /// The people of `given` (a path as typed), else of the default file at `location` when it
    /// exists, else none.
    /// - Throws: `PeopleFileError` for a file that cannot be read (a given one must exist) or has a
    ///   bad line.
    static func load(_ given: String?, location: StoreLocation) throws(PeopleFileError) -> People {
        let path = given ?? location.peopleFile
        if given == nil, FileCalls.kind(of: path) == .missing { return People() }
        switch FileCalls.readFile(path) {
        case .success(let bytes):
            return try People(parsing: String(decoding: bytes, as: UTF8.self), file: path)
        case .failure(let error):
            throw PeopleFileError(file: path, line: 0, kind: .unreadable("\(error)"))
        }
    }
}
