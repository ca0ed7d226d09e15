import Foundation
import LayerKit
import LayerKitCairo

/// What the timeline panel shows at one moment: the window's panel for the focused tile and
/// the `timeline` command's picture draw the same thing.
public struct TimelineContent: Hashable, Sendable {
    /// The header's text ("3 Three dots: refreshing").
    public var title: String
    public var rows: [TimelineRow]
    public var axis: TimelineAxis
    /// The tree's time now.
    public var playhead: Double
    /// The window's controls (the running indicator and the rate); the picture has none.
    public var controls: Controls?
    /// The app clock's time, for fading completed rows.
    public var now: Double
    /// The row under the pointer, and the layer whose rows are highlighted.
    public var hoveredRow: Int?
    public var highlightedLayer: [Int]?

    public struct Controls: Hashable, Sendable {
        public var isPaused: Bool
        public var rate: String

        public init(isPaused: Bool, rate: String) {
            self.isPaused = isPaused
            self.rate = rate
        }
    }

    /// True when `other` shows the same but for the playhead (only its strips need drawing).
    public func differsOnlyInPlayhead(from other: TimelineContent) -> Bool {
        var same = self
        same.playhead = other.playhead
        return same == other
    }

    public init(
        title: String, rows: [TimelineRow], axis: TimelineAxis, playhead: Double, controls: Controls?,
        now: Double = 0, hoveredRow: Int? = nil, highlightedLayer: [Int]? = nil
    ) {
        self.title = title
        self.rows = rows
        self.axis = axis
        self.playhead = playhead
        self.controls = controls
        self.now = now
        self.hoveredRow = hoveredRow
        self.highlightedLayer = highlightedLayer
    }
}

/// Where the parts of the timeline panel are inside its rectangle, in points: the header (the
/// window's running indicator and rate, then the title), the time axis, one row per animation
/// with its label on the left and its bar on the right.
public struct TimelineGeometry: Hashable, Sendable {
    public var rect: Rect

    public static let headerHeight = 26.0
    public static let axisHeight = 16.0
    public static let rowHeight = 22.0
    /// The band along the top edge that resizes the panel in the window.
    public static let edgeHeight = 5.0
    static let bottomPadding = 6.0

    public init(rect: Rect) { self.rect = rect }

    /// The height that shows `rows` rows.
    public static func height(rows: Int) -> Double {
        headerHeight + axisHeight + Double(Swift.max(rows, 1)) * rowHeight + bottomPadding
    }

    public var playButton: Rect { Rect(x: rect.minX + 8, y: rect.minY + 4, width: 24, height: 18) }
    public var rateButton: Rect { Rect(x: playButton.maxX + 6, y: rect.minY + 4, width: 52, height: 18) }
    public var resizeEdge: Rect {
        Rect(x: rect.minX, y: rect.minY - 2, width: rect.width, height: Self.edgeHeight + 2)
    }

    /// The label column's width.
    public var labelWidth: Double { Swift.min(250, Swift.max(130, rect.width * 0.3)) }
    public var barMinX: Double { rect.minX + labelWidth + 10 }
    public var barMaxX: Double { Swift.max(barMinX + 1, rect.maxX - 14) }
    public var axisStrip: Rect {
        Rect(x: barMinX, y: rect.minY + Self.headerHeight, width: barMaxX - barMinX, height: Self.axisHeight)
    }
    var rowsTop: Double { rect.minY + Self.headerHeight + Self.axisHeight }

    /// Where clicking and dragging scrub: the axis and the bars.
    public var scrubArea: Rect {
        Rect(
            x: barMinX - 6, y: axisStrip.minY, width: barMaxX - barMinX + 12,
            height: Swift.max(0, rect.maxY - axisStrip.minY))
    }

    public func rowRect(_ i: Int) -> Rect {
        Rect(x: rect.minX, y: rowsTop + Double(i) * Self.rowHeight, width: rect.width, height: Self.rowHeight)
    }

    /// How many rows fit.
    public var visibleRows: Int {
        Swift.max(0, Int(((rect.maxY - Self.bottomPadding - rowsTop) / Self.rowHeight).rounded(.down)))
    }

