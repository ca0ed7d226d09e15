import Foundation
import LayerKit
import RefreshKit

/// A pull-to-refresh header in its viewport: a scroll view (RefreshKit's model plus the layer
/// that shows it) holding the header above a list of placeholder rows, and the refresh control
/// the header is driven by.
///
/// The scroll view's layer works as a `UIScrollView`'s: its bounds origin is the content
/// offset, so everything in it (the header at negative y, the rows from y = 0) scrolls with the
/// pull. The header sits below the rows, as a view added to a table before its cells, so rows
/// cover whatever of it the gap does not show.
///
/// A previewed header has no `RefreshHeader` of the catalog's: its own code (a view added to the
/// scroll view, watching it as a `UIScrollViewDelegate` does) is handed `scrollView` and
/// `scrollLayer` after `init(root:size:background:refreshPull:)`.
public final class HeaderContent: SessionContent {
    /// The catalog's header and its refresh control; nil for a previewed header.
    let header: RefreshHeader?
    let control: RefreshControl?
    public let scrollView: ScrollView
    /// The viewport's root.
    let root: Layer
    /// The scroll view's own layer: what a header view is added to.
    public let scrollLayer = Layer()
    /// A previewed header: how far a scripted pull drags before letting go (its threshold is its
    /// own code's, unknown here).
    private let refreshPull: Double?
    /// Called after the scroll view took a new size (a previewed header's `layoutSubviews`).
    public var onLayout: ((Size) -> Void)?
    /// The list's rows (the table's cells), in content coordinates.
    let listLayer = Layer()
    private(set) var list: ListContent
    /// Row layers on screen, by row index, and spare ones to reuse (as a table reuses cells).
    private var visibleRows: [Int: Layer] = [:]
    private var spareRows: [Layer] = []
    private var downPoint: Point?

    static let rowColor = Color.white
    static let barColors: [ListContent.Role: Color] = [
        .leading: Color(r255: 226, g: 229, b: 235),
        .primary: Color(r255: 208, g: 213, b: 221),
        .secondary: Color(r255: 228, g: 231, b: 236),
        .separator: Color(r255: 222, g: 222, b: 226),
    ]

    init<H: RefreshHeader>(header: H, root: Layer, size: Size, background: Color = .white) {
        self.header = header
        self.root = root
        list = ListContent(width: size.width)
        scrollView = ScrollView(viewportSize: size, contentSize: list.contentSize, time: 0)
        control = H.makeControl(scrollView: scrollView)
        refreshPull = nil
        setUp(background: background)
        header.attach(to: control!)
        layout(size: size)
    }

    /// A list in a scroll view with no header yet: a previewed header's code adds its view to
    /// `scrollLayer` and watches `scrollView`. `refreshPull` is how far a scripted pull
    /// (`loaderlab preview --refreshing`, R) drags the list before letting go.
    public init(root: Layer, size: Size, background: Color, refreshPull: Double) {
        header = nil
        control = nil
        self.root = root
        self.refreshPull = refreshPull
        list = ListContent(width: size.width)
        scrollView = ScrollView(viewportSize: size, contentSize: list.contentSize, time: 0)
        setUp(background: background)
        layout(size: size)
    }

    private func setUp(background: Color) {
        Transaction.performWithoutActions {
            root.backgroundColor = background
            root.masksToBounds = true
            scrollLayer.name = "scrollView"
            scrollLayer.isViewBacking = true
            scrollLayer.masksToBounds = true
            scrollLayer.backgroundColor = background
            root.addSublayer(scrollLayer)
            listLayer.name = "list"
            listLayer.isViewBacking = true
            if let header { scrollLayer.addSublayer(header.layer) }
            scrollLayer.addSublayer(listLayer)
        }
        scrollView.timeline = scrollLayer
        scrollView.addOffsetObserver { [weak self] _ in self?.offsetDidChange() }
    }

    /// The scene's current time in the scroll view's layer: scroll physics run in layer time.
    private var now: Double {
        scrollLayer.scene == nil ? scrollView.time : scrollLayer.currentLocalTime
    }

