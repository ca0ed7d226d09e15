import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore

/// `NSTextAlignment`, with iOS's raw values.
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    /// The script's own direction: left, for the left-to-right text drawn here.
    case natural = 4

    var engine: TextAlignment {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }
}

/// `NSLineBreakMode`, with iOS's raw values.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5

    /// Where the text layer puts its "…" (none: cut off at the edge).
    var truncation: TruncationMode {
        switch self {
        case .byTruncatingHead: .start
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .end
        case .byWordWrapping, .byCharWrapping, .byClipping: .none
        }
    }
}

extension NSAttributedString.Key {
    /// A `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

/// `UILabel`: text in a view, drawn by a `CATextLayer` (the engine's `TextLayer`) inside it.
///
/// The text block — as many lines as the text needs, at most `numberOfLines` (0: no limit) and
/// at most as many as fit the bounds' height (at least one) — is centred vertically in the
/// bounds and spans their width, where `textAlignment` places each line; the text is clipped to
/// the bounds, as a label's drawing is on iOS. Lines break at spaces (a word wider than the
/// label between characters) unless `numberOfLines` is 1. `lineBreakMode` says what shows when
/// text does not fit: `.byTruncatingTail` (the default), `…Head` and `…Middle` cut it with "…"
/// (the last line shown, when lines are left over); `.byClipping`, `.byWordWrapping` and
/// `.byCharWrapping` cut it off at the edge (the last two break lines as the others do: at
/// spaces).
///
/// **Sizing.** `sizeThatFits(_:)` measures the text with the renderer's own measure
/// (`TextMeasuring`), the one the text layer is laid out with: one line's natural width for a
/// single-line label (whatever size it is given), or the lines it breaks into at the given
/// width otherwise (a width of 0 or less: no limit), at most `numberOfLines`; the height is the
/// lines times `font.lineHeight`. Both are rounded up to the screen's pixels. A label with no
/// text fits `.zero`. `intrinsicContentSize` is that size at `preferredMaxLayoutWidth`
/// (unlimited when 0); `sizeToFit()` resizes to it (UIView's).
///
/// **Animation.** As on iOS, the text, font and colour change at once, also inside
/// `UIView.animate` blocks; `UIView.transition(with: label, …, options:
/// .transitionCrossDissolve)` cross-fades the old text into the new.
///
/// **Shrinking.** With `adjustsFontSizeToFitWidth` and a `minimumScaleFactor` above 0 (UILabel+Shrink.swift),
/// text that does not fit is drawn smaller, as UIKit draws it: the largest size, down to the
/// font's size times the factor, at which one line fits the width (a single-line label) or
/// the wrapped lines fit the width, `numberOfLines` and the bounds' height; at the factor if
/// none does. A factor of 0 (the default) does not shrink, as Apple documents.
///
/// Attributed text has one style here: `attributedText` takes its string, and the `.font`,
/// `.foregroundColor` and the `.paragraphStyle`'s `alignment` (the label's `textAlignment`
/// from then on, as on iOS) at its start. Absent: shadows, highlighting, `isEnabled`,
/// baseline adjustment.
open class UILabel: UIView {
    /// Clips the text to the bounds.
    private let clip = CALayer()
    /// Draws the text.
    private let textLayer = CATextLayer()
    private var fontStorage = UIFont.systemFont(ofSize: 17)
    private var colorStorage = UIColor.label

    open var text: String? {
        didSet {
            if text != oldValue { textDidChange() }
        }
    }

    /// The font (the system font at 17 points by default; nil restores it).
    open var font: UIFont! {
        get { fontStorage }
        set {
            fontStorage = newValue ?? .systemFont(ofSize: 17)
            textDidChange()
        }
    }

    /// The colour of the text (the label colour, black, by default; nil restores it).
    open var textColor: UIColor! {
        get { colorStorage }
        set {
            colorStorage = newValue ?? .label
            updateTextLayer()
        }
    }

    open var textAlignment: NSTextAlignment = .natural {
        didSet { updateTextLayer() }
    }

    /// The most lines shown; 0 for no limit.
    open var numberOfLines: Int = 1 {
        didSet { textDidChange() }
    }

    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet { textDidChange() }
    }

    /// Whether text that does not fit is drawn smaller, down to `minimumScaleFactor` (false by
    /// default; UILabel+Shrink.swift).
    open var adjustsFontSizeToFitWidth = false {
        didSet { textDidChange() }
    }

    /// The smallest multiple of the font's size shrinking may reach (0 by default: no
    /// shrinking).
    open var minimumScaleFactor: CGFloat = 0 {
        didSet { textDidChange() }
    }

