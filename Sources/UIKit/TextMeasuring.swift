import Foundation
import LayerKit

/// How UIKit measures text: with the renderer's own measure, so that a label sized to its text
/// (`sizeToFit`) is exactly as wide as what its text layer draws.
///
/// UIKit is pure Swift and cannot reach the renderer's fonts itself; the host (`loaderlab
/// preview`, and the tests) installs `TextMeasuring.installed` from LayerKitCairo's
/// `RenderedText` before any preview code runs. Without it text is estimated from DejaVu Sans's
/// proportions (ascent 0.928 em, descent 0.236 em, 0.6 em a character), which only code run
/// outside a host sees.
@_spi(LoaderLabHost) public struct TextMeasuring {
    public typealias Layout =
        (TextProperties, Size) -> (lines: [TextLayout.Line], metrics: TextLayout.Metrics)?
    public typealias Face = (String) -> (family: String, isBold: Bool, isItalic: Bool)

    /// Lays `text` out in a box of a size, as drawn (`RenderedText.layout`).
    public var layout: Layout
    /// The face a font name is drawn with (`RenderedText.face(forFontName:)`).
    public var face: Face

    public init(layout: @escaping Layout, face: @escaping Face) {
        self.layout = layout
        self.face = face
    }

    /// The measure the host installed.
    nonisolated(unsafe) public static var installed: TextMeasuring?

    /// `text` laid out in `size` by the installed measure, or estimated without one.
    static func layout(_ text: TextProperties, in size: Size) -> (
        lines: [TextLayout.Line], metrics: TextLayout.Metrics
    )? {
        if let installed { return installed.layout(text, size) }
        guard let string = text.string, !string.isEmpty, text.fontSize.isFinite, text.fontSize > 0 else {
            return nil
        }
        let em = text.fontSize
        let metrics = TextLayout.Metrics(ascent: 0.928 * em, descent: 0.236 * em, lineHeight: 1.164 * em)
        let lines = TextLayout.lines(text, in: size, metrics: metrics) { Double($0.count) * 0.6 * em }
        return (lines, metrics)
    }

    /// The metrics of the font `name` at `size` points (a font size that is not a positive
    /// finite number has none: zeros).
    static func metrics(font name: String, size: Double) -> TextLayout.Metrics {
        var text = TextProperties()
        text.string = "x"
        text.font = name
        text.fontSize = size
        return layout(text, in: Size(width: .infinity, height: .infinity))?.metrics
            ?? TextLayout.Metrics(ascent: 0, descent: 0, lineHeight: 0)
    }
}
