import Foundation
import LayerKit
import LoaderLab
import Loaders
@_spi(LoaderLabHost) import QuartzCore
import RefreshKit
@_spi(LoaderLabHost) import UIKit

/// A loaded preview library's previews as loaders: ids (the previews' names), kinds, default
/// sizes, and sessions the gallery and the headless commands run like the catalog's.
public struct PreviewCatalog {
    public let previews: [LoaderPreview]
    /// One per preview, in order; `id` and `title` are the preview's name (made unique with
    /// " (2)", " (3)" … where names repeat).
    public let infos: [LoaderInfo]
    /// Previews that crashed or hung in an earlier preview process, by id, with the reason: their
    /// sessions show the reason instead of running the code again (`--sheet` after a crash).
    public var failures: [String: String] = [:]
    /// Told when a preview's own code is about to run, and of progress (nil: nobody listens).
    public var activity: PreviewActivity?

    public init(_ previews: [LoaderPreview]) {
        self.previews = previews
        var seen: [String: Int] = [:]
        infos = previews.map { p in
            let count = (seen[p.name] ?? 0) + 1
            seen[p.name] = count
            let id = count == 1 ? p.name : "\(p.name) (\(count))"
            let kind: LoaderKind
            switch p.content {
            case .layer: kind = .standalone
            case .header: kind = .header
            }
            let size = Size(width: Double(p.size.width), height: Double(p.size.height))
            return LoaderInfo(id: id, title: id, kind: kind, defaultSize: size)
        }
    }

    /// A session of preview `id` in a viewport of `size` points; nil for an unknown id.
    public func makeSession(id: String, size: Size) -> LoaderSession? {
        guard let i = infos.firstIndex(where: { $0.id == id }) else { return nil }
        let preview = previews[i]
        let activity = self.activity
        if let reason = failures[id] {
            return LoaderSession(info: infos[i], size: size) { root, size in
                FailedPreviewContent(reason: reason, root: root, size: size)
            }
        }
        // Headless commands make one preview's session and run it before the next: what runs
        // from here on is this preview's.
        activity?.running(id)
        return LoaderSession(info: infos[i], size: size) { root, size in
            switch preview.content {
            case .layer(let setUp):
                StandalonePreviewContent(
                    id: id, preview: preview, setUp: setUp, root: root, size: size, activity: activity)
            case .header(let setUp):
                HeaderPreviewContent(
                    id: id, preview: preview, setUp: setUp, root: root, size: size, activity: activity)
            }
        }
    }
}

/// A standalone preview: the viewport filled with the preview's background, and centred in it
/// the preview's root layer (bounds = the preview's size) that its code fills.
///
/// Starting runs the code on a fresh root; stopping removes that root with its animations
/// (keys 1–9 switch a preview off and on again from the start). The code runs at the first
/// update of the session's scene — inside it, as UIKit runs set-up code on the main thread —
/// so `CACurrentMediaTime()` and transactions are the scene's.
final class StandalonePreviewContent: SessionContent {
    private let id: String
    private let activity: PreviewActivity?
    private let preview: LoaderPreview
    private let setUp: (CALayer) -> Void
    private let viewport: Layer
    private var previewRoot: Layer?
    private var pendingStart = false
    private var running = false

    init(
        id: String, preview: LoaderPreview, setUp: @escaping (CALayer) -> Void, root: Layer, size: Size,
        activity: PreviewActivity?
    ) {
        self.id = id
        self.activity = activity
        self.preview = preview
        self.setUp = setUp
        viewport = root
        Transaction.performWithoutActions {
            root.backgroundColor = preview.background.engine
            root.masksToBounds = true
        }
    }

    var status: LoaderStatus { running ? .running : .stopped }
    var debugPaths: [(name: String, path: Path, toLayer: String)] { [] }

    private var previewSize: Size {
        Size(width: Double(preview.size.width), height: Double(preview.size.height))
    }

    func layout(size: Size) {
        guard let previewRoot else { return }
        Transaction.performWithoutActions { previewRoot.frame = frame(in: size) }
    }

    private func frame(in size: Size) -> Rect {
        let s = previewSize
        return Rect(
            x: ((size.width - s.width) / 2).rounded(), y: ((size.height - s.height) / 2).rounded(),
            width: s.width, height: s.height)
    }

    func start() {
        guard !running else { return }
        running = true
        pendingStart = true
        if viewport.scene != nil, Scene.active != nil { runSetUp() }
    }

    func stop() {
        running = false
        pendingStart = false
        guard let previewRoot else { return }
        previewRoot.removeAllAnimationsInSubtree()
        Transaction.performWithoutActions { previewRoot.removeFromSuperlayer() }
        self.previewRoot = nil
    }

    func tick() {
        activity?.beat()
        if pendingStart { runSetUp() }
    }

    private func runSetUp() {
        pendingStart = false
        let layer = Layer()
        layer.name = "preview"
        Transaction.performWithoutActions {
            layer.frame = frame(in: viewport.bounds.size)
            viewport.addSublayer(layer)
        }
        previewRoot = layer
        UIScreen.main.set(bounds: CGRect(origin: .zero, size: CGSize(viewport.bounds.size)))
        activity?.running(id)
        setUp(CALayer(hosting: layer))
        activity?.running(nil)
    }
}

