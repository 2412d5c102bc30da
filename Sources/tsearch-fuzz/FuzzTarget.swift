// tsearch-fuzz: every reader on arbitrary bytes, for libFuzzer and for replaying inputs.
//
// Built two ways (see Scripts/fuzz/run.sh):
// - as libFuzzer's target: `swift build --product tsearch-fuzz -Xswiftc -sanitize=fuzzer
//   -Xswiftc -DFUZZING` (a separate --scratch-path). libFuzzer calls `LLVMFuzzerTestOneInput` with
//   each input; `TSEARCH_FUZZ_FORMAT` names the reader (a format's name, or `sniff` to let the
//   loader choose, as it does for standard input).
// - as an ordinary executable (the default build): `tsearch-fuzz FORMAT FILE...` reads each file
//   through the same entry, for replaying a crash or a seed corpus; `tsearch-fuzz FORMAT
//   --targeted` loads the reader's targeted inputs (`TargetedInputs`).
//
// Before fuzzing a reader, Scripts/fuzz/run.sh loads its targeted inputs (`TSEARCH_FUZZ_TARGETED`):
// hostile inputs made to hit paths that were once quadratic or unbounded (a run of `<` in SAMI,
// an element crowded with attributes, a million empty paragraphs), megabytes past libFuzzer's
// `-max_len`, within the same linear budget; the small ones seed the fuzzer.
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

/// Loads each of `format`'s targeted inputs (`TargetedInputs`) within the linear budget, printing
/// its name, size and time; writes those that fit a seed into the folder `seeds` (nothing when
/// empty). Returns 0: an input over the budget traps in `exercise`.
func runTargeted(format: TranscriptFormat?, seeds: String) -> Int32 {
    for input in TargetedInputs.inputs(for: format) {
        let started = DispatchTime.now().uptimeNanoseconds
        exercise(input.bytes, format: format)
        let milliseconds = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        print("\(input.name): \(input.bytes.count) bytes in \(milliseconds) ms, within \(budget(forBytes: input.bytes.count) / 1_000_000) ms")
        if !seeds.isEmpty, input.bytes.count <= TargetedInputs.seedLimit {
            writeFile(seeds + "/targeted-" + input.name, input.bytes)
        }
    }
    return 0
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
    // `TSEARCH_FUZZ_TARGETED=DIR`: the reader's targeted inputs, each loaded within the linear
    // budget (a trap when over), the small ones written into DIR as seeds.
    if let seeds = environmentVariable("TSEARCH_FUZZ_TARGETED") {
        return runTargeted(format: fuzzedFormat, seeds: seeds)
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
            print("       tsearch-fuzz FORMAT|sniff --targeted (the reader's targeted inputs, the same way)")
            exit(64)
        }
        if arguments[1] == "--targeted" {
            exit(runTargeted(format: format(named: name), seeds: ""))
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
