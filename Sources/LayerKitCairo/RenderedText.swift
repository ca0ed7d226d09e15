import LayerKit

/// Text laid out exactly as the renderer draws it, for code outside this module that sizes
/// things to text (UIKit's `UILabel.sizeThatFits`, `UIFont.lineHeight`): the same
/// `TextMeasurer` and font selection that `drawText` uses.
public enum RenderedText {
    /// `text`'s lines in a box of `size` and its font's metrics, as drawn; nil when it draws
    /// nothing (no string, an empty one, or a font size that is not a positive finite number).
    /// An infinite width wraps and truncates nothing.
    public static func layout(_ text: TextProperties, in size: Size) -> (
        lines: [TextLayout.Line], metrics: TextLayout.Metrics
    )? {
        TextMeasurer.shared.layout(text, in: size)
    }

    /// The face a font name is drawn with, as `FontFace` asks fontconfig for it: the family
    /// (Apple's families replaced by the generic one that stands for them), bold and italic.
    public static func face(forFontName name: String) -> (family: String, isBold: Bool, isItalic: Bool) {
        let face = FontFace(name: name, text: "")
        return (face.family, face.isBold, face.isItalic)
    }
}