    /// The row at `p`, if any.
    public func row(at p: Point, count: Int) -> Int? {
        guard rect.contains(p), p.y >= rowsTop else { return nil }
        let i = Int(((p.y - rowsTop) / Self.rowHeight).rounded(.down))
        return i >= 0 && i < Swift.min(count, visibleRows) ? i : nil
    }
}

/// Draws `TimelineContent`: bars from each animation's begin to its end (fill modes lighter
/// before and after, repeats as ticks, a bar that never ends fading out to the right), the
/// normalised value curve inside each bar with keyframes as dots, and the playhead.
public enum TimelinePainter {
    static let panelColor = Color(r255: 22, g: 24, b: 30)
    static let edgeColor = Color(r255: 60, g: 64, b: 76)
    static let gridColor = Color(r255: 44, g: 47, b: 58)
    static let textColor = HUDPainter.textColor
    static let dimColor = HUDPainter.dimColor
    static let playheadColor = Color(r255: 255, g: 80, b: 90)
    static let hoverColor = Color(red: 1, green: 1, blue: 1, alpha: 0.07)
    static let highlightColor = Color(r255: 255, g: 214, b: 90)
    static let buttonColor = Color(r255: 44, g: 48, b: 60)

    /// The colour of a row's bar and curve.
    static func color(for row: TimelineRow) -> Color {
        switch (row.record.origin, row.record.kind) {
        case (.implicit, _): Color(r255: 255, g: 170, b: 80)
        case (.viewAnimation, _): Color(r255: 120, g: 210, b: 120)
        case (_, .keyframe): Color(r255: 90, g: 200, b: 200)
        case (_, .basic): Color(r255: 110, g: 160, b: 255)
        case (_, .spring): Color(r255: 240, g: 120, b: 200)
        case (_, .group): Color(r255: 180, g: 140, b: 255)
        case (_, .transition): Color(r255: 250, g: 220, b: 90)
        case (_, .plain): Color(r255: 170, g: 176, b: 190)
        }
    }

    /// Seconds a completed row stays listed; it fades over the last `fadeTime` of them.
    public static let completedLifetime = 3.0
    static let fadeTime = 0.5

    /// How visible a row is at `now`: 1 while its animation runs, less once it completed.
    static func opacity(of row: TimelineRow, now: Double) -> Double {
        guard let done = row.completedAt else { return 1 }
        let left = completedLifetime - (now - done)
        return 0.55 * Swift.min(1, Swift.max(0, left / fadeTime))
    }

