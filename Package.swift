// swift-tools-version:6.0
// TranscriptSearch: search transcripts and subtitles. No package dependencies, by design
// (the Swift toolchain and system C libraries only); README.md says how the modules fit.
import PackageDescription

let package = Package(
    name: "TranscriptSearch",
    products: [
        .executable(name: "tsearch", targets: ["tsearch"]),
        .library(name: "TranscriptModel", targets: ["TranscriptModel"]),
        .library(name: "TranscriptFormats", targets: ["TranscriptFormats"]),
        .library(name: "TranscriptSearch", targets: ["TranscriptSearch"]),
        .library(name: "TranscriptRendering", targets: ["TranscriptRendering"]),
        .library(name: "TranscriptStore", targets: ["TranscriptStore"]),
        .library(name: "TranscriptServer", targets: ["TranscriptServer"]),
    ],
    targets: [
        .target(name: "TranscriptModel"),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "TranscriptFormats", dependencies: ["TranscriptModel", "CZlib"]),
        // The byte-shuffle filter of the one-pass scan for several literals (SSSE3 / NEON, chosen at
        // run time; own C code, no system library).
        .target(name: "CScan"),
        .target(name: "TranscriptSearch", dependencies: ["TranscriptModel", "CScan"]),
        .target(name: "TranscriptRendering", dependencies: ["TranscriptModel", "TranscriptSearch"]),
        .target(name: "TranscriptStore", dependencies: ["TranscriptModel", "TranscriptFormats", "TranscriptSearch"]),
        // Rows kept in ClickHouse, over its HTTP interface (a client on POSIX sockets).
        .target(name: "TranscriptServer", dependencies: ["TranscriptModel", "TranscriptSearch"]),
        .target(
            name: "TSearchCLI",
            dependencies: ["TranscriptModel", "TranscriptFormats", "TranscriptSearch", "TranscriptRendering", "TranscriptStore", "TranscriptServer"]
        ),
        .executableTarget(name: "tsearch", dependencies: ["TSearchCLI"]),
        .executableTarget(
            name: "tsearch-example",
            dependencies: ["TranscriptModel", "TranscriptFormats", "TranscriptSearch", "TranscriptRendering"],
            path: "Samples/LibraryExample"
        ),
        // Every reader on arbitrary bytes: libFuzzer's target when built with -sanitize=fuzzer
        // -DFUZZING (Scripts/fuzz/run.sh), else a replayer of inputs.
        .executableTarget(name: "tsearch-fuzz", dependencies: ["TranscriptModel", "TranscriptFormats"]),
        .executableTarget(
            name: "tsearch-bench",
            dependencies: ["TranscriptModel", "TranscriptFormats", "TranscriptSearch", "TranscriptRendering", "TranscriptServer"]
        ),

        .testTarget(name: "TranscriptModelTests", dependencies: ["TranscriptModel"]),
        .testTarget(name: "TranscriptFormatsTests", dependencies: ["TranscriptFormats"]),
        .testTarget(name: "TranscriptSearchTests", dependencies: ["TranscriptSearch"]),
        .testTarget(name: "TranscriptRenderingTests", dependencies: ["TranscriptRendering"]),
        .testTarget(
            name: "TranscriptStoreTests", dependencies: ["TranscriptStore", "TranscriptModel", "TranscriptFormats", "TranscriptSearch"]),
        .testTarget(name: "TranscriptServerTests", dependencies: ["TranscriptServer", "TranscriptFormats", "TestSupport"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "TSearchCLITests", dependencies: ["TSearchCLI", "TranscriptRendering", "TranscriptStore", "TestSupport"], exclude: ["Golden"]),
        .testTarget(
            name: "TSearchEndToEndTests",
            dependencies: [
                "tsearch", "tsearch-example", "tsearch-bench", "TestSupport", "TranscriptModel", "TranscriptFormats", "TranscriptSearch",
                "TranscriptRendering", "TranscriptServer",
            ],
            exclude: ["Golden"]
        ),
    ]
)