/// A header preview: a list in a scroll view (the catalog headers' own, `HeaderContent`) that
/// the preview's code adds its header view to, as a `UIScrollView`, at the first update of the
/// session's scene.
///
/// Its state is read from the scroll view, as the header's own code leaves it (nothing else
/// says what that code is doing): `pulling` while the finger drags the list; `refreshing` while
/// the code holds the list's top inset open past where it rested after set-up (what an iOS
/// refresh header does from the release until its load ends); `ending` from the inset's return
/// until the list has slid back to rest; `idle` otherwise. So `--refreshing --time T` (pulled
/// past the threshold, released at 0) is titled and reported as the built-in headers' are, and
/// a refresh that the code ends with `asyncAfter` (on the scene clock) is `idle` again after.
final class HeaderPreviewContent: SessionContent {
    private let id: String
    private let activity: PreviewActivity?
    private let setUp: (UIScrollView) -> Void
    private let list: HeaderContent
    private var scrollView: UIScrollView?
    /// The list's top inset after the code's set-up: where it rests.
    private var restingInset = 0.0
    /// The inset was seen held open since the list last rested (an ending is under way once it
    /// closes again).
    private var wasHeldOpen = false

    init(
        id: String, preview: LoaderPreview, setUp: @escaping (UIScrollView) -> Void, root: Layer,
        size: Size, activity: PreviewActivity?
    ) {
        self.id = id
        self.activity = activity
        self.setUp = setUp
        list = HeaderContent(
            root: root, size: size, background: preview.background.engine,
            refreshPull: Double(preview.refreshPull))
    }

    private func setUpIfNeeded() {
        guard scrollView == nil else { return }
        let view = UIScrollView(hosting: list.scrollView, layer: list.scrollLayer)
        scrollView = view
        UIScreen.main.set(bounds: CGRect(origin: .zero, size: CGSize(list.scrollView.viewportSize)))
        activity?.running(id)
        setUp(view)
        activity?.running(nil)
        restingInset = list.scrollView.contentInset.top
    }

    var status: LoaderStatus {
        let model = list.scrollView
        if model.isDragging { return .pulling }
        if isHeldOpen { return .refreshing }
        if wasHeldOpen, isMovingBack { return .ending }
        return .idle
    }

    /// The code holds the top inset open past where it rested.
    private var isHeldOpen: Bool {
        list.scrollView.contentInset.top > restingInset + Self.insetSlack
    }

    /// The list is still on its way back to rest: the offset above its resting top, or the
    /// scroll layer's bounds sliding there (an inset closed inside `UIView.animate`).
    private var isMovingBack: Bool {
        let model = list.scrollView
        if model.isAnimating || model.contentOffset.y < model.minContentOffsetY - Self.insetSlack {
            return true
        }
        return list.scrollLayer.animationKeys().contains { $0.hasPrefix("bounds") }
    }

    /// Points of inset or offset that count as none (rounding in the code's arithmetic).
    static let insetSlack = 0.5

    /// Follows the refresh from update to update: held open, then back at rest.
    private func noteRefreshState() {
        if list.scrollView.isDragging { return }
        if isHeldOpen {
            wasHeldOpen = true
        } else if wasHeldOpen, !isMovingBack {
            wasHeldOpen = false
        }
    }
    var needsFrames: Bool { list.needsFrames }
    /// The header's code hears the list's motion (key-value observing of `contentOffset`, the
    /// delegate's `scrollViewDidScroll`) frame by frame, also headless, as on a device: a
    /// header that starts its refresh when it sees the released list's offset go past its
    /// threshold does so in the frame after the release.
    var stepsFrameByFrame: Bool { true }
    var debugPaths: [(name: String, path: Path, toLayer: String)] { [] }
    var refreshThreshold: Double? { list.refreshThreshold }
    func layout(size: Size) { list.layout(size: size) }
    func start() {}
    func stop() {}
    func pointerDown(at point: Point) {
        setUpIfNeeded()
        list.pointerDown(at: point)
    }
    func pointerMoved(to point: Point) { list.pointerMoved(to: point) }
    func pointerUp(at point: Point) { list.pointerUp(at: point) }
    func tick() {
        activity?.beat()
        if Scene.active != nil { setUpIfNeeded() }
        list.tick()
        noteRefreshState()
    }
    func fingerDistance(forOffset offset: Double) -> Double { list.fingerDistance(forOffset: offset) }
    func holdOffset(y: Double) { list.holdOffset(y: y) }
}

/// The previews as the headless commands' loaders (`loaderlab preview … --render` and the
/// rest): each moment built on a manual clock as for the catalog's loaders.
public struct PreviewSceneSource: SceneSource {
    public let catalog: PreviewCatalog

    public init(_ catalog: PreviewCatalog) { self.catalog = catalog }

    public var entries: [LoaderEntry] { catalog.infos }

    private func info(_ id: String) throws -> LoaderInfo {
        guard let info = catalog.infos.first(where: { $0.id == id }) else {
            throw CatalogError.unknownLoader(id)
        }
        return info
    }

    private func timeline(_ id: String, _ moment: SceneMoment, _ size: Size?) throws -> LoaderTimeline {
        try LoaderTimeline(info: try info(id), moment: moment, size: size) { info, size in
            catalog.makeSession(id: info.id, size: size)
        }
    }

    public func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot {
        try timeline(id, moment, size).snapshot
    }

    public func timeline(id: String, moment: SceneMoment, size: Size?) throws -> any SceneTimeline {
        CatalogTimeline(try timeline(id, moment, size))
    }
}
