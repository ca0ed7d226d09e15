import Foundation
import LayerKit

/// The font size a label draws at when it shrinks its text to fit (`adjustsFontSizeToFitWidth`
/// with `minimumScaleFactor`), as UIKit does: the largest size, down to the factor, at which
/// the text fits the bounds.
extension UILabel {
    /// The size the text is drawn at in a label of `size`: the font's, unless it shrinks.
    func drawnFontSize(in size: CGSize) -> Double {
        let full = Double(font.pointSize)
        let factor = Double(minimumScaleFactor)
        guard adjustsFontSizeToFitWidth, factor > 0, factor < 1, let text, !text.isEmpty, size.width > 0
        else { return full }
        if fits(at: full, in: size) { return full }
        let smallest = full * factor
        guard fits(at: smallest, in: size) else { return smallest }
        // The largest size that fits, to a hundredth of a point.
        var low = smallest
        var high = full
        while high - low > 0.01 {
            let middle = (low + high) / 2
            if fits(at: middle, in: size) { low = middle } else { high = middle }
        }
        return low
    }

    /// Whether the text at `fontSize` fits a label of `size`: one line in the width (a
    /// single-line label), or lines that each fit the width, no more than `numberOfLines` and
    /// as many as the height holds (at least one).
    private func fits(at fontSize: Double, in size: CGSize) -> Bool {
        let width = Double(size.width)
        if numberOfLines == 1 {
            guard
                let layout = measure(width: .infinity, wrapped: false, truncation: .none, fontSize: fontSize)
            else { return true }
            return widest(layout.lines) <= width + 1e-9
        }
        guard let layout = measure(width: width, wrapped: true, truncation: .none, fontSize: fontSize)
        else { return true }
        let lineHeight = layout.metrics.lineHeight
        var limit = lineHeight > 0 ? max(1, Int((Double(size.height) / lineHeight + 1e-9).rounded(.down))) : 1
        if numberOfLines > 0 { limit = min(limit, numberOfLines) }
        return layout.lines.count <= limit && widest(layout.lines) <= width + 1e-9
    }

    private func widest(_ lines: [TextLayout.Line]) -> Double {
        lines.map { $0.runs.map(\.width).reduce(0, +) }.max() ?? 0
    }
}
