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
/// 36 points in opaque white, natural alignment, no truncation, not wrapped. Each property's
/// comment gives its default and whether it is animatable as `TextTable` declares it (see
/// `LayerProperties` for what "implicitly on a standalone layer" means).
public struct TextProperties: Hashable, Sendable {
    /// The text; nil (or empty) draws nothing.
    ///
    /// Defaults to nil. Not animatable.
    public var string: String? = nil
    /// A font name as iOS spells it: a family and an optional style after a hyphen
    /// (`"Helvetica"`, `"Helvetica-Bold"`, `"Menlo-Italic"`); drawn with the nearest system font.
    ///
    /// Defaults to "Helvetica". Not animatable.
    public var font: String = "Helvetica"
    /// In points; it sets the size whatever the font name says, as `CATextLayer` does.
    ///
    /// Defaults to 36. Animatable. A change animates implicitly on a standalone layer.
    public var fontSize: Double = 36
    /// The text's colour; nil draws nothing, and animates as clear.
    ///
    /// Defaults to opaque white. Animatable. A change animates implicitly on a standalone layer.
    public var foregroundColor: Color? = .white
    /// Where each line sits across the bounds.
    ///
    /// Defaults to `.natural` (left, for the text this engine lays out). Not animatable.
    public var alignmentMode: TextAlignment = .natural
    /// What gives way when the text does not fit the bounds.
    ///
    /// Defaults to `.none` (the text runs past the bounds). Not animatable.
    public var truncationMode: TruncationMode = .none
    /// `isWrapped` (`CATextLayer.isWrapped`): lines break at spaces to fit the bounds' width.
    ///
    /// Defaults to false. Not animatable.
    public var isWrapped: Bool = false

    public init() {}
}
