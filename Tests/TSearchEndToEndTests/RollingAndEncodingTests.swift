import Foundation
import Testing

/// As a user meets them: YouTube-style rolling captions, and subtitle
/// files saved in legacy encodings.
@Suite(.serialized) struct RollingAndEncodingTests {
    /// A YouTube-shaped auto-caption file: line n builds up word by word (a timing tag per word)
    /// under line n-1 from 10 s × n, then holds alone for 10 ms.
    static func rollingCaptions(lines count: Int) -> String {
        func clock(_ ms: Int) -> String {
            String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
        }
        var text = "WEBVTT\nKind: captions\nLanguage: en\n\n"
        var previous = " "
        for number in 1...count {
            let line = "line \(number) we need to cut the budget"
            let words = line.split(separator: " ")
            let start = number * 10_000, end = start + 9_000
            let tagged = words.dropFirst().enumerated().reduce(String(words[0])) { tagged, item in
                tagged + "<\(clock(start + 500 * (item.offset + 1)))><c> \(item.element)</c>"
            }
            text += "\(clock(start)) --> \(clock(end)) align:start position:0%\n\(previous)\n\(tagged)\n\n"
            text += "\(clock(end)) --> \(clock(end + 10)) align:start position:0%\n\(line)\n \n\n"
            previous = line
        }
        return text
    }

