import Foundation
import LayerKit
import QuartzCore

/// Drawing strings into the current context (`NSString`/`String`
/// `draw(at:withAttributes:)`, `draw(in:withAttributes:)`) and measuring them
/// (`size(withAttributes:)`), with the attributes `.font`, `.foregroundColor` and the
/// `.paragraphStyle`'s `alignment` (`NSParagraphStyle`).
///
/// Text is laid out and drawn as text layers and labels are (`TextLayout`, the faces the
/// renderer picks for a `UIFont`'s name): without attributes, Helvetica at 12 points in black,
/// as UIKit draws it. `draw(at:)`
/// puts the first line's top at the point and does not wrap; `draw(in:)` wraps at spaces to
/// the rectangle's width, places each line in it by the paragraph style's alignment (left by
/// default) and clips to the rectangle. Other attributes are ignored.
enum StringDrawing {
    static let defaultFontName = "Helvetica"
    static let defaultFontSize = 12.0

    /// The text's properties for `string` with `attributes`.
    static func properties(_ string: String, _ attributes: [NSAttributedString.Key: Any]?) -> TextProperties {
        var text = TextProperties()
        text.string = string
        let font = attributes?[.font] as? UIFont
        text.font = font?.drawnName ?? defaultFontName
        text.fontSize = font.map { Double($0.pointSize) } ?? defaultFontSize
        switch attributes?[.foregroundColor] {
        case let color as UIColor: text.foregroundColor = color.engine
        case let color as CGColor: text.foregroundColor = color.engine
        default: text.foregroundColor = .black
        }
        text.alignmentMode = (attributes?[.paragraphStyle] as? NSParagraphStyle)?.alignment.engine ?? .natural
        return text
    }

    static func draw(_ string: String, at point: CGPoint, _ attributes: [NSAttributedString.Key: Any]?) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.drawText(properties(string, attributes), in: CGRect(origin: point, size: .zero), clipped: false)
    }

    static func draw(_ string: String, in rect: CGRect, _ attributes: [NSAttributedString.Key: Any]?) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        var text = properties(string, attributes)
        text.isWrapped = true
        ctx.drawText(text, in: rect.standardized, clipped: true)
    }

    /// The size the string takes unwrapped: the widest line by the lines' height, measured as
    /// labels and text layers measure text (`TextMeasuring`).
    static func size(_ string: String, _ attributes: [NSAttributedString.Key: Any]?) -> CGSize {
        let text = properties(string, attributes)
        guard let layout = TextMeasuring.layout(text, in: Size(width: .infinity, height: .infinity)) else {
            return .zero
        }
        let widest = layout.lines.map { line in line.runs.map { $0.x + $0.width }.max() ?? 0 }.max() ?? 0
        return CGSize(width: widest, height: Double(layout.lines.count) * layout.metrics.lineHeight)
    }
}

extension NSString {
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(self as String, at: point, attrs)
    }

    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(self as String, in: rect, attrs)
    }

    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(self as String, attrs)
    }
}

extension String {
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(self, at: point, attrs)
    }

    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(self, in: rect, attrs)
    }

    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(self, attrs)
    }
}
