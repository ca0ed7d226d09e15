/// `CATextLayer.alignmentMode`: where each line sits across the bounds.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// The script's own direction: left for the left-to-right text this engine lays out.
    case natural
    case left
    case right
    case center
    /// Both edges: every line but a paragraph's last is spread to the full width at its spaces.
    case justified
}

/// `CATextLayer.truncationMode`: what gives way when text does not fit.
public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
    /// Nothing: text runs past the bounds (clipped only by `masksToBounds`).
    case none
    /// "…" replaces the beginning.
    case start
    /// "…" replaces the end.
    case end
    /// "…" replaces the middle.
    case middle
}

/// What a `TextLayer` adds to a layer. Defaults are `CATextLayer`'s: no string, Helvetica at
/// 36 points in opaque white, natural alignment, no truncation, not wrapped.
public struct TextProperties: Hashable, Sendable {
    /// The text; nil (or empty) draws nothing.
    public var string: String? = nil
    /// A font name as iOS spells it: a family and an optional style after a hyphen
    /// (`"Helvetica"`, `"Helvetica-Bold"`, `"Menlo-Italic"`); drawn with the nearest system font.
    public var font: String = "Helvetica"
    /// In points; it sets the size whatever the font name says, as `CATextLayer` does.
    public var fontSize: Double = 36
    /// Nil draws nothing.
    public var foregroundColor: Color? = .white
    public var alignmentMode: TextAlignment = .natural
    public var truncationMode: TruncationMode = .none
    /// `isWrapped` (`CATextLayer.isWrapped`): lines break at spaces to fit the bounds' width.
    public var isWrapped: Bool = false

    public init() {}
}
