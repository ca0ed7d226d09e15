import LayerKit
import Testing

@Suite struct MessageTextTests {
    /// Each control character as its escape; the backslash doubled; other text as it is.
    @Test func controlCharactersAreEscaped() {
        #expect(MessageText.escaped("a\u{1B}[1m\n\r\t\0b") == #"a\e[1m\n\r\t\0b"#)
        #expect(MessageText.escaped("\u{07}\u{7F}\u{9B}") == #"\u{07}\u{7F}\u{9B}"#)
        // Line and paragraph separators; a right-to-left override and an isolate.
        #expect(
            MessageText.escaped("\u{2028}\u{2029}\u{202E}\u{2066}") == #"\u{2028}\u{2029}\u{202E}\u{2066}"#)
        #expect(MessageText.escaped(#"C:\dir"#) == #"C:\\dir"#)
        #expect(MessageText.escaped("héllo 日本 🙂") == "héllo 日本 🙂")
        #expect(MessageText.quoted("a\nb") == #"'a\nb'"#)
    }

    /// Past the limit: two thirds of it from the start, the rest from the end, around "…".
    @Test func longTextIsCut() {
        let text = String(repeating: "a", count: 50_000) + String(repeating: "z", count: 50_000)
        let cut = MessageText.escaped(text, limit: 60)
        #expect(cut == String(repeating: "a", count: 40) + "…" + String(repeating: "z", count: 19))
        #expect(MessageText.escaped(String(repeating: "a", count: 60), limit: 60).count == 60)
        // An escape is never split: 30 ESCs are 60 characters escaped, over a limit of 59.
        let escapes = MessageText.escaped(String(repeating: "\u{1B}", count: 30), limit: 59)
        #expect(escapes == String(repeating: #"\e"#, count: 19) + "…" + String(repeating: #"\e"#, count: 9))
    }

    /// Bytes that are not UTF-8 are shown one by one as \x…; valid sequences around them decode.
    @Test func invalidBytesAreShownAsHex() {
        #expect(MessageText.escaped(bytes: [0x61, 0xFF, 0xC3, 0xA9, 0xC3, 0x0A]) == #"a\xFFé\xC3\n"#)
    }

    /// A whole line: control characters escaped, backslashes (from escapes already made) kept.
    @Test func lineKeepsBackslashes() {
        #expect(MessageText.line("x \\e y\u{1B}\n") == #"x \e y\e\n"#)
    }
}