    /// Draws the panel in `rect`, or only its part inside `area` (the same pixels there as a
    /// whole drawing: a moving playhead redraws two narrow strips, not the panel).
    public static func draw(_ content: TimelineContent, in rect: Rect, area: Rect? = nil, on canvas: Canvas) {
        guard rect.width > 20, rect.height > 10 else { return }
        let visible = area.map { rect.intersection($0) } ?? rect
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return }
        let g = TimelineGeometry(rect: rect)
        canvas.save()
        canvas.clip(to: visible)
        canvas.fill(rect, color: panelColor)
        canvas.fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 1), color: edgeColor)
        if visible.intersects(
            Rect(x: rect.minX, y: rect.minY, width: rect.width, height: TimelineGeometry.headerHeight))
        {
            drawHeader(content, g, on: canvas)
        }
        drawAxis(content, g, visible: visible, on: canvas)
        let shown = Swift.min(content.rows.count, g.visibleRows)
        for i in 0..<shown where g.rowRect(i).intersects(visible) {
            drawRow(content, index: i, g, visible: visible, on: canvas)
        }
        if content.rows.isEmpty {
            let text = "no animations on these layers now"
            canvas.drawText(
                text, at: Point(x: g.barMinX, y: g.rowRect(0).minY + 15), size: 12, color: dimColor)
        } else if shown < content.rows.count {
            let text = "+\(content.rows.count - shown) more (drag the top edge up)"
            let w = canvas.textWidth(text, size: 10)
            canvas.drawText(
                text, at: Point(x: rect.maxX - w - 8, y: rect.maxY - 3), size: 10, color: dimColor)
        }
        drawPlayhead(content, g, on: canvas)
        canvas.restore()
    }

    private static func drawHeader(_ c: TimelineContent, _ g: TimelineGeometry, on canvas: Canvas) {
        var x = g.rect.minX + 10
        let baseline = g.rect.minY + 17
        if let controls = c.controls {
            let play = g.playButton
            canvas.fill(Path.roundedRect(play, cornerRadius: 4), color: buttonColor)
            if controls.isPaused {
                // ▶: click to run on.
                var tri = Path()
                tri.move(to: Point(x: play.minX + 9, y: play.minY + 4))
                tri.addLine(to: Point(x: play.minX + 17, y: play.midY))
                tri.addLine(to: Point(x: play.minX + 9, y: play.maxY - 4))
                tri.close()
                canvas.fill(tri, color: textColor)
            } else {
                // ❚❚: running; click to pause.
                canvas.fill(Rect(x: play.minX + 8, y: play.minY + 4, width: 3, height: 10), color: textColor)
                canvas.fill(Rect(x: play.minX + 14, y: play.minY + 4, width: 3, height: 10), color: textColor)
            }
            let rate = g.rateButton
            canvas.fill(Path.roundedRect(rate, cornerRadius: 4), color: buttonColor)
            let w = canvas.textWidth(controls.rate, size: 11)
            canvas.drawText(
                controls.rate, at: Point(x: rate.midX - w / 2, y: rate.minY + 13), size: 11, color: textColor)
            x = rate.maxX + 10
        }
        let title = canvas.displayable(c.title, size: 12)
        canvas.drawText(title, at: Point(x: x, y: baseline), size: 12, color: textColor)
        x += canvas.textWidth(title, size: 12) + 16
        let hint =
            c.controls == nil
            ? "bar: active · pale: filled · ticks: repeats · dots: keyframes"
            : "drag on the bars to scrub · [ ] rate · R replay · T close"
        let hw = canvas.textWidth(hint, size: 10)
        if x + hw < g.rect.maxX - 10 {
            canvas.drawText(hint, at: Point(x: g.rect.maxX - 10 - hw, y: baseline), size: 10, color: dimColor)
        }
    }

    private static func drawAxis(
        _ c: TimelineContent, _ g: TimelineGeometry, visible: Rect, on canvas: Canvas
    ) {
        let strip = g.axisStrip
        let step = c.axis.tickStep(width: strip.width)
        // Ticks at whole steps from the axis's origin, so the labels are round numbers.
        var t = c.axis.origin + ((c.axis.start - c.axis.origin) / step).rounded(.up) * step
        let bottom = g.rect.maxY - TimelineGeometry.bottomPadding
        var count = 0
        while t <= c.axis.end + 1e-9, count < 400 {
            let tick = t
            let x = c.axis.x(for: tick, minX: g.barMinX, maxX: g.barMaxX)
            t += step
            count += 1
            // A label is about 40 points wide.
            guard x > visible.minX - 40, x < visible.maxX + 40 else { continue }
            canvas.fill(Rect(x: x, y: strip.maxY - 4, width: 1, height: 4), color: dimColor)
            canvas.fill(
                Rect(x: x, y: strip.maxY, width: 1, height: Swift.max(0, bottom - strip.maxY)),
                color: gridColor)
            let text = c.axis.label(tick, step: step)
            let w = canvas.textWidth(text, size: 9)
            canvas.drawText(
                text, at: Point(x: Swift.min(x - w / 2, g.barMaxX - w), y: strip.minY + 10), size: 9,
                color: dimColor)
        }
    }

    private static func drawRow(
        _ c: TimelineContent, index i: Int, _ g: TimelineGeometry, visible: Rect, on canvas: Canvas
    ) {
        let row = c.rows[i]
        let r = g.rowRect(i)
        let alpha = opacity(of: row, now: c.now)
        guard alpha > 0 else { return }
        let highlighted = c.highlightedLayer == row.indexPath
        if c.hoveredRow == i {
            canvas.fill(r, color: hoverColor)
        }
        if highlighted {
            canvas.fill(r, color: highlightColor.withAlpha(0.12))
            canvas.fill(Rect(x: r.minX, y: r.minY + 2, width: 3, height: r.height - 4), color: highlightColor)
        }
        let base = row.completedAt == nil ? color(for: row) : dimColor
        let tint = base.withAlpha(alpha)
        if visible.maxX > g.barMinX - 12 {
            drawBar(row, in: r, c, g, tint: tint, visible: visible, on: canvas)
        }
        guard visible.minX < g.rect.minX + g.labelWidth else { return }
        // Label: layer, key path (indented for a group's child), kind.
        let indent = row.isChild ? 14.0 : 0
        let baseline = r.minY + 15
        let kind = row.kindLabel
        let kindWidth = canvas.textWidth(kind, size: 9)
        let labelRight = g.rect.minX + g.labelWidth - kindWidth - 8
        var x = g.rect.minX + 10 + indent
        canvas.save()
        canvas.clip(to: Rect(x: x, y: r.minY, width: Swift.max(0, labelRight - x), height: r.height))
        if row.isChild {
            canvas.drawText(
                "└", at: Point(x: x - 12, y: baseline), size: 11, color: dimColor.withAlpha(alpha))
        } else {
            let name = canvas.displayable(row.layerName, size: 11)
            canvas.drawText(name, at: Point(x: x, y: baseline), size: 11, color: textColor.withAlpha(alpha))
            x += canvas.textWidth(name, size: 11) + 6
        }
        canvas.drawText(
            canvas.displayable(row.title, size: 11), at: Point(x: x, y: baseline), size: 11,
            color: (row.isChild ? textColor : dimColor).withAlpha(alpha))
        canvas.restore()
        canvas.drawText(kind, at: Point(x: labelRight + 4, y: baseline - 1), size: 9, color: tint)
    }

    /// The bar, its repeats, its value curve and keyframe dots, sampled one column a point
    /// (only the columns inside `visible`, at the places a whole drawing samples).
    private static func drawBar(
        _ row: TimelineRow, in r: Rect, _ c: TimelineContent, _ g: TimelineGeometry, tint: Color,
        visible: Rect, on canvas: Canvas
    ) {
        let top = r.minY + 3
        let height = r.height - 6
        let minX = g.barMinX
        let maxX = g.barMaxX
        let columns = Swift.max(1, Int((maxX - minX).rounded(.down)))
        let step = (maxX - minX) / Double(columns)
        func column(_ x: Double) -> Int {
            Swift.min(Swift.max(Int(((x - minX) / step).rounded(.down)), 0), columns)
        }
        let first = column(visible.minX - 2)
        let lastColumn = column(visible.maxX + 2 + step)
        var runStart = minX + Double(first) * step
        var runPhase: AnimationSample.Phase?
        var curve = Path()
        var penDown = false
        // The column before the first drawn one: what a whole drawing would have seen there.
        var last: AnimationSample? =
            first > 0
            ? row.sample(at: c.axis.time(atX: minX + Double(first - 1) * step, minX: minX, maxX: maxX)) : nil
        var ticks: [Double] = []
        var dots: [Point] = []
        let keyTimes = row.record.keyframeTimes
        func y(_ v: Double) -> Double {
            top + height - 1 - Swift.min(Swift.max(v, -0.25), 1.25) * (height - 2)
        }
        func endRun(at x: Double) {
            guard let phase = runPhase, x > runStart else { return }
            let fill = phase == .active ? tint.withAlpha(tint.alpha * 0.26) : tint.withAlpha(tint.alpha * 0.1)
            canvas.fill(Rect(x: runStart, y: top, width: x - runStart, height: height), color: fill)
            if phase == .active {
                // The bar's outline along its top and bottom edges.
                canvas.fill(
                    Rect(x: runStart, y: top, width: x - runStart, height: 1),
                    color: tint.withAlpha(tint.alpha * 0.6))
                canvas.fill(
                    Rect(x: runStart, y: top + height - 1, width: x - runStart, height: 1),
                    color: tint.withAlpha(tint.alpha * 0.6))
            }
        }
        for col in first...lastColumn {
            let x = minX + Double(col) * step
            let t = c.axis.time(atX: x, minX: minX, maxX: maxX)
            let s = row.sample(at: t)
            if s?.phase != runPhase {
                endRun(at: x)
                runStart = x
                runPhase = s?.phase
            }
            if let s, let v = s.normalizedValue {
                let p = Point(x: x, y: y(v))
                if penDown, let prev = last, prev.iteration != s.iteration || prev.phase != s.phase {
                    // A new cycle starts where the last ended: no line across the jump.
                    penDown = false
                }
                if penDown { curve.addLine(to: p) } else { curve.move(to: p) }
                penDown = true
            } else {
                penDown = false
            }
            if let s, s.phase == .active, !keyTimes.isEmpty {
                if let prev = last, prev.phase == .active, prev.iteration == s.iteration {
                    // A keyframe passed between the two columns (either way: autoreverse).
                    let lo = Swift.min(prev.fraction, s.fraction)
                    let hi = Swift.max(prev.fraction, s.fraction)
                    for k in keyTimes where k > lo && k <= hi {
                        if let v = row.record.normalizedValue(atFraction: k) {
                            dots.append(Point(x: x, y: y(v)))
                        }
                    }
                } else {
                    // A cycle begins here (and, after a tick, the last one ended): its end
                    // keyframes.
                    for k in [keyTimes.first!, keyTimes.last!] where k == 0 || k == 1 {
                        if let v = row.record.normalizedValue(atFraction: k) {
                            dots.append(Point(x: x, y: y(v)))
                        }
                    }
                }
                if let prev = last, prev.phase == .active, s.iteration != prev.iteration { ticks.append(x) }
            }
            last = s
        }
        endRun(at: minX + Double(lastColumn) * step)
        for x in ticks {
            canvas.fill(
                Rect(x: x - 0.5, y: top - 1, width: 1, height: height + 2),
                color: tint.withAlpha(tint.alpha * 0.8))
        }
        if !curve.isEmpty { canvas.stroke(curve, color: tint, width: 1.4) }
        // Dots only when they stand apart (a fast animation's would merge into a line).
        if !dotsStandApart(row, axis: c.axis, width: maxX - minX) { dots.removeAll() }
        for d in dots {
            canvas.fill(Path.oval(in: Rect(x: d.x - 2.2, y: d.y - 2.2, width: 4.4, height: 4.4)), color: tint)
        }
        if row.repeatsForever {
            // `.infinity`: the bar fades out to the right.
            let fadeStart = minX + (maxX - minX) * 0.72
            let slices = 14
            let w = (maxX - fadeStart) / Double(slices)
            for k in 0..<slices {
                let a = 0.85 * Double(k + 1) / Double(slices)
                canvas.fill(
                    Rect(x: fadeStart + Double(k) * w, y: top - 1, width: w + 0.5, height: height + 2),
                    color: panelColor.withAlpha(a))
            }
            canvas.drawText("∞", at: Point(x: maxX + 2, y: top + height - 3), size: 11, color: tint)
        }
    }

    /// Whether the row's keyframes are at least 3 points apart on the axis (a fast
    /// animation's would merge into a line).
    static func dotsStandApart(_ row: TimelineRow, axis: TimelineAxis, width: Double) -> Bool {
        let times = row.record.keyframeTimes
        guard times.count > 1 else { return true }
        let gap = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.min() ?? 1
        // Seconds of the tree's time per unit of the row's simple time.
        var rate = abs(row.record.speed * row.timeRate)
        if let group = row.group { rate *= abs(group.speed) }
        guard rate > 0 else { return false }
        let seconds = gap * row.record.duration / rate
        return seconds / axis.span * width >= 3
    }

    /// The strip the playhead at `t` covers in a panel drawn in `rect` (its line and handle).
    public static func playheadStrip(at t: Double, axis: TimelineAxis, in rect: Rect) -> Rect {
        let g = TimelineGeometry(rect: rect)
        let x = axis.x(for: t, minX: g.barMinX, maxX: g.barMaxX)
        return Rect(x: x - 7, y: rect.minY, width: 14, height: rect.height)
    }

    private static func drawPlayhead(_ c: TimelineContent, _ g: TimelineGeometry, on canvas: Canvas) {
        guard c.playhead >= c.axis.start, c.playhead <= c.axis.end else { return }
        let x = c.axis.x(for: c.playhead, minX: g.barMinX, maxX: g.barMaxX)
        let strip = g.axisStrip
        let bottom = g.rect.maxY - TimelineGeometry.bottomPadding
        canvas.fill(
            Rect(x: x - 0.75, y: strip.minY + 2, width: 1.5, height: bottom - strip.minY - 2),
            color: playheadColor)
        var handle = Path()
        handle.move(to: Point(x: x - 5, y: strip.minY))
        handle.addLine(to: Point(x: x + 5, y: strip.minY))
        handle.addLine(to: Point(x: x, y: strip.minY + 7))
        handle.close()
        canvas.fill(handle, color: playheadColor)
    }
}

extension Color {
    /// The same colour with another alpha.
    func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }
}