    public var status: LoaderStatus {
        guard let control else { return scrollView.isDragging ? .pulling : .idle }
        return switch control.state {
        case .idle: .idle
        case .pulling: .pulling
        case .refreshing: .refreshing
        case .ending: .ending
        }
    }

    /// A finger on the list needs frames, and so does scroll motion while the scroll view's
    /// time moves (a paused scene is idle). Pending timers are the scene's: it asks for the
    /// frames they need itself.
    public var needsFrames: Bool {
        if scrollView.isTracking { return true }
        guard scrollView.isAnimating || (scrollLayer.scene == nil && scrollView.nextTimerTime != nil)
        else { return false }
        return scrollLayer.localTimeRate != 0
    }

    public var debugPaths: [(name: String, path: Path, toLayer: String)] { header?.debugPaths ?? [] }

    public var refreshThreshold: Double? { control?.threshold ?? refreshPull }

    public func layout(size: Size) {
        let t = now
        list = ListContent(width: size.width)
        scrollView.setViewportSize(size, at: t)
        scrollView.setContentSize(list.contentSize, at: t)
        Transaction.performWithoutActions {
            scrollLayer.frame = Rect(origin: .zero, size: size)
            listLayer.frame = Rect(origin: .zero, size: list.contentSize)
            header?.layoutInScrollView()
            for (_, row) in visibleRows {
                row.removeFromSuperlayer()
            }
            visibleRows.removeAll()
            spareRows.removeAll()
        }
        offsetDidChange()
        onLayout?(size)
    }

    // MARK: Refresh from code

    /// Begins or ends the refresh as `beginRefreshing()`/`endRefreshing()` do; a previewed
    /// header's refresh is its own code's (R replays its pull instead).
    public func start() { control?.beginRefreshing(at: now) }
    public func stop() { control?.endRefreshing(at: now) }

    // MARK: The finger

    public func pointerDown(at point: Point) {
        guard point.isFinite else { return }
        downPoint = point
        scrollView.panBegan(at: now)
    }

    public func pointerMoved(to point: Point) {
        guard let downPoint, point.isFinite else { return }
        scrollView.panChanged(
            translation: Point(x: point.x - downPoint.x, y: point.y - downPoint.y), at: now)
    }

    public func pointerUp(at point: Point) {
        guard downPoint != nil else { return }
        if point.isFinite { pointerMoved(to: point) }
        downPoint = nil
        scrollView.panEnded(at: now)
    }

    /// Brings the scroll physics up to the scene's time. At rest, with no timer of its own
    /// pending, there is nothing to bring up: every call into the scroll view advances it to
    /// its own time first, so skipping the idle frames changes nothing (and the local time
    /// an idle header would look up every frame costs a walk up the tree).
    public func tick() {
        guard scrollView.isTracking || scrollView.isAnimating || scrollView.nextTimerTime != nil else {
            return
        }
        scrollView.advance(to: now)
    }

    /// The finger travel from rest that holds the content at `contentOffset.y = −offset`:
    /// straight travel down to the resting top, rubber band beyond it.
    public func fingerDistance(forOffset offset: Double) -> Double {
        guard offset.isFinite else { return 0 }
        let top = scrollView.contentInset.top
        let past = offset - top
        guard past > 0 else { return past }
        let d = scrollView.viewportSize.height
        func band(_ x: Double) -> Double { ScrollPhysics.rubberBand(distance: x, dimension: d) }
        var x = ScrollPhysics.rubberBandInverse(offset: past, dimension: d)
        // The inverse is exact only up to rounding: move to the smallest distance whose rubber
        // band reaches the offset (the rubber band grows with the distance), so the offset is
        // −offset itself whenever a distance gives it exactly, and a pull of exactly a
        // threshold counts as reaching it.
        var steps = 0
        while band(x) < past, steps < 256 {
            x = x.nextUp
            steps += 1
        }
        while band(x.nextDown) >= past, steps < 512 {
            x = x.nextDown
            steps += 1
        }
        return x
    }

