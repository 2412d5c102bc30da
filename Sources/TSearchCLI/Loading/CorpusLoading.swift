import TranscriptFormats
import TranscriptModel

/// Loads inputs into one corpus, reporting as it goes: a skipped cue is a warning
/// (`tsearch: warning: a.srt:12: …`), an unreadable or unloadable file an error
/// (`tsearch: a.srt: …`). One bad file never stops the others.
struct CorpusLoading {
    var corpus = Corpus()
    var errorCount = 0
    var warningCount = 0

    static func load(
        paths: [String], format: TranscriptFormat?, environment: CommandEnvironment
    ) -> CorpusLoading {
        var loading = CorpusLoading()
        let expansion = InputFiles.expand(paths)
        for (path, message) in expansion.errors {
            environment.report("\(path): \(message)")
            loading.errorCount += 1
        }
        for directory in expansion.emptyDirectories {
            environment.report("warning: \(directory): no .srt, .vtt, .json or .txt file in this directory")
            loading.warningCount += 1
        }
        for input in expansion.inputs {
            loading.load(input, format: format, environment: environment)
        }
        return loading
    }

    private mutating func load(_ input: Input, format: TranscriptFormat?, environment: CommandEnvironment) {
        let path = input.displayPath
        let bytes: [UInt8]
        switch input {
        case .file(let file):
            switch SystemCalls.readFile(file) {
            case .success(let contents): bytes = contents
            case .failure(let error):
                environment.report("\(path): \(error.description)")
                errorCount += 1
                return
            }
        case .standardInput:
            switch environment.readStandardInput() {
            case .success(let contents): bytes = contents
            case .failure(let error):
                environment.report("\(path): \(error)")
                errorCount += 1
                return
            }
        }
        do {
            let result = try TranscriptLoader.load(bytes: bytes, path: path, format: format)
            for warning in result.warnings { warn(warning, environment) }
            corpus.append(result.transcript)
        } catch {
            if case .noRows(let skipped) = error.kind {
                for warning in skipped { warn(warning, environment) }
            }
            environment.report(error.description)
            errorCount += 1
        }
    }

    private mutating func warn(_ warning: FormatError, _ environment: CommandEnvironment) {
        environment.report("warning: \(warning.description)")
        warningCount += 1
    }
}
