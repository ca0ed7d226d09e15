import Foundation
import LayerKit
import Testing

@testable import LayerKitCairo

/// `Canvas.displayable` drops characters without glyphs and the empty brackets that leaves,
/// with plain array work; these check that work against the string algorithms it stands for.
@Suite struct DisplayableTextTests {
    /// Removing a pattern agrees with `String.replacing(_:with: "")` (left to right, no
    /// overlap, no second pass over what a removal brings together) on every string of up to
    /// six characters from an alphabet of brackets, a space and a letter.
    @Test func removingAgreesWithStringReplacing() {
        let alphabet: [Character] = ["(", ")", "[", "]", " ", "a"]
        var strings: [[Character]] = [[]]
        var frontier: [[Character]] = [[]]
        for _ in 1...6 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + [$0] } }
            strings += frontier
        }
        var checked = 0
        for pattern in ["( )", "()", "[]"] {
            for s in strings {
                let expected = String(s).replacing(pattern, with: "")
                #expect(
                    String(Canvas.removing(Array(pattern), from: s)) == expected, "\(String(s)) − \(pattern)")
                checked += 1
            }
        }
        #expect(checked == 3 * 55_987)
        #expect(Canvas.removing([], from: Array("ab")) == Array("ab"))
    }

    /// Titles that lose characters: brackets left empty go, white space at both ends goes,
    /// and a title with nothing left is kept as it is.
    @Test func titlesLosingCharacters() throws {
        let canvas = try Canvas(surface: try ImageSurface(width: 1, height: 1))
        // U+E000 is in the Private Use Area: no font maps it.
        #expect(canvas.displayable("Orbit [\u{E000}] ring", size: 13) == "Orbit  ring")
        #expect(canvas.displayable("  Balls ( \u{E000})  ", size: 13) == "Balls")
        #expect(canvas.displayable("(()\u{E000})", size: 13) == "()")
        #expect(canvas.displayable("\u{E000}\u{E000}", size: 13) == "\u{E000}\u{E000}")
        #expect(canvas.displayable("直聘 (\u{E000})", size: 13) == "直聘")
    }
}
