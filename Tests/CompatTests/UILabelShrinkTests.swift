import Foundation
import LayerKit
import LayerKitCairo
import Testing
@_spi(LoaderLabHost) import UIKit

/// `UILabel.adjustsFontSizeToFitWidth` with `minimumScaleFactor`, and `NSParagraphStyle`'s
/// alignment in labels and string drawing.
@Suite(.serialized) struct UILabelShrinkTests {
    init() { installRenderedText() }

    /// The size the label's text layer draws at.
    func drawnSize(_ label: UILabel) throws -> CGFloat {
        let clip = try #require(label.layer.sublayers?.first)
        let text = try #require(clip.sublayers?.first as? CATextLayer)
        return text.fontSize
    }

    /// The engine's own width of `string` in one line at `size` points of the system font.
    func width(_ string: String, at size: Double) throws -> Double {
        var text = TextProperties()
        text.string = string
        text.font = ".SFUI-Regular"
        text.fontSize = size
        let layout = try #require(RenderedText.layout(text, in: Size(width: .infinity, height: .infinity)))
        return layout.lines.first?.runs.map(\.width).reduce(0, +) ?? 0
    }

    @Test func aSingleLineShrinksToTheWidthButNotBelowTheFactor() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 30))
        label.font = .systemFont(ofSize: 20)
        label.text = "Connecting"
        let full = try width("Connecting", at: 20)
        #expect(full > 70, "the text must not fit at 20 points: \(full)")
        // Without shrinking, or with a factor of 0 (the default), it is drawn at its size.
        let unshrunk = try drawnSize(label)
        #expect(unshrunk == 20)
        label.adjustsFontSizeToFitWidth = true
        let factorZero = try drawnSize(label)
        #expect(label.minimumScaleFactor == 0 && factorZero == 20)
        // Width grows with size: the size that fits 60 points is about 20 · 60 / full.
        label.minimumScaleFactor = 0.1
        let shrunk = try drawnSize(label)
        #expect(abs(Double(shrunk) - 20 * 60 / full) < 0.5, "\(shrunk) vs \(20 * 60 / full)")
        let shrunkWidth = try width("Connecting", at: Double(shrunk))
        #expect(shrunkWidth <= 60)
        // Not below the factor.
        label.minimumScaleFactor = 0.9
        let floor = try drawnSize(label)
        #expect(near(floor, 18, 1e-9))
        // Text that fits keeps its size.
        label.text = "OK"
        let fitting = try drawnSize(label)
        #expect(fitting == 20)
    }

    @Test func severalLinesShrinkUntilTheyFitTheHeight() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.font = .systemFont(ofSize: 20)
        label.numberOfLines = 0
        label.text = "one two three four five six seven"
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.2
        let size = Double(try drawnSize(label))
        // Too wide for one line at any size near it, it takes two lines, which fit the 30 points
        // once a line is 15 points high: DejaVu's line is (1901 + 483) / 2048 of the size.
        let twoLines = 30 / (2 * (1901.0 + 483) / 2048)
        #expect(abs(size - twoLines) < 0.05, "\(size) vs \(twoLines)")
        let line = try width("one two three four five six seven", at: size)
        #expect(line > 200 && line < 380, "\(line)")
    }

    @Test func paragraphStylesKeepTheirValuesAndCopy() {
        let style = NSMutableParagraphStyle()
        #expect(
            style.alignment == .natural && style.lineBreakMode == .byWordWrapping && style.lineSpacing == 0)
        style.alignment = .center
        style.lineHeightMultiple = 1.2
        let copy = style.copy() as? NSParagraphStyle
        #expect(
            copy?.alignment == .center && copy?.lineHeightMultiple == 1.2
                && !(copy is NSMutableParagraphStyle))
        let mutable = NSParagraphStyle.default.mutableCopy() as? NSMutableParagraphStyle
        #expect(mutable?.alignment == .natural)
        #expect(NSAttributedString.Key.paragraphStyle.rawValue == "NSParagraphStyle")
    }

    @Test func anAttributedParagraphStyleAlignsTheLabel() {
        let style = NSMutableParagraphStyle()
        style.alignment = .right
        let label = UILabel()
        label.attributedText = NSAttributedString(string: "Loading", attributes: [.paragraphStyle: style])
        #expect(label.textAlignment == .right && label.text == "Loading")
    }

    @Test func drawnStringsFollowTheParagraphAlignment() throws {
        func inkColumns(_ alignment: NSTextAlignment) -> ClosedRange<Int>? {
            let style = NSMutableParagraphStyle()
            style.alignment = alignment
            let image = render(CGSize(width: 200, height: 30)) { _ in
                ("Wait" as NSString).draw(
                    in: CGRect(x: 0, y: 0, width: 200, height: 30),
                    withAttributes: [.font: UIFont.systemFont(ofSize: 20), .paragraphStyle: style])
            }
            let pixels = ImagePixels(image)
            let inked = (0..<200).filter { x in (0..<30).contains { pixels.alpha(x, $0) > 128 } }
            guard let first = inked.first, let last = inked.last else { return nil }
            return first...last
        }
        let left = try #require(inkColumns(.left))
        let center = try #require(inkColumns(.center))
        let right = try #require(inkColumns(.right))
        #expect(left.lowerBound < 5, "\(left)")
        #expect(right.upperBound > 194, "\(right)")
        // Centred: the ink's middle is at the rectangle's, give or take the side bearings.
        #expect(abs((center.lowerBound + center.upperBound) / 2 - 100) <= 3, "\(center)")
    }
}
