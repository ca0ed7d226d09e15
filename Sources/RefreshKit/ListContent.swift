import LayerKit

/// The list under a refresh header: rows of text-free placeholder bars with deterministic
/// widths, laid out in content coordinates (y = 0 is the content's top).
///
/// A renderer asks for the rows in `scrollView.visibleContentRect` and draws each bar at
/// `scrollView.viewportRect(fromContent:)`, so the list scrolls with the offset.
///
/// Each row is `rowHeight` tall and holds, left to right: a square `leading` block (an avatar
/// placeholder), a `primary` bar (a title line) and below it a shorter `secondary` bar; a
/// hairline `separator` runs along the row's bottom from the bars' left edge. Bar widths come
/// from `SplitMix64` seeded with `seed` and the row index, so a row looks the same every time.
public struct ListContent: Hashable, Sendable {
    /// What a bar stands for, so a renderer can colour it.
    public enum Role: String, Hashable, Sendable {
        case leading, primary, secondary, separator
    }

    public struct Bar: Hashable, Sendable {
        public let role: Role
        /// In content coordinates.
        public let rect: Rect
    }

    public struct Row: Hashable, Sendable {
        public let index: Int
        /// The row's frame in content coordinates.
        public let frame: Rect
        /// `leading`, `primary`, `secondary`, `separator`, in that order.
        public let bars: [Bar]
    }

    public let width: Double
    public let rowCount: Int
    public let rowHeight: Double
    public let seed: UInt64

    /// Outer margin of the bars inside a row.
    public static let margin = 16.0

    /// Non-finite or negative widths count as 0, negative counts as 0 rows, heights that are not
    /// finite and positive as 60.
    public init(width: Double, rowCount: Int = 30, rowHeight: Double = 60, seed: UInt64 = 0x5EED) {
        self.width = width.isFinite ? max(width, 0) : 0
        self.rowCount = max(rowCount, 0)
        self.rowHeight = rowHeight.isFinite && rowHeight > 0 ? rowHeight : 60
        self.seed = seed
    }

    /// The size to give the scroll view: `width × rowCount·rowHeight`.
    public var contentSize: Size { Size(width: width, height: Double(rowCount) * rowHeight) }

    /// The row at `index`, or nil outside `0..<rowCount`.
    public func row(at index: Int) -> Row? {
        guard index >= 0, index < rowCount else { return nil }
        let m = Self.margin
        let top = Double(index) * rowHeight
        let frame = Rect(x: 0, y: top, width: width, height: rowHeight)
        var rng = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        let side = max(rowHeight - 2 * 12, 0)
        let leading = Rect(x: m, y: top + (rowHeight - side) / 2, width: side, height: side)
        let textX = leading.maxX + (side > 0 ? 12 : 0)
        let available = max(width - textX - m, 0)
        let primaryHeight = min(10, rowHeight / 4)
        let secondaryHeight = min(8, rowHeight / 5)
        let gap = min(8, rowHeight / 6)
        let block = primaryHeight + gap + secondaryHeight
        let primaryY = top + (rowHeight - block) / 2
        // Title bars span 45–85 % of the room, subtitles 25–65 %: varied, never empty.
        let primary = Rect(
            x: textX, y: primaryY, width: available * (0.45 + 0.40 * rng.nextUnit()), height: primaryHeight)
        let secondary = Rect(
            x: textX, y: primaryY + primaryHeight + gap,
            width: available * (0.25 + 0.40 * rng.nextUnit()), height: secondaryHeight)
        let separator = Rect(x: textX, y: top + rowHeight - 0.5, width: max(width - textX, 0), height: 0.5)
        return Row(
            index: index, frame: frame,
            bars: [
                Bar(role: .leading, rect: leading), Bar(role: .primary, rect: primary),
                Bar(role: .secondary, rect: secondary), Bar(role: .separator, rect: separator),
            ])
    }

    /// The rows whose frames overlap `rect` (content coordinates), top to bottom.
    /// A non-finite or empty-height rect gives none.
    public func rows(intersecting rect: Rect) -> [Row] {
        guard rect.isFinite, !rect.isNull, rect.height > 0, rowCount > 0 else { return [] }
        let total = Double(rowCount) * rowHeight
        // Clamped before converting to Int so huge rects cannot overflow.
        let first = Int((min(max(rect.minY, 0), total) / rowHeight).rounded(.down))
        let lastY = min(rect.maxY, total)
        guard lastY > 0, first < rowCount else { return [] }
        let last = min(Int((lastY / rowHeight).rounded(.up)) - 1, rowCount - 1)
        guard last >= first else { return [] }
        return (first...last).compactMap { row(at: $0) }
    }
}
