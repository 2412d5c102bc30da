/// A text encoding by name, decoded through the C library's `iconv`: any name it knows, such as
/// `CP1251`, `windows-1250`, `ISO-8859-2`, `KOI8-R`, `GB18030`, `Shift_JIS`, `Big5` (`iconv -l`
/// lists them all). Names are case-insensitive.
///
/// Where the WHATWG Encoding Standard (what browsers do) reads a label differently from iconv, the
/// label reads as browsers read it: `shift_jis` (and `sjis`, `ms_kanji`, `windows-31j`) decodes as
/// Windows' CP932, so `\` and `~` stay themselves instead of becoming `¥` and `‾`, and the NEC
/// characters (①) decode; `gb2312` and `gbk` decode as GB18030, their superset.
public struct TextEncoding: Sendable, Hashable, CustomStringConvertible {
    /// The name as the user gave it (shown in messages and as the source's encoding).
    public let name: String
    /// The name handed to iconv.
    let iconvName: String

    /// The encoding called `name`; nil when the system's iconv does not know it.
    public init?(named name: String) {
        let trimmed = name.trimmingBlanks
        guard !trimmed.isEmpty else { return nil }
        let iconvName = Self.whatwgReadings[trimmed.lowercased()] ?? trimmed
        guard Iconv.knows(iconvName) else { return nil }
        self.name = trimmed
        self.iconvName = iconvName
    }

    /// An encoding we name ourselves (detection's candidates), known to glibc.
    init(label: String, iconvName: String) {
        self.name = label
        self.iconvName = iconvName
    }

    /// The encoding's name as the user gave it (or as detection names it).
    public var description: String { name }

    /// A few names to try, for messages.
    public static let examples = "for example cp1251, cp1250, iso-8859-2, koi8-r, gb18030, shift_jis or big5"

    /// Whether this is UTF-8 under any of its names.
    var isUTF8: Bool {
        let folded = iconvName.lowercased().filter { $0 != "-" && $0 != "_" }
        return folded == "utf8"
    }

    private static let whatwgReadings: [String: String] = [
        "shift_jis": "CP932", "shift-jis": "CP932", "sjis": "CP932", "ms_kanji": "CP932", "x-sjis": "CP932",
        "windows-31j": "CP932", "csshiftjis": "CP932",
        "gb2312": "GB18030", "gbk": "GB18030", "x-gbk": "GB18030", "cp936": "GB18030",
    ]

    static let windows1252 = TextEncoding(label: "windows-1252", iconvName: "WINDOWS-1252")
    static let windows1250 = TextEncoding(label: "windows-1250", iconvName: "WINDOWS-1250")
    static let windows1251 = TextEncoding(label: "windows-1251", iconvName: "WINDOWS-1251")
    static let koi8R = TextEncoding(label: "KOI8-R", iconvName: "KOI8-R")
    static let gb18030 = TextEncoding(label: "GB18030", iconvName: "GB18030")
    static let big5 = TextEncoding(label: "Big5", iconvName: "BIG5")
    static let shiftJIS = TextEncoding(label: "Shift_JIS", iconvName: "CP932")
    static let eucJP = TextEncoding(label: "EUC-JP", iconvName: "EUC-JP")
    static let eucKR = TextEncoding(label: "EUC-KR", iconvName: "EUC-KR")
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingBlanks: String {
        String(Substring(self).trimmingBlanks)
    }
}
