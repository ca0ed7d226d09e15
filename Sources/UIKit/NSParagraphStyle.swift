import Foundation

extension NSAttributedString.Key {
    /// An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// `NSParagraphStyle`: how a paragraph of text is laid out (Foundation on Linux has none).
///
/// What is drawn here follows its `alignment` (string drawing, `NSString+Drawing.swift`, and a
/// label's `attributedText`); the other values — line and paragraph spacing, indents, line
/// heights, `lineHeightMultiple`, `hyphenationFactor` — are kept as set, with iOS's defaults
/// (0; `lineBreakMode` `.byWordWrapping`, `alignment` `.natural`), and change nothing drawn.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    var alignmentValue = NSTextAlignment.natural
    var lineBreakModeValue = NSLineBreakMode.byWordWrapping
    var lineSpacingValue: CGFloat = 0
    var paragraphSpacingValue: CGFloat = 0
    var paragraphSpacingBeforeValue: CGFloat = 0
    var headIndentValue: CGFloat = 0
    var tailIndentValue: CGFloat = 0
    var firstLineHeadIndentValue: CGFloat = 0
    var minimumLineHeightValue: CGFloat = 0
    var maximumLineHeightValue: CGFloat = 0
    var lineHeightMultipleValue: CGFloat = 0
    var hyphenationFactorValue: Float = 0

    /// The default style (every value its default).
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    public override init() {
        super.init()
    }

    /// Where lines sit between the margins (`.natural`: left here).
    open var alignment: NSTextAlignment { alignmentValue }
    open var lineBreakMode: NSLineBreakMode { lineBreakModeValue }
    open var lineSpacing: CGFloat { lineSpacingValue }
    open var paragraphSpacing: CGFloat { paragraphSpacingValue }
    open var paragraphSpacingBefore: CGFloat { paragraphSpacingBeforeValue }
    open var headIndent: CGFloat { headIndentValue }
    open var tailIndent: CGFloat { tailIndentValue }
    open var firstLineHeadIndent: CGFloat { firstLineHeadIndentValue }
    open var minimumLineHeight: CGFloat { minimumLineHeightValue }
    open var maximumLineHeight: CGFloat { maximumLineHeightValue }
    open var lineHeightMultiple: CGFloat { lineHeightMultipleValue }
    open var hyphenationFactor: Float { hyphenationFactorValue }

    /// An `NSParagraphStyle` with the same values.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.setValues(from: self)
        return copy
    }

    /// An `NSMutableParagraphStyle` with the same values.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.setValues(from: self)
        return copy
    }

    /// Takes every value of `other`.
    open func setParagraphStyle(from other: NSParagraphStyle) {
        setValues(from: other)
    }

    func setValues(from other: NSParagraphStyle) {
        alignmentValue = other.alignmentValue
        lineBreakModeValue = other.lineBreakModeValue
        lineSpacingValue = other.lineSpacingValue
        paragraphSpacingValue = other.paragraphSpacingValue
        paragraphSpacingBeforeValue = other.paragraphSpacingBeforeValue
        headIndentValue = other.headIndentValue
        tailIndentValue = other.tailIndentValue
        firstLineHeadIndentValue = other.firstLineHeadIndentValue
        minimumLineHeightValue = other.minimumLineHeightValue
        maximumLineHeightValue = other.maximumLineHeightValue
        lineHeightMultipleValue = other.lineHeightMultipleValue
        hyphenationFactorValue = other.hyphenationFactorValue
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return alignmentValue == other.alignmentValue && lineBreakModeValue == other.lineBreakModeValue
            && lineSpacingValue == other.lineSpacingValue
            && paragraphSpacingValue == other.paragraphSpacingValue
            && paragraphSpacingBeforeValue == other.paragraphSpacingBeforeValue
            && headIndentValue == other.headIndentValue && tailIndentValue == other.tailIndentValue
            && firstLineHeadIndentValue == other.firstLineHeadIndentValue
            && minimumLineHeightValue == other.minimumLineHeightValue
            && maximumLineHeightValue == other.maximumLineHeightValue
            && lineHeightMultipleValue == other.lineHeightMultipleValue
            && hyphenationFactorValue == other.hyphenationFactorValue
    }

    open override var hash: Int { alignmentValue.rawValue &* 31 &+ lineBreakModeValue.rawValue }
}

/// `NSMutableParagraphStyle`: an `NSParagraphStyle` whose values are set
/// (`style.alignment = .center`); see `NSParagraphStyle` for what is drawn.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment {
        get { alignmentValue }
        set { alignmentValue = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { lineBreakModeValue }
        set { lineBreakModeValue = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { lineSpacingValue }
        set { lineSpacingValue = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { paragraphSpacingValue }
        set { paragraphSpacingValue = newValue }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { paragraphSpacingBeforeValue }
        set { paragraphSpacingBeforeValue = newValue }
    }
    open override var headIndent: CGFloat {
        get { headIndentValue }
        set { headIndentValue = newValue }
    }
    open override var tailIndent: CGFloat {
        get { tailIndentValue }
        set { tailIndentValue = newValue }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { firstLineHeadIndentValue }
        set { firstLineHeadIndentValue = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { minimumLineHeightValue }
        set { minimumLineHeightValue = newValue }
    }
    open override var maximumLineHeight: CGFloat {
        get { maximumLineHeightValue }
        set { maximumLineHeightValue = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { lineHeightMultipleValue }
        set { lineHeightMultipleValue = newValue }
    }
    open override var hyphenationFactor: Float {
        get { hyphenationFactorValue }
        set { hyphenationFactorValue = newValue }
    }
}