    /// While the finger is down, puts the content at exactly `contentOffset.y = y` (the drag
    /// continues from there); the finger's rubber band reaches an offset only to within its
    /// rounding. Ignored when not dragging.
    public func holdOffset(y: Double) {
        guard scrollView.isDragging, y.isFinite else { return }
        scrollView.setContentOffset(Point(x: scrollView.contentOffset.x, y: y), at: now)
    }

    // MARK: Scrolling

    /// The offset changed: the scroll view's bounds follow it and the visible rows are updated.
    /// A change made by an animated inset change slides the bounds there as UIKit does: a view
    /// animation of the bounds (additive, so a slide that is interrupted stays continuous)
    /// with the inset animation's duration and curve.
    private func offsetDidChange() {
        let offset = scrollView.contentOffset
        let shown = scrollLayer.bounds
        var bounds = shown
        bounds.origin = offset
        guard let animation = scrollView.offsetChangeAnimation else {
            Transaction.performWithoutActions {
                scrollLayer.bounds = bounds
                updateRows(showing: scrollView.visibleContentRect)
            }
            return
        }
        Transaction.performWithoutActions {
            // Rows for everything the slide passes over.
            updateRows(showing: scrollView.visibleContentRect.union(shown))
        }
        if ViewAnimation.isInsideBlock {
            // The inset was set inside a view-animation block (a previewed header's
            // `UIView.animate { contentInset = … }`): as in UIKit the bounds change is that
            // block's, so it slides with the block and the block's completion waits for it.
            scrollLayer.bounds = bounds
            return
        }
        Transaction.begin()
        Transaction.setAnimationTimingFunction(animation.timingFunction)
        ViewAnimation.animate(withDuration: animation.duration) { scrollLayer.bounds = bounds }
        Transaction.commit()
    }

    /// Shows the rows that intersect `rect` (content coordinates), reusing row layers that
    /// scrolled away.
    private func updateRows(showing rect: Rect) {
        let rows = list.rows(intersecting: rect)
        let wanted = Set(rows.map(\.index))
        for (index, layer) in visibleRows where !wanted.contains(index) {
            layer.removeFromSuperlayer()
            spareRows.append(layer)
            visibleRows[index] = nil
        }
        for row in rows where visibleRows[row.index] == nil {
            let layer = spareRows.popLast() ?? makeRowLayer()
            configure(layer, for: row)
            listLayer.addSublayer(layer)
            visibleRows[row.index] = layer
        }
    }

    private func makeRowLayer() -> Layer {
        let row = Layer()
        row.isViewBacking = true
        row.name = "row"
        row.backgroundColor = Self.rowColor
        for _ in 0..<4 {
            let bar = Layer()
            bar.isViewBacking = true
            row.addSublayer(bar)
        }
        return row
    }

    /// Places a row layer and its four bars (leading block, title, subtitle, separator).
    private func configure(_ layer: Layer, for row: ListContent.Row) {
        layer.frame = row.frame
        for (bar, sublayer) in zip(row.bars, layer.sublayers) {
            sublayer.frame = bar.rect.offsetBy(dx: -row.frame.origin.x, dy: -row.frame.origin.y)
            sublayer.backgroundColor = Self.barColors[bar.role]
            switch bar.role {
            case .leading: sublayer.cornerRadius = 6
            case .primary, .secondary: sublayer.cornerRadius = bar.rect.height / 2
            case .separator: sublayer.cornerRadius = 0
            }
        }
    }
}

extension Layer {
    /// `convertTime(CACurrentMediaTime(), from: nil)`: the scene's current time in this
    /// layer's local time (0 outside a scene).
    var currentLocalTime: Double {
        convertTime(scene?.currentTime ?? 0, from: nil)
    }

    /// `addAnimation:forKey:` for animations the loaders build from constants. An error here is
    /// a mistake in the port (a misspelt key path, a wrongly typed value): debug builds stop,
    /// release builds say so on stderr and carry on without the animation.
    func addAnimation(_ animation: Animation, forKey key: String?) {
        do {
            try add(animation, forKey: key)
        } catch {
            let message = "loaders: animation \(key ?? "(no key)") rejected: \(error)"
            StandardStream.error.report(message)
            assertionFailure(message)
        }
    }
}
