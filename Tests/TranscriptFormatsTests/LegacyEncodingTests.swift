#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TranscriptModel
@testable import TranscriptFormats

/// Our own subtitle lines in several languages, and the same lines encoded by the C library's iconv,
/// as a legacy subtitle editor would have saved them.
enum LegacySubtitles {
    static let russian = [
        "Доброе утро, коллеги. Сегодня мы обсуждаем бюджет на следующий квартал.",
        "Нам нужно сократить расходы на десять процентов, иначе проект не успеет к сроку.",
        "Алиса предлагает перенести запуск на март и пересмотреть план закупок.",
        "Хорошо, давайте запишем это решение и вернёмся к нему в пятницу.",
        "Боб, подготовь, пожалуйста, новую таблицу с цифрами до среды.",
    ]
    static let czech = [
        "Dobré ráno, kolegové. Dnes probereme rozpočet na příští čtvrtletí.",
        "Musíme snížit výdaje o deset procent, jinak projekt nestihneme včas.",
        "Alice navrhuje přesunout spuštění na březen a přepracovat plán nákupů.",
        "Dobře, zapíšeme si to rozhodnutí a vrátíme se k němu v pátek.",
        "Bobe, připrav prosím do středy novou tabulku s čísly a úpravami.",
    ]
    static let simplifiedChinese = [
        "大家早上好。今天我们讨论下个季度的预算。",
        "我们需要把开支削减百分之十，否则项目无法按时完成。",
        "爱丽丝建议把发布推迟到三月，并重新审查采购计划。",
        "好的，我们把这个决定记下来，星期五再讨论。",
        "鲍勃，请在星期三之前准备一张新的数字表格。",
    ]
    static let traditionalChinese = [
        "大家早安。今天我們討論下一季的預算。",
        "我們需要把開支削減百分之十，否則專案無法按時完成。",
        "愛麗絲建議把發佈延到三月，並重新審查採購計畫。",
        "好的，我們把這個決定記下來，星期五再討論。",
    ]
    static let japanese = [
        "皆さん、おはようございます。今日は来四半期の予算について話し合います。",
        "経費を十パーセント削減しなければ、プロジェクトは期限に間に合いません。",
        "アリスは発売を三月に延期して、購買計画を見直すことを提案しています。",
        "わかりました。この決定を記録して、金曜日にもう一度話しましょう。",
        "ボブさん、水曜日までに新しい数字の表を用意してください。",
    ]
    static let french = [
        "Bonjour à tous. Aujourd'hui nous parlons du budget du trimestre prochain.",
        "Il faut réduire les dépenses de dix pour cent, sinon le projet sera en retard.",
        "Alice propose de repousser le lancement à mars et de revoir le plan d'achats.",
        "Très bien, notons cette décision et reparlons-en vendredi, après le café.",
    ]

    /// `lines` as an SRT file, one cue each.
    static func srt(_ lines: [String]) -> String {
        lines.enumerated().map { position, line in
            "\(position + 1)\n00:00:\(10 + 4 * position),000 --> 00:00:\(13 + 4 * position),000\n\(line)\n"
        }.joined(separator: "\n")
    }

    /// `text` encoded by iconv as `encoding`.
    static func encoded(_ text: String, as encoding: String) throws -> [UInt8] {
        let descriptor = iconv_open(encoding, "UTF-8")
        try #require(descriptor != iconv_t(bitPattern: -1), "iconv knows \(encoding)")
        defer { iconv_close(descriptor) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let produced = try input.withUnsafeMutableBytes { inBytes in
            try output.withUnsafeMutableBytes { outBytes in
                var inPointer = inBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var inLeft = inBytes.count
                var outPointer = outBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outLeft = outBytes.count
                try #require(iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) != -1, "\(encoding) encodes the text")
                return outBytes.count - outLeft
            }
        }
        return Array(output.prefix(produced))
    }
}

struct LegacyEncodingTests {
    /// Each language's file loads with the right text, detected (the heuristic is sure:
    /// no warning), and also when the encoding is named.
    @Test(arguments: [
        (LegacySubtitles.russian, "CP1251", "windows-1251"),
        (LegacySubtitles.russian, "KOI8-R", "KOI8-R"),
        (LegacySubtitles.czech, "CP1250", "windows-1250"),
        (LegacySubtitles.simplifiedChinese, "GB18030", "GB18030"),
        (LegacySubtitles.traditionalChinese, "BIG5", "Big5"),
        (LegacySubtitles.japanese, "SHIFT_JIS", "Shift_JIS"),
        (LegacySubtitles.french, "CP1252", "windows-1252"),
    ])
    func detectedAndNamed(_ lines: [String], _ iconvName: String, _ detected: String) throws {
        let bytes = try LegacySubtitles.encoded(LegacySubtitles.srt(lines), as: iconvName)
        #expect(String(validating: bytes, as: UTF8.self) == nil)

        let guessed = try TranscriptLoader.load(bytes: bytes, path: "legacy.srt")
        #expect(guessed.texts == lines)
        #expect(guessed.transcript.source.encoding == detected)
        #expect(guessed.warnings.isEmpty)

        let encoding = try #require(TextEncoding(named: iconvName.lowercased()))
        let named = try TranscriptLoader.load(bytes: bytes, path: "legacy.srt", options: LoadOptions(encoding: encoding))
        #expect(named.texts == lines)
        #expect(named.transcript.source.encoding == iconvName.lowercased())
        #expect(named.warnings.isEmpty)
    }

