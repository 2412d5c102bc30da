import TranscriptStore

extension SearchAbandoned {
    /// The library's message, and for a time limit how this command line lifts it (the library
    /// names no flag of ours).
    var withHowToLiftIt: String {
        isTimeLimit ? description + ". --timeout SECONDS gives it longer (--timeout 0: no limit)" : description
    }
}
