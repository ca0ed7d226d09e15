import LayerKit
import Loaders

/// Where the gallery puts its tiles, labels and HUD for a window size: a pure function of the
/// size and the loaders' kinds, so it is tested without a window.
///
/// Headers get phone-shaped tiles (a bezel around a screen showing the header above its list);
/// standalone loaders get square cards. The column count (5, 3, 2 or 1) is the one that gives
/// the phones the largest screens. `single` fills the window with one loader. Every frame is
/// finite and non-negative whatever the size (a 1×1 window gets empty tiles).
public struct GalleryLayout: Hashable, Sendable {
    public enum Chrome: Hashable, Sendable { case phone, card, none }

    public struct Tile: Hashable, Sendable {
        /// The tile (phone body or card) in window points.
        public var frame: Rect
        /// The loader's viewport in the tile's own coordinates.
        public var screen: Rect
        /// The title line under the tile, in window points (nil: no title).
        public var label: Rect?
        public var chrome: Chrome

        /// The viewport in window points.
        public var screenInWindow: Rect { screen.offsetBy(dx: frame.origin.x, dy: frame.origin.y) }

        /// Everything the tile draws (tile, focus ring, title), in window points.
        public var region: Rect {
            let ring = frame.insetBy(dx: -GalleryLayout.focusRingOutset, dy: -GalleryLayout.focusRingOutset)
            return label.map { ring.union($0) } ?? ring
        }
    }

    public var size: Size
    public var tiles: [Tile]
    /// The status bar along the bottom.
    public var hud: Rect
    /// The timeline panel docked above the status bar, when open.
    public var timeline: Rect? = nil

    public static let hudHeight = 26.0
    static let margin = 16.0
    static let labelHeight = 20.0
    /// Phone screens are this wide for their height (bezel included), like a phone in portrait.
    static let phoneAspect = 0.5
    static let phoneBezel = (side: 6.0, top: 16.0, bottom: 16.0)
    static let focusRingOutset = 3.0

    /// The timeline panel's rectangle for a panel `height` points tall (at most what the status
    /// bar leaves), or nil for none; and the height the tiles keep above it.
    private static func timeline(height: Double, size s: Size, hud: Double) -> (Rect?, Double) {
        let panel = Swift.min(nonNegative(height), s.height - hud)
        guard panel > 0 else { return (nil, s.height - hud) }
        let top = s.height - hud - panel
        return (Rect(x: 0, y: top, width: s.width, height: panel), top)
    }

    /// One loader filling the window above the HUD (and the timeline panel, `timelineHeight`
    /// points tall, when open).
    public static func single(size: Size, timelineHeight: Double = 0) -> GalleryLayout {
        let s = sanitized(size)
        let hud = Swift.min(hudHeight, s.height)
        let (panel, above) = timeline(height: timelineHeight, size: s, hud: hud)
        let area = Rect(x: 0, y: 0, width: s.width, height: above)
        return GalleryLayout(
            size: s,
            tiles: [
                Tile(frame: area, screen: Rect(origin: .zero, size: area.size), label: nil, chrome: .none)
            ],
            hud: Rect(x: 0, y: s.height - hud, width: s.width, height: hud), timeline: panel)
    }

    /// The gallery: one tile per loader, in order, above the HUD (and the timeline panel,
    /// `timelineHeight` points tall, when open).
    public static func gallery(kinds: [LoaderKind], size: Size, timelineHeight: Double = 0) -> GalleryLayout {
        let s = sanitized(size)
        let hudH = Swift.min(hudHeight, s.height)
        let hud = Rect(x: 0, y: s.height - hudH, width: s.width, height: hudH)
        let (panel, above) = timeline(height: timelineHeight, size: s, hud: hudH)
        let n = kinds.count
        guard n > 0 else { return GalleryLayout(size: s, tiles: [], hud: hud, timeline: panel) }

        // Pick the column count that gives the phones the most screen.
        var best: (columns: Int, cell: Size, phone: Size)?
        for columns in [5, 3, 2, 1] where columns <= n {
            let rows = (n + columns - 1) / columns
            let cell = Size(
                width: nonNegative((s.width - margin * Double(columns + 1)) / Double(columns)),
                height: nonNegative(
                    (above - margin * Double(rows + 1)) / Double(rows) - labelHeight))
            let phoneHeight = Swift.min(cell.height, cell.width / phoneAspect)
            let phone = Size(width: phoneHeight * phoneAspect, height: phoneHeight)
            if best == nil || phone.width * phone.height > best!.phone.width * best!.phone.height {
                best = (columns, cell, phone)
            }
        }
        let (columns, cell, phone) = best!
        let card = Swift.min(cell.width, cell.height)

        var tiles: [Tile] = []
        for (index, kind) in kinds.enumerated() {
            let row = index / columns
            let inRow = Swift.min(columns, n - row * columns)
            // A short last row is centred.
            let rowInset = Double(columns - inRow) * (cell.width + margin) / 2
            let cellOrigin = Point(
                x: margin + rowInset + Double(index % columns) * (cell.width + margin),
                y: margin + Double(row) * (cell.height + labelHeight + margin))
            let tileSize = kind == .header ? phone : Size(width: card, height: card)
            let frame = Rect(
                x: cellOrigin.x + (cell.width - tileSize.width) / 2,
                y: cellOrigin.y + (cell.height - tileSize.height) / 2,
                width: tileSize.width, height: tileSize.height)
            let screen: Rect
            if kind == .header {
                let b = phoneBezel
                screen = Rect(
                    x: Swift.min(b.side, frame.width / 2), y: Swift.min(b.top, frame.height / 2),
                    width: nonNegative(frame.width - 2 * b.side),
                    height: nonNegative(frame.height - b.top - b.bottom))
            } else {
                screen = Rect(origin: .zero, size: frame.size)
            }
            // Titles may use the margins on both sides of the cell.
            let label = Rect(
                x: cellOrigin.x - margin / 2, y: frame.maxY + 2, width: cell.width + margin,
                height: labelHeight - 2)
            tiles.append(
                Tile(frame: frame, screen: screen, label: label, chrome: kind == .header ? .phone : .card))
        }
        return GalleryLayout(size: s, tiles: tiles, hud: hud, timeline: panel)
    }

    private static func sanitized(_ s: Size) -> Size {
        Size(width: nonNegative(s.width), height: nonNegative(s.height))
    }

    private static func nonNegative(_ v: Double) -> Double { v.isFinite ? Swift.max(0, v) : 0 }
}
