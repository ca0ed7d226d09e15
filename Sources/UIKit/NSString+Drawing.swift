import Foundation
import LayerKit
import QuartzCore

/// Drawing strings into the current context (`NSString`/`String`
/// `draw(at:withAttributes:)`, `draw(in:withAttributes:)`) and measuring them
/// (`size(withAttributes:)`), with the attributes `.font` and `.foregroundColor`.
///
/// Text is laid out and drawn as text layers are (`TextLayout`, Cairo's faces for the font's
/// name): without attributes, Helvetica at 12 points in black, as UIKit draws it. `draw(at:)`
/// puts the first line's top at the point and does not wrap; `draw(in:)` wraps at spaces to
/// the rectangle's width and clips to the rectangle. Other attributes are ignored.
enum StringDrawing {
    static let defaultFontName = "Helvetica"
    static let defaultFontSize = 12.0

    /// The text's properties for `string` with `attributes`.
    static func properties(_ string: String, _ attributes: [NSAttributedString.Key: Any]?) -> TextProperties {
        var text = TextProperties()
        text.string = string
        let font = attributes?[.font].flatMap(fontDescription)
        text.font = font?.name ?? defaultFontName
        text.fontSize = font?.size ?? defaultFontSize
        switch attributes?[.foregroundColor] {
        case let color as UIColor: text.foregroundColor = color.engine
        case let color as CGColor: text.foregroundColor = color.engine
        default: text.foregroundColor = .black
        }
        text.alignmentMode = .natural
        return text
    }

    /// A font's name and size in points, read from its `fontName` (or the name it is drawn
    /// with) and `pointSize` properties: any font object that has them (`UIFont`).
    static func fontDescription(_ font: Any) -> (name: String, size: Double)? {
        var name: String?
        var drawnName: String?
        var size: Double?
        var mirror: Mirror? = Mirror(reflecting: font)
        while let m = mirror {
            for child in m.children {
                switch (child.label, child.value) {
                case ("fontName", let v as String): name = v
                case ("drawnName", let v as String): drawnName = v
                case ("pointSize", let v as CGFloat): size = Double(v)
                case ("pointSize", let v as Double): size = v
                default: break
                }
            }
            mirror = m.superclassMirror
        }
        guard let size, let font = drawnName ?? name else { return nil }
        return (font, size)
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

    /// The size the string takes unwrapped: the widest line by the lines' height, measured by
    /// the registered drawing backend (an estimate of 0.6 em a character without one).
    static func size(_ string: String, _ attributes: [NSAttributedString.Key: Any]?) -> CGSize {
        let text = properties(string, attributes)
        if let backend = Drawing.backend { return CGSize(backend.size(of: text)) }
        let lines = string.split(separator: "\n", omittingEmptySubsequences: false)
        let widest = lines.map(\.count).max() ?? 0
        return CGSize(
            width: CGFloat(Double(widest) * 0.6 * text.fontSize),
            height: CGFloat(Double(lines.count) * 1.2 * text.fontSize))
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
