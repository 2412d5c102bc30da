import Testing
@testable import TranscriptModel

/// File names are bytes: a name that is not UTF-8 survives the trip into a `String` and back, and
/// reads as `\xE9` to a person.
struct FileSystemPathTests {
    @Test(arguments: [
        Array("Café.srt".utf8),                                   // UTF-8: itself
        [0x43, 0x61, 0x66, 0xE9, 0x2E, 0x73, 0x72, 0x74],          // Latin-1 Café.srt
        [0xFF, 0xFE, 0x80, 0xC3],                                  // nothing valid; a lead byte at the end
        [0xE2, 0x82, 0x41, 0xF0, 0x9F, 0x98, 0x80],                // a cut sequence, then an emoji
        [0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80],    // overlong, surrogate, past U+10FFFF
    ])
    func bytesSurviveTheRoundTrip(_ bytes: [UInt8]) {
        let name = FileSystemPath.string(fromBytes: bytes)
        #expect(FileSystemPath.bytes(of: name) == bytes)
        let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
        #expect((name == String(decoding: bytes, as: UTF8.self)) == isUTF8)
    }

    @Test func keptBytesAreShownEscapedEverywhereNamesArePrinted() {
        let name = FileSystemPath.string(fromBytes: [0x43, 0x61, 0x66, 0xE9, 0x2E, 0x73, 0x72, 0x74])
        #expect(FileSystemPath.displayed(name) == "Caf\\xE9.srt")
        #expect(ControlSequences.hasControlCharacters(name))
        #expect(ControlSequences.stripped(name) == "Caf\\xE9.srt")
        #expect(ControlSequences.stripped("Café.srt") == "Café.srt")
    }
}