    @Test func bytesInvalidInTheNamedEncodingAreAnErrorWithTheirOffset() throws {
        let bytes = try LegacySubtitles.encoded(LegacySubtitles.srt(LegacySubtitles.russian), as: "CP1251")
        let shiftJIS = try #require(TextEncoding(named: "shift_jis"))
        let error = try #require(loadError(bytes, as: "ru.srt", encoding: shiftJIS))
        guard case .undecodable(let name, let offset, let shown) = error.kind else {
            Issue.record("expected undecodable, got \(error)")
            return
        }
        #expect(name == "shift_jis")
        #expect(shown == Array(bytes[offset..<offset + 4]))
        // The first Russian letters happen to be Shift_JIS; the first byte pair that is not is on line 3.
        #expect(error.line == 3)
        #expect(offset > bytes.firstIndex(where: { $0 >= 0x80 }) ?? 0)
        #expect(error.description.hasPrefix("ru.srt:3: not valid shift_jis: the bytes at byte offset \(offset) (0x"))
    }

    @Test(arguments: ["shift_jis", "gb18030", "cp1251", "big5"])
    func aUTF8FileIsRefusedForALegacyEncoding(_ name: String) throws {
        // UTF-8 Russian is valid GB18030 byte for byte: the UTF-8 check, not iconv, must refuse it.
        let text = LegacySubtitles.srt(LegacySubtitles.russian)
        let encoding = try #require(TextEncoding(named: name))
        let error = try #require(loadError(Array(text.utf8), as: "ru.srt", encoding: encoding))
        let offset = Array(text.utf8).firstIndex { $0 >= 0x80 } ?? -1
        #expect(error.kind == .validUTF8(asked: name, offset: offset))
        #expect(error.line == 3)
    }

    @Test func namingUTF8IsAStrictUTF8Check() throws {
        let utf8 = try #require(TextEncoding(named: "UTF-8"))
        let text = LegacySubtitles.srt(LegacySubtitles.czech)
        #expect(try TranscriptLoader.load(bytes: Array(text.utf8), path: "cs.srt", options: LoadOptions(encoding: utf8)).texts == LegacySubtitles.czech)
        let legacy = try LegacySubtitles.encoded(text, as: "CP1250")
        #expect(loadError(legacy, as: "cs.srt", encoding: utf8)?.line == 3)
    }

    @Test func validBytesThatLookLikeAnotherEncodingWarn() throws {
        let bytes = try LegacySubtitles.encoded(LegacySubtitles.srt(LegacySubtitles.russian), as: "CP1251")
        let koi = try #require(TextEncoding(named: "koi8-r"))
        let result = try TranscriptLoader.load(bytes: bytes, path: "ru.srt", options: LoadOptions(encoding: koi))
        #expect(result.warnings.map(\.kind) == [.encodingDoubt(asked: "koi8-r", detected: "windows-1251")])
        #expect(result.warnings.first?.description.contains("try --encoding windows-1251") == true)
    }

    @Test func unknownNamesAreNotEncodings() {
        #expect(TextEncoding(named: "no-such-encoding") == nil)
        #expect(TextEncoding(named: "") == nil)
        #expect(TextEncoding(named: "ISO-8859-2") != nil)
        #expect(TextEncoding(named: "windows-1251") != nil)
    }