    @Test func aHundredSpokenLinesAreAHundredRows() throws {
        let folder = try TSearch.temporaryDirectory()
        try Self.rollingCaptions(lines: 100).write(to: folder.appendingPathComponent("auto.en.vtt"), atomically: true, encoding: .utf8)

        let (rows, outcome) = try printedRows("auto.en.vtt", in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(rows.count == 100)
        #expect(rows.map(\.text) == (1...100).map { "line \($0) we need to cut the budget" })
        #expect(rows.map(\.start) == (1...100).map { $0 * 10_000 })

        let kept = try TSearch.run(["rows", "--json", "--keep-rolling", "auto.en.vtt"], in: folder)
        #expect(try jsonRecords(kept.stdout).count == 200)
    }

    @Test func aPhraseSplitByTimingTagsIsFound() throws {
        let folder = try TSearch.temporaryDirectory()
        try Self.rollingCaptions(lines: 100).write(to: folder.appendingPathComponent("auto.en.vtt"), atomically: true, encoding: .utf8)
        // In the file: line<00:09:30.500><c> 57</c><00:09:31.000><c> we</c><00:09:31.500><c> need</c>…
        let outcome = try TSearch.run(["search", "--json", "line 57 we need to cut", "auto.en.vtt"], in: folder)
        #expect(outcome.status == 0)
        let hits = try jsonRecords(outcome.stdout).filter { $0["type"] as? String == "hit" }
        #expect(hits.count == 1)
        #expect(hits.first?["start_ms"] as? Int == 570_000)
        #expect(hits.first?["text"] as? String == "line 57 we need to cut the budget")

        let listing = try TSearch.run(["search", "--color", "never", "line 57 we need", "auto.en.vtt"], in: folder)
        #expect(listing.stdout.contains("00:09:30"))
        #expect(listing.stdout.contains("line 57 we need to cut the budget"))
    }

    /// Files in legacy encodings, made with iconv from our own sentences.
    static let legacyFiles: [(name: String, encoding: String, lines: [String], query: String)] = [
        ("ru.srt", "CP1251", [
            "Доброе утро, коллеги. Сегодня мы обсуждаем бюджет на следующий квартал.",
            "Нам нужно сократить расходы на десять процентов, иначе проект не успеет к сроку.",
            "Алиса предлагает перенести запуск на март и пересмотреть план закупок.",
        ], "БЮДЖЕТ"),
        ("cs.srt", "CP1250", [
            "Dobré ráno, kolegové. Dnes probereme rozpočet na příští čtvrtletí.",
            "Musíme snížit výdaje o deset procent, jinak projekt nestihneme včas.",
            "Alice navrhuje přesunout spuštění na březen a přepracovat plán nákupů.",
        ], "rozpočet"),
        ("zh.srt", "GB18030", [
            "大家早上好。今天我们讨论下个季度的预算。",
            "我们需要把开支削减百分之十，否则项目无法按时完成。",
            "爱丽丝建议把发布推迟到三月，并重新审查采购计划。",
        ], "预算"),
        ("ja.srt", "SHIFT_JIS", [
            "皆さん、おはようございます。今日は来四半期の予算について話し合います。",
            "経費を十パーセント削減しなければ、プロジェクトは期限に間に合いません。",
            "アリスは発売を三月に延期して、購買計画を見直すことを提案しています。",
        ], "予算"),
    ]

    /// Writes each legacy file into `folder` through the `iconv` program.
    static func writeLegacyFiles(in folder: URL) throws {
        for file in legacyFiles {
            let srt = file.lines.enumerated().map { "\($0.offset + 1)\n00:00:0\($0.offset * 3),000 --> 00:00:0\($0.offset * 3 + 2),000\n\($0.element)\n" }
                .joined(separator: "\n")
            let source = folder.appendingPathComponent(file.name + ".utf8")
            try srt.write(to: source, atomically: true, encoding: .utf8)
            let made = try TSearch.shell("iconv -f UTF-8 -t \(file.encoding) '\(source.path)' > \(file.name) && rm '\(source.path)'", in: folder)
            #expect(made.status == 0, "iconv: \(made.stderr)")
        }
    }

    @Test func legacyEncodingsAreDetectedAndSearched() throws {
        let folder = try TSearch.temporaryDirectory()
        try Self.writeLegacyFiles(in: folder)
        for file in Self.legacyFiles {
            let outcome = try TSearch.run(["search", "--json", file.query, file.name], in: folder)
            #expect(outcome.status == 0, "\(file.name)")
            #expect(outcome.stderr.isEmpty, "\(file.name): \(outcome.stderr)")
            let hits = try jsonRecords(outcome.stdout).filter { $0["type"] as? String == "hit" }
            #expect(hits.map { $0["text"] as? String } == [file.lines[0]], "\(file.name)")

            let named = try TSearch.run(["rows", "--json", "--encoding", file.encoding.lowercased(), file.name], in: folder)
            #expect(named.status == 0)
            #expect(try jsonRecords(named.stdout).map { $0["text"] as? String } == file.lines)
        }
    }

    @Test func aWrongEncodingIsAClearError() throws {
        let folder = try TSearch.temporaryDirectory()
        try Self.writeLegacyFiles(in: folder)
        try "1\n00:00:01,000 --> 00:00:02,000\nбюджет на квартал\n".write(to: folder.appendingPathComponent("utf8.srt"), atomically: true, encoding: .utf8)

        let legacy = try TSearch.run(["search", "--encoding", "shift_jis", "бюджет", "ru.srt"], in: folder)
        #expect(legacy.status == 2)
        #expect(legacy.stdout.isEmpty)
        #expect(legacy.stderr.hasPrefix("tsearch: ru.srt:3: not valid shift_jis: the bytes at byte offset "))

        let utf8 = try TSearch.run(["search", "--encoding", "shift_jis", "бюджет", "utf8.srt"], in: folder)
        #expect(utf8.status == 2)
        #expect(utf8.stderr.contains("utf8.srt:3: the file is UTF-8 (non-ASCII text from byte offset 32), not shift_jis"))

        let unknown = try TSearch.run(["search", "--encoding", "klingon-8", "бюджет", "ru.srt"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown encoding \"klingon-8\""))

        // Valid bytes, wrong reading: loaded as asked, but not silently.
        let doubted = try TSearch.run(["search", "--encoding", "koi8-r", "бюджет", "ru.srt"], in: folder)
        #expect(doubted.stderr.contains("warning: ru.srt: read as koi8-r as --encoding says, but the bytes look like windows-1251"))
    }

    @Test func theWindows1252SampleLoadsAsBefore() throws {
        let outcome = try TSearch.run(["search", "--json", "Straße", "Samples/offsite-cp1252.vtt"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(try jsonRecords(outcome.stdout).contains { ($0["text"] as? String)?.contains("Leopoldstraße") == true })
    }
}
