import Testing
@testable import TranscriptRendering

struct JSONObjectWriterTests {
    @Test func escapesEverythingJSONRequiresAndControlCharacters() {
        var object = JSONObjectWriter()
        object.add("text", "q\"b\\s\n\t\u{1B}[2J\u{9B}é👍🏽")
        object.add("none", nil as String?)
        object.add("n", 3)
        object.add("yes", true)
        object.add("nested") { $0.add("start", 0) }
        #expect(object.finished == #"{"text":"q\"b\\s\n\t\u001b[2J\u009bé👍🏽","none":null,"n":3,"yes":true,"nested":{"start":0}}"#)
    }
}
