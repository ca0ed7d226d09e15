import Foundation
import LayerKit
import LayerKitCairo
import SnapshotTesting
import Testing
@_spi(LoaderLabHost) import UIKit

/// `UILabel` and `UIFont`: text measured as drawn, lines, alignment, and the font stand-ins.
@Suite(.serialized) struct UILabelTests {
    init() { installRenderedText() }

    /// DejaVu Sans's vertical metrics, from its font file (hhea): ascender 1901 and descender
    /// 483 font units of 2048 to the em, no line gap.
    static let ascent = 1901.0 / 2048
    static let descent = 483.0 / 2048

    @Test func systemFontMetricsAreTheDrawnFacesOwn() {
        let font = UIFont.systemFont(ofSize: 20)
        #expect(font.fontName == ".SFUI-Regular" && font.pointSize == 20)
        #expect(near(Double(font.ascender), 20 * Self.ascent, 0.01), "\(font.ascender)")
        #expect(near(Double(font.descender), -20 * Self.descent, 0.01), "\(font.descender)")
        #expect(near(Double(font.lineHeight), 20 * (Self.ascent + Self.descent), 0.01), "\(font.lineHeight)")
        // withSize keeps the face and scales the metrics.
        let big = font.withSize(40)
        #expect(big.fontName == font.fontName && big.pointSize == 40)
        #expect(near(big.lineHeight, 2 * font.lineHeight, 0.01))
        #expect(UIFont.systemFont(ofSize: 20) == font && big != font)
    }