    /// The width `intrinsicContentSize` breaks a multi-line label's lines at (0: no limit).
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// The text with one style: the label's font and colour.
    open var attributedText: NSAttributedString? {
        get {
            text.map {
                NSAttributedString(
                    string: $0, attributes: [.font: fontStorage, .foregroundColor: colorStorage])
            }
        }
        set {
            guard let newValue else {
                text = nil
                return
            }
            if newValue.length > 0 {
                let attributes = newValue.attributes(at: 0, effectiveRange: nil)
                if let font = attributes[.font] as? UIFont { fontStorage = font }
                if let color = attributes[.foregroundColor] as? UIColor { colorStorage = color }
                if let style = attributes[.paragraphStyle] as? NSParagraphStyle {
                    textAlignment = style.alignment
                }
            }
            text = newValue.string
            textDidChange()
        }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        clip.masksToBounds = true
        clip.addSublayer(textLayer)
        layer.addSublayer(clip)
        updateTextLayer()
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Sizing

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let wraps = numberOfLines != 1
        let width = wraps && size.width > 0 ? Double(size.width) : .infinity
        guard let layout = measure(width: width, wrapped: wraps, truncation: .none) else { return .zero }
        var count = layout.lines.count
        if numberOfLines > 0 { count = min(count, numberOfLines) }
        let widest = layout.lines.prefix(count).map { $0.runs.map(\.width).reduce(0, +) }.max() ?? 0
        return CGSize(
            width: roundedUp(widest), height: roundedUp(Double(count) * layout.metrics.lineHeight))
    }

    open override var intrinsicContentSize: CGSize {
        let width = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : 0
        return sizeThatFits(CGSize(width: width, height: 0))
    }

    override func boundsSizeDidChange(from oldSize: CGSize) {
        updateTextLayer()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateTextLayer()
    }

    // MARK: Drawing

    private func textDidChange() {
        updateTextLayer()
        invalidateIntrinsicContentSize()
    }

    /// The label's text as the text layer draws it, in a box `width` wide, at `fontSize` (nil:
    /// the font's).
    func measure(width: Double, wrapped: Bool, truncation: TruncationMode, fontSize: Double? = nil) -> (
        lines: [TextLayout.Line], metrics: TextLayout.Metrics
    )? {
        var properties = TextProperties()
        properties.string = text
        properties.font = fontStorage.drawnName
        properties.fontSize = fontSize ?? Double(fontStorage.pointSize)
        properties.isWrapped = wrapped
        properties.truncationMode = truncation
        return TextMeasuring.layout(properties, in: Size(width: width, height: .infinity))
    }

    /// `value` rounded up to the screen's pixels.
    private func roundedUp(_ value: Double) -> CGFloat {
        let scale = Double(UIScreen.main.scale)
        return CGFloat((value * scale - 1e-9).rounded(.up) / scale)
    }

    /// Sets the text layer up for the label's text and places the text block in the bounds.
    private func updateTextLayer() {
        let size = bounds.size
        let wraps = numberOfLines != 1
        let truncation = lineBreakMode.truncation
        var lines = 0
        var lineHeight = 0.0
        let fontSize = drawnFontSize(in: size)
        if let layout = measure(
            width: Double(size.width), wrapped: wraps, truncation: .none, fontSize: fontSize)
        {
            lineHeight = layout.metrics.lineHeight
            lines = layout.lines.count
            if numberOfLines > 0 { lines = min(lines, numberOfLines) }
            if lineHeight > 0 {
                lines = min(lines, max(1, Int((Double(size.height) / lineHeight + 1e-9).rounded(.down))))
            }
        }
        let height = CGFloat(Double(lines) * lineHeight)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        clip.frame = CGRect(origin: .zero, size: size)
        textLayer.string = text
        textLayer.font = fontStorage.drawnName as NSString
        textLayer.fontSize = CGFloat(fontSize)
        textLayer.foregroundColor = colorStorage.cgColor
        textLayer.alignmentMode = CATextLayerAlignmentMode(rawValue: textAlignment.engine.rawValue)
        textLayer.truncationMode = CATextLayerTruncationMode(rawValue: truncation.rawValue)
        textLayer.isWrapped = wraps
        // Lines left over without a "…" are cut off below the last one shown.
        textLayer.masksToBounds = wraps && truncation == .none
        textLayer.frame = CGRect(x: 0, y: (size.height - height) / 2, width: size.width, height: height)
        CATransaction.commit()
    }
}
