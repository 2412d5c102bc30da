// tsearch-fuzz: every reader on arbitrary bytes, for libFuzzer and for replaying inputs.
//
// Built two ways (see Scripts/fuzz/run.sh):
// - as libFuzzer's target: `swift build --product tsearch-fuzz -Xswiftc -sanitize=fuzzer
//   -Xswiftc -DFUZZING` (a separate --scratch-path). libFuzzer calls `LLVMFuzzerTestOneInput` with
//   each input; `TSEARCH_FUZZ_FORMAT` names the reader (a format's name, or `sniff` to let the
//   loader choose, as it does for standard input).
// - as an ordinary executable (the default build): `tsearch-fuzz FORMAT FILE...` reads each file
//   through the same entry, for replaying a crash or a seed corpus.
//
// Each input is loaded both ways the command line loads a file: in place from its bytes
// (`loadCorpus`, the path of plain UTF-8 text) and through `load` (the general path). An input
// must give rows or a `FormatError` (never a crash, a trap or a hang), within a time linear in its
// size: more than `budget(forBytes:)` is reported as a failure (a quadratic path), which libFuzzer
// records as a crash with the input saved.
import Dispatch
import TranscriptFormats
import TranscriptModel

/// Loads `bytes` as `format` (nil: sniffed) both ways; traps when a load takes longer than the
/// linear budget.
func exercise(_ bytes: [UInt8], format: TranscriptFormat?) {
    let path = format.map { "input." + ($0.extensions.first ?? $0.rawValue) } ?? "input"
    let options = LoadOptions(format: format)
    let started = DispatchTime.now().uptimeNanoseconds
    _ = try? TranscriptLoader.load(bytes: bytes, path: path, options: options)
    _ = bytes.withUnsafeBytes { try? TranscriptLoader.loadCorpus(bytes: $0, path: path, options: options) }
    let elapsed = DispatchTime.now().uptimeNanoseconds - started
    if elapsed > budget(forBytes: bytes.count) {
        fatalError("\(bytes.count) bytes took \(elapsed / 1_000_000) ms: over the linear budget of \(budget(forBytes: bytes.count) / 1_000_000) ms")
    }
}

/// Nanoseconds an input of `count` bytes may take: 1 s, plus 20 µs a byte (20 s a megabyte,
/// hundreds of times what any reader needs; a quadratic path on a big input exceeds it).
func budget(forBytes count: Int) -> UInt64 {
    1_000_000_000 + UInt64(count) * 20_000
}

/// The format `name` names, or nil for `sniff` (and anything unknown).
func format(named name: String?) -> TranscriptFormat? {
    name.flatMap { TranscriptFormat(rawValue: $0) }
}

#if FUZZING
/// Which reader this run exercises, read once from `TSEARCH_FUZZ_FORMAT`.
private let fuzzedFormat: TranscriptFormat? = format(named: environmentVariable("TSEARCH_FUZZ_FORMAT"))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    exercise(bytes, format: fuzzedFormat)
    return 0
}

/// libFuzzer's driver, in its runtime: parses libFuzzer's flags from the arguments and runs.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The executable's entry point as the package manager names it (it renames `main` so that tests
/// can link executables): hands the process to libFuzzer's driver.
@_cdecl("tsearch_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    // `TSEARCH_FUZZ_LIST=1`: the readers there are to fuzz, one a line, with the extensions whose
    // sample files seed each (what Scripts/fuzz/run.sh walks).
    if environmentVariable("TSEARCH_FUZZ_LIST") != nil {
        for format in TranscriptFormat.allCases { print(format.rawValue, format.extensions.joined(separator: " ")) }
        return 0
    }
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
#else
import Foundation

@main
struct Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, arguments.count >= 2 else {
            print("usage: tsearch-fuzz FORMAT|sniff FILE...   (loads each file both ways, within the linear budget)")
            exit(64)
        }
        for file in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("\(file): cannot be read")
                exit(2)
            }
            exercise([UInt8](data), format: format(named: name))
            print("\(file): ok")
        }
    }
}
#endif