    @Test func systemFontWeightsAndStylesHaveIOSNames() {
        #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == ".SFUI-Semibold")
        #expect(UIFont.systemFont(ofSize: 12, weight: .ultraLight).fontName == ".SFUI-Ultralight")
        #expect(UIFont.systemFont(ofSize: 12, weight: .black).fontName == ".SFUI-Black")
        // A weight between two named ones takes the nearer.
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(0.2)).fontName == ".SFUI-Medium")
        #expect(UIFont.boldSystemFont(ofSize: 12).fontName == ".SFUI-Semibold")
        #expect(UIFont.italicSystemFont(ofSize: 12).fontName == ".SFUI-RegularItalic")
        #expect(UIFont.systemFont(ofSize: 9).familyName == ".AppleSystemUIFont")
        #expect(UIFont.preferredFont(forTextStyle: .footnote).pointSize == 13)
        #expect(UIFont.preferredFont(forTextStyle: .headline).fontName == ".SFUI-Semibold")
    }

    @Test func boldTextIsWiderAndHeavierThanRegularAndThinLighter() throws {
        // Bold DejaVu has wider advances than regular: the measure sees the drawn weight.
        let regular = UILabel()
        regular.text = "Loading"
        regular.font = .systemFont(ofSize: 20)
        let bold = UILabel()
        bold.text = "Loading"
        bold.font = .systemFont(ofSize: 20, weight: .bold)
        #expect(bold.intrinsicContentSize.width > regular.intrinsicContentSize.width + 2)
        // And more ink: the sum of darkness over the text.
        func totalInk(_ label: UILabel) throws -> Int {
            label.sizeToFit()
            let surface = try render(stage(showing: label, width: 120, height: 40))
            return (0..<120).reduce(0) { sum, x in sum + (0..<40).reduce(0) { $0 + ink(surface, x, $1) } }
        }
        let boldInk = try totalInk(bold)
        let regularInk = try totalInk(regular)
        #expect(boldInk > regularInk * 5 / 4, "\(boldInk) vs \(regularInk)")
        // Thin draws DejaVu Sans ExtraLight: less ink.
        let thin = UILabel()
        thin.text = "Loading"
        thin.font = .systemFont(ofSize: 20, weight: .thin)
        let thinInk = try totalInk(thin)
        #expect(thinInk < regularInk * 3 / 4, "\(thinInk) vs \(regularInk)")
    }

    /// What UIFont reports about missing fonts while `body` runs.
    private func fontReports(_ body: () -> Void) -> [String] {
        let box = MessageBox()
        UIFont.missingFontReporter = { box.messages.append($0) }
        defer { UIFont.missingFontReporter = nil }
        body()
        return box.messages
    }

    @Test func namedFontsThatAreMissingAreReportedOnce() {
        var first: UIFont?
        let errors = fontReports {
            first = UIFont(name: "Futura-CondensedExtraBold", size: 14)
            _ = UIFont(name: "Futura-CondensedExtraBold", size: 30)
        }
        // iOS would return nil; here a font that draws with a stand-in, said once.
        #expect(first?.fontName == "Futura-CondensedExtraBold" && first?.pointSize == 14)
        #expect(errors.count == 1, "\(errors)")
        let message = errors.first ?? ""
        #expect(message.contains("Futura-CondensedExtraBold"), "\(message)")
        // The style says bold, the family is unknown: fontconfig's sans-serif, DejaVu Sans, bold.
        #expect(message.contains("DejaVu Sans Bold"), "\(message)")
        // Menlo stands for monospace.
        let mono = fontReports { _ = UIFont(name: "Menlo-Regular", size: 12) }
        #expect(mono.count == 1 && mono.first?.contains("DejaVu Sans Mono") == true, "\(mono)")
        // An installed family is drawn as named: no report.
        let installed = fontReports {
            _ = UIFont(name: "DejaVu Sans", size: 12)
            _ = UIFont(name: "DejaVuSerif-Bold", size: 12)
        }
        #expect(installed.isEmpty, "\(installed)")
    }

    @Test func sizeToFitIsTheMeasuredTextRoundedUp() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        label.text = "Loading"
        label.font = .systemFont(ofSize: 20)
        label.sizeToFit()
        // The engine's own measure of the drawn string (as the text layer lays it out).
        var text = TextProperties()
        text.string = "Loading"
        text.font = ".SFUI-Regular"
        text.fontSize = 20
        let measured = try #require(RenderedText.layout(text, in: Size(width: .infinity, height: .infinity)))
        let advance = try #require(measured.lines.first?.runs.first?.width)
        #expect(label.frame.origin == .zero)
        #expect(label.bounds.width == CGFloat(advance.rounded(.up)), "\(label.bounds.width) vs \(advance)")
        #expect(label.bounds.height == CGFloat((20 * (Self.ascent + Self.descent)).rounded(.up)))
        #expect(label.intrinsicContentSize == label.bounds.size)
        // Longer text, wider label.
        let longer = UILabel()
        longer.text = "Loading more"
        longer.font = label.font
        #expect(longer.sizeThatFits(.zero).width > label.bounds.width + 20)
        // The ink of the fitted label starts at its left edge and ends at its right one (the
        // advance of "g" ends a pixel or two past its ink), and never outside it.
        let surface = try render(stage(showing: label, width: 120, height: 40))
        let box = try #require(inkBox(surface))
        let width = Int(label.bounds.width)
        #expect(box.minX >= 0 && box.minX <= 3, "\(box)")
        #expect(box.maxX < width && box.maxX >= width - 4, "\(box) in \(width)")
        #expect(box.maxY < Int(label.bounds.height))
        // No text: nothing to fit.
        #expect(UILabel().sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
    }

    @Test func linesBreakAtSpacesToFitTheWidth() throws {
        let font = UIFont.systemFont(ofSize: 16)
        let word = UILabel()
        word.font = font
        word.text = "wait"
        let one = word.sizeThatFits(.zero).width
        let two = { () -> CGFloat in
            word.text = "wait wait"
            return word.sizeThatFits(.zero).width
        }()
        // A width that holds one word but not two: three words make three lines.
        let label = UILabel()
        label.font = font
        label.text = "wait wait wait"
        label.numberOfLines = 0
        let width = (one + two) / 2
        let fitted = label.sizeThatFits(CGSize(width: width, height: 1000))
        let lineHeight = font.lineHeight
        #expect(fitted.height == (3 * lineHeight).rounded(.up), "\(fitted) line \(lineHeight)")
        #expect(fitted.width <= width && fitted.width >= one)
        // Two lines at most.
        label.numberOfLines = 2
        #expect(
            label.sizeThatFits(CGSize(width: width, height: 1000)).height == (2 * lineHeight).rounded(.up))
        // One line ignores the width: the whole text.
        label.numberOfLines = 1
        #expect(label.sizeThatFits(CGSize(width: width, height: 1000)).width > 2 * width)

        // Drawn: three bands of ink, a line height apart.
        label.numberOfLines = 0
        label.frame = CGRect(x: 0, y: 0, width: width, height: fitted.height)
        let surface = try render(stage(showing: label, width: 100, height: 100))
        let bands = inkBands(surface)
        #expect(bands.count == 3, "\(bands)")
        if bands.count == 3 {
            let step = Double(bands[2].lowerBound - bands[0].lowerBound) / 2
            #expect(abs(step - Double(lineHeight)) <= 1, "\(bands)")
        }
        // Limited to two lines, the second ends in "…" and the text stays two bands.
        label.numberOfLines = 2
        let limited = try render(stage(showing: label, width: 100, height: 100))
        #expect(inkBands(limited).count == 2, "\(inkBands(limited))")
    }

    @Test func alignmentPlacesTheInkLeftCentreOrRight() throws {
        // "H" at 40 points: DejaVu Sans's H has side bearings of 201 units of 2048 (3.9 points
        // at 40) each side, so its ink is the advance less about 4 points on either side.
        func box(_ alignment: NSTextAlignment) throws -> (minX: Int, maxX: Int, minY: Int, maxY: Int) {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            label.text = "H"
            label.font = .systemFont(ofSize: 40)
            label.textAlignment = alignment
            return try #require(inkBox(try render(stage(showing: label, width: 200, height: 100))))
        }
        let left = try box(.left)
        let right = try box(.right)
        let center = try box(.center)
        let natural = try box(.natural)
        #expect(left.minX >= 3 && left.minX <= 5, "\(left)")
        #expect(right.maxX >= 194 && right.maxX <= 196, "\(right)")
        #expect(abs(Double(center.minX + center.maxX) / 2 - 99.5) <= 1, "\(center)")
        #expect(natural.minX == left.minX && natural.maxX == left.maxX)
        // Vertically centred: the line box (line height 46.6) is centred in the 100 points, so
        // the baseline is at (100 − 46.56) / 2 + 37.13 = 63.85; the H stands on it.
        let lineHeight = 40 * (Self.ascent + Self.descent)
        let baseline = (100 - lineHeight) / 2 + 40 * Self.ascent
        #expect(abs(Double(left.maxY) + 1 - baseline) <= 1, "\(left) baseline \(baseline)")
        // Its top is the cap height above (1493 units: 29.2 points).
        #expect(abs(Double(left.minY) - (baseline - 40 * 1493.0 / 2048)) <= 1, "\(left)")
    }

    @Test func tailTruncationKeepsTheTextInsideAndClippingCutsIt() throws {
        func surface(_ mode: NSLineBreakMode) throws -> ImageSurface {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
            label.text = "Downloading everything"
            label.font = .systemFont(ofSize: 17)
            label.lineBreakMode = mode
            return try render(stage(showing: label, width: 120, height: 30))
        }
        let truncated = try #require(inkBox(try surface(.byTruncatingTail)))
        #expect(truncated.maxX < 80 && truncated.maxX > 60, "\(truncated)")
        // Clipped: the ink runs to the label's edge (a glyph cut through) and no further.
        let clipped = try #require(inkBox(try surface(.byClipping)))
        #expect(clipped.maxX == 79, "\(clipped)")
    }

    @Test func textColourAndAttributedText() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        label.text = "■"
        label.font = .systemFont(ofSize: 50)
        label.textAlignment = .center
        label.textColor = .red
        let red = try render(stage(showing: label, width: 60, height: 60))
        let p = try #require(red.pixel(x: 30, y: 30))
        #expect(p.red > 240 && p.green < 15 && p.blue < 15, "\(p)")
        // Attributed text: its string, with the font and colour at its start.
        label.attributedText = NSAttributedString(
            string: "■", attributes: [.foregroundColor: UIColor.blue, .font: UIFont.systemFont(ofSize: 50)])
        #expect(label.text == "■" && label.textColor == .blue)
        let blue = try render(stage(showing: label, width: 60, height: 60))
        let q = try #require(blue.pixel(x: 30, y: 30))
        #expect(q.blue > 240 && q.red < 15, "\(q)")
        #expect(label.attributedText?.string == "■")
    }

    /// A black "■" filling the middle of a 60-point label: its centre pixel's darkness.
    private func squareLabel(on stage: Stage) -> UILabel {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        label.text = "■"
        label.font = .systemFont(ofSize: 50)
        label.textAlignment = .center
        stage.perform { stage.root.addSublayer(label.layer) }
        stage.at(0)
        return label
    }

    @Test func aTransitionCrossFadesTheOldTextIntoTheNew() throws {
        let stage = Stage(width: 60, height: 60)
        let label = squareLabel(on: stage)
        #expect(ink(try render(stage), 30, 30) > 240)
        stage.perform {
            UIView.transition(
                with: label, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                animations: { label.text = nil })
        }
        #expect(label.text == nil)
        // Linear: half-way, half of the black square shows over the white.
        stage.at(0.5)
        let half = ink(try render(stage), 30, 30)
        #expect(abs(half - 128) <= 8, "\(half)")
        stage.at(1.01)
        #expect(ink(try render(stage), 30, 30) < 5)
    }

    @Test func insideAnAnimationBlockTheTextChangesAtOnceAsOnIOS() throws {
        let stage = Stage(width: 60, height: 60)
        let label = squareLabel(on: stage)
        stage.perform {
            UIView.animate(withDuration: 1) {
                label.text = nil
                label.alpha = 0.5
            }
        }
        // The alpha animates (a view property); the text is gone from the first frame.
        stage.at(0.1)
        #expect(ink(try render(stage), 30, 30) < 5)
        let opacity = label.layer.presentation()?.opacity ?? 0
        #expect(opacity > 0.5 && opacity < 1, "\(opacity)")
    }
}