    @Test func aByteOrderMarkWinsOverTheNamedEncoding() throws {
        let text = LegacySubtitles.srt(LegacySubtitles.russian)
        let cp1251 = try #require(TextEncoding(named: "cp1251"))
        let result = try TranscriptLoader.load(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), path: "bom.srt", options: LoadOptions(encoding: cp1251))
        #expect(result.texts == LegacySubtitles.russian)
        #expect(result.transcript.source.encoding == "UTF-8 with BOM")
    }

    @Test func plainUTF8IsNeverDecodedAgain() throws {
        for lines in [LegacySubtitles.russian, LegacySubtitles.simplifiedChinese, LegacySubtitles.japanese] {
            let result = try load(LegacySubtitles.srt(lines), as: "u.srt")
            #expect(result.transcript.source.encoding == "UTF-8")
            #expect(result.texts == lines)
            #expect(result.warnings.isEmpty)
        }
    }

    @Test func shiftJISKeepsBackslashesAsWindowsDoes() throws {
        let lines = ["{\\an8}会議は十時に始まります。予算の話をしましょう。", "ファイルは C:\\会議\\予算 にあります。"]
        let bytes = try LegacySubtitles.encoded(LegacySubtitles.srt(lines), as: "CP932")
        #expect(try TranscriptLoader.load(bytes: bytes, path: "j.srt").texts == ["会議は十時に始まります。予算の話をしましょう。", "ファイルは C:\\会議\\予算 にあります。"])
    }

    /// When the heuristic is not sure, the file still loads with its best guess and a warning says
    /// which encoding was assumed and how to name another.
    @Test func anUnsureGuessWarns() throws {
        // ISO-8859-2 is never guessed: Czech in it reads as windows-1250 with š as ą.
        let bytes = try LegacySubtitles.encoded(LegacySubtitles.srt(LegacySubtitles.czech), as: "ISO-8859-2")
        let result = try TranscriptLoader.load(bytes: bytes, path: "cs.srt")
        #expect(result.warnings.count == 1)
        let warning = try #require(result.warnings.first)
        #expect(warning.file == "cs.srt")
        #expect(warning.message.contains("read as windows-1250, a guess"))
        #expect(warning.message.contains("--encoding NAME"))
        let latin2 = try #require(TextEncoding(named: "iso-8859-2"))
        let named = try TranscriptLoader.load(bytes: bytes, path: "cs.srt", options: LoadOptions(encoding: latin2))
        #expect(named.texts == LegacySubtitles.czech)
    }

    @Test(arguments: [
        // A price: £ (windows-1252) not Ł (windows-1250) before digits.
        ("The budget is £20,000 this quarter, up from £15,000.", "windows-1252"),
        // German letters read the same in both: windows-1252, nothing to warn about.
        ("Die Straße in München ist schön, das Büro auch.", "windows-1252"),
        // Polish: ą ł ś ż are unmistakable.
        ("Musimy obniżyć budżet o dziesięć procent, żeby zdążyć przed świętami.", "windows-1250"),
    ])
    func latinGuesses(_ line: String, _ expected: String) throws {
        let bytes = try LegacySubtitles.encoded(LegacySubtitles.srt([line, line]), as: expected == "windows-1252" ? "CP1252" : "CP1250")
        let result = try TranscriptLoader.load(bytes: bytes, path: "l.srt")
        #expect(result.texts == [line, line])
        #expect(result.transcript.source.encoding == expected)
        #expect(result.warnings.isEmpty)
    }

    @Test func aStrayLegacyLineInUTF8StaysOneLine() throws {
        let bytes = Array("Доброе утро\n".utf8) + (try LegacySubtitles.encoded("Сегодня мы обсуждаем бюджет на квартал\n", as: "CP1251"))
            + Array("预算\n".utf8)
        let result = try TranscriptLoader.load(bytes: bytes, path: "mixed.txt")
        #expect(result.texts == ["Доброе утро", "Сегодня мы обсуждаем бюджет на квартал", "预算"])
        #expect(result.transcript.source.encoding == "UTF-8 with windows-1251 lines")
    }
}

/// The error loading `bytes` under `path` in `encoding` throws, or nil when it loads.
func loadError(_ bytes: [UInt8], as path: String, encoding: TextEncoding) -> FormatError? {
    do {
        _ = try TranscriptLoader.load(bytes: bytes, path: path, options: LoadOptions(encoding: encoding))
        return nil
    } catch {
        return error
    }
}
