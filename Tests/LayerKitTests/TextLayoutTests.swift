import Foundation
import Testing

@testable import LayerKit

/// `TextLayout` with a monospaced measure (every character 10 points, "…" too), so each
/// expected position is arithmetic.
@Suite struct TextLayoutTests {
    static let metrics = TextLayout.Metrics(ascent: 8, descent: 2, lineHeight: 12)

    static func measure(_ s: String) -> Double { Double(s.count) * 10 }

    static func layout(
        _ string: String?, width: Double = 100, height: Double = 100,
        _ configure: (inout TextProperties) -> Void = { _ in }
    ) -> [TextLayout.Line] {
        var t = TextProperties()
        t.string = string
        configure(&t)
        return TextLayout.lines(t, in: Size(width, height), metrics: metrics, measure: Self.measure)
    }

    static func texts(_ lines: [TextLayout.Line]) -> [String] {
        lines.map { $0.runs.map(\.text).joined(separator: " ") }
    }

    @Test func paragraphsAndBaselines() {
        #expect(Self.layout(nil).isEmpty)
        #expect(Self.layout("").isEmpty)
        let lines = Self.layout("ab\ncd\r\n\rlong line that overflows")
        #expect(Self.texts(lines) == ["ab", "cd", "", "long line that overflows"])
        // First baseline at the ascent, then one line height apart.
        #expect(lines.map(\.baseline) == [8, 20, 32, 44])
        // Not wrapped and not truncated: the long line runs past the 100-point width.
        #expect(lines[3].runs[0].width == 240)
    }

    @Test func wrappingBreaksAtSpacesAndInsideOverlongWords() {
        let lines = Self.layout("the quick brown fox jumps", width: 100) { $0.isWrapped = true }
        // 10 characters fit: "the quick " would be 10 with the space, "the quick brown" 15.
        #expect(Self.texts(lines) == ["the quick", "brown fox", "jumps"])
        let long = Self.layout("abcdefghijklmnopqrstuvw xy", width: 100) { $0.isWrapped = true }
        #expect(Self.texts(long) == ["abcdefghij", "klmnopqrst", "uvw xy"])
        // A width that is not positive wraps nothing.
        #expect(Self.layout("a b c", width: 0) { $0.isWrapped = true }.count == 1)
    }

    @Test func truncationOfAnUnwrappedLine() {
        // 100 points hold 10 characters: 9 kept and the ellipsis.
        let s = "abcdefghijklmnop"
        #expect(Self.texts(Self.layout(s) { $0.truncationMode = .end }) == ["abcdefghi…"])
        #expect(Self.texts(Self.layout(s) { $0.truncationMode = .start }) == ["…hijklmnop"])
        #expect(Self.texts(Self.layout(s) { $0.truncationMode = .middle }) == ["abcde…mnop"])
        // What fits is left alone; a box narrower than the ellipsis keeps only it.
        #expect(Self.texts(Self.layout("short") { $0.truncationMode = .end }) == ["short"])
        #expect(Self.texts(Self.layout(s, width: 5) { $0.truncationMode = .end }) == ["…"])
        // No space is left beside the ellipsis: "abcd " + "…" would fit, "abcd…" is drawn.
        #expect(Self.texts(Self.layout("abcd efghijk", width: 60) { $0.truncationMode = .end }) == ["abcd…"])
        #expect(
            Self.texts(Self.layout("abcdefg hijk", width: 60) { $0.truncationMode = .start }) == ["…hijk"])
    }

    @Test func truncationOfWrappedTextCutsTheLastLineThatFits() {
        // Height 30 holds two 12-point lines; the second takes the rest and is cut.
        let lines = Self.layout("the quick brown fox jumps", width: 100, height: 30) {
            $0.isWrapped = true
            $0.truncationMode = .end
        }
        #expect(Self.texts(lines) == ["the quick", "brown fox…"])
        // Less than one line of height still shows one.
        let one = Self.layout("the quick brown fox", width: 100, height: 5) {
            $0.isWrapped = true
            $0.truncationMode = .end
        }
        #expect(Self.texts(one) == ["the quick…"])
    }

    @Test func alignment() {
        func x(_ a: TextAlignment) -> Double { Self.layout("abc") { $0.alignmentMode = a }[0].runs[0].x }
        #expect(x(.natural) == 0 && x(.left) == 0)
        #expect(x(.right) == 70)
        #expect(x(.center) == 35)
        // Overflowing centred text spills equally on both sides.
        #expect(
            Self.layout(String(repeating: "x", count: 12)) { $0.alignmentMode = .center }[0].runs[0].x == -10)
    }

    @Test func justifiedSpreadsAllButAParagraphsLastLine() {
        let lines = Self.layout("aa bb cc dd ee\nff gg", width: 100) {
            $0.isWrapped = true
            $0.alignmentMode = .justified
        }
        // Line 1 "aa bb cc" (80 points) is spread: three words of 20 over 100, gaps of 20.
        #expect(lines[0].runs.map(\.text) == ["aa", "bb", "cc"])
        #expect(lines[0].runs.map(\.x) == [0, 40, 80])
        // "dd ee" ends its paragraph, "ff gg" too: left as they are.
        #expect(lines[1].runs.map(\.x) == [0])
        #expect(lines[2].runs.map(\.x) == [0])
    }

    @Test func fontSizeAndForegroundColorAnimate() throws {
        let text = TextLayer()
        let stage = Stage(time: 0, layer: text)
        stage.scene.perform { text.fontSize = 20 }
        #expect(text.animationKeys() == ["fontSize"])
        let fade = BasicAnimation(keyPath: "foregroundColor")
        fade.toValue = .color(.black)
        fade.duration = 1
        try text.add(fade, forKey: nil)
        stage.go(0.5)
        let shown = try #require(text.presentation()?.text)
        #expect(shown.foregroundColor == Color(white: 0.5))
        #expect(stage.scene.presentation().sublayers[0].kind == .text)
        #expect(TextProperties().fontSize == 36 && TextProperties().font == "Helvetica")
        #expect(throws: AnimationError.requiresLayerClass(keyPath: "fontSize", layerClass: "TextLayer")) {
            try Layer().add(BasicAnimation(keyPath: "fontSize"), forKey: nil)
        }
    }
}
