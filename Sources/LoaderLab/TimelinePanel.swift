import LayerKit

/// What the timeline panel (T) keeps between frames: whether it is open and how tall, the
/// focused tile's rows and the axis they are drawn on, what the last frame showed, a drag on the
/// panel, and what the pointer hovers.
///
/// Nothing here runs while the panel is closed: the rows are gathered only in frames drawn with
/// it open, and a hover asks for a frame only when what it highlights changes.
@MainActor
final class TimelinePanel {
    var isOpen = false
    /// The panel's height in points (dragging its top edge changes it).
    var panelHeight = TimelineGeometry.height(rows: 5)

    /// The tile whose animations the rows are.
    var tile: Int?
    /// The running animations, in tree order, and those that went (greyed, for a while).
    var rows: [TimelineRow] = []
    var completed: [TimelineRow] = []
    var axis: TimelineAxis?
    /// The animations the axis was fitted to.
    var axisIDs: Set<UInt64> = []
    /// What this frame shows and what the last frame showed.
    var content: TimelineContent?
    var drawnContent: TimelineContent?

    enum Drag {
        case resize(startY: Double, startHeight: Double)
        case scrub
    }
    var drag: Drag?

    /// The row under the pointer, and the layer being inspected: the hovered row's, or the one
    /// under the pointer in the focused tile while the debug overlay is on.
    var hoveredRow: Int?
    var target: [Int]?
    /// The inspected layer's box in the window this frame and in the last drawn one.
    var outline: Rect?
    var drawnOutline: Rect?
    var hoverChanged = false

    /// Forgets the rows and the axis (another tile, the panel reopened).
    func resetRows() {
        rows = []
        completed = []
        axis = nil
        axisIDs = []
        hoveredRow = nil
        target = nil
    }
}
