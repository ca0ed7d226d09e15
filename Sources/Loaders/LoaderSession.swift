import Foundation
import LayerKit
import RefreshKit

/// One live loader in a viewport: its layer tree, its state, and for headers the scroll view
/// the finger drags.
///
/// `layer` is the viewport's root, bounds `(0, 0, size)`; the caller puts it in a `Scene`
/// (its own or a gallery's). Standalone loaders start running when the session is made;
/// headers rest above their list until pulled. Call `tick()` every frame before the scene is
/// evaluated: it steps the scroll view to the layer's local time, so a paused or slowed scene
/// pauses or slows the pull too.
public final class LoaderSession {
    public let info: LoaderInfo
    /// The viewport's root layer.
    public let layer: Layer
    /// The viewport size in points; setting it lays the loader out again.
    public var size: Size {
        didSet {
            // (Assigning inside didSet does not call it again.)
            let s = Self.sanitized(size)
            if s != size { size = s }
            guard size != oldValue else { return }
            // The viewport keeps its top-left corner where its owner put it.
            let origin = layer.frame.origin
            inScene {
                Transaction.performWithoutActions { layer.frame = Rect(origin: origin, size: size) }
                content.layout(size: size)
            }
        }
    }

    let content: any SessionContent

    /// A session of the catalog's loader `info.id`; nil for an id the catalog does not have.
    convenience init?(info: LoaderInfo, size: Size) {
        let made = Self.makeParts(info: info, size: size) { layer, size -> (any SessionContent)? in
            switch info.id {
            case "four-dots":
                HeaderContent(header: FourDotsHeader(), root: layer, size: size)
            case "three-dots":
                HeaderContent(header: ThreeDotsHeader(), root: layer, size: size)
            case "airplane":
                HeaderContent(
                    header: AirplaneRefreshView(width: size.width), root: layer, size: size,
                    background: AirplaneRefreshView.skyColor)
            case "orbit": OrbitContent(root: layer, size: size)
            case "balls": BallsContent(root: layer, size: size)
            default: Showcase(id: info.id, root: layer, size: size)
            }
        }
        guard let made else { return nil }
        self.init(made)
    }

    /// A session whose content is made by `makeContent` from the viewport's root layer and
    /// size (a previewed loader's, not the catalog's). `info.kind` says whether it is a header
    /// (pulled) or standalone (started at once).
    public convenience init(
        info: LoaderInfo, size: Size, content makeContent: (Layer, Size) -> any SessionContent
    ) {
        self.init(Self.makeParts(info: info, size: size) { layer, size in makeContent(layer, size) }!)
    }

    /// The parts of a session before it exists: the root layer laid out at `size` and the
    /// content made in it (nil when `makeContent` makes none).
    private struct Parts {
        var info: LoaderInfo
        var size: Size
        var layer: Layer
        var content: any SessionContent
    }

    private static func makeParts(
        info: LoaderInfo, size: Size, makeContent: (Layer, Size) -> (any SessionContent)?
    ) -> Parts? {
        let size = sanitized(size)
        let layer = Layer()
        layer.isViewBacking = true
        layer.name = "viewport"
        // A root that is drawn as it is: bounds (0, 0, size) at the origin.
        Transaction.performWithoutActions { layer.frame = Rect(origin: .zero, size: size) }
        guard let content = makeContent(layer, size) else { return nil }
        return Parts(info: info, size: size, layer: layer, content: content)
    }

    private init(_ parts: Parts) {
        info = parts.info
        size = parts.size
        layer = parts.layer
        content = parts.content
        content.layout(size: size)
        if info.kind == .standalone { content.start() }
    }

    /// Ends the loader with the session: its animations are removed, so that a delegate the
    /// running copies hold (as Core Animation's do) lets go of the layers, and the tree is
    /// freed instead of kept alive by the cycle layer → animation → delegate → layer.
    deinit {
        layer.removeAllAnimationsInSubtree()
    }

    private static func sanitized(_ s: Size) -> Size {
        Size(
            width: s.width.isFinite ? max(0, s.width) : 0,
            height: s.height.isFinite ? max(0, s.height) : 0)
    }

    /// What the loader is doing now.
    public var status: LoaderStatus { content.status }

    /// Standalone: starts the loader. Header: begins refreshing (scrolling the header into
    /// view), as `beginRefreshing()` does.
    public func start() { inScene { content.start() } }
    /// Standalone: stops the loader, leaving nothing running. Header: ends the refresh.
    public func stop() { inScene { content.stop() } }

    /// Standalone: start or stop. Header: begin or end the refresh.
    public func toggle() {
        switch status {
        case .running, .refreshing: stop()
        case .ending: break
        default: start()
        }
    }

    /// The finger goes down at `point` (in `layer`'s coordinates). Headers: the list's pan
    /// begins. Standalone loaders ignore pointers.
    public func pointerDown(at point: Point) { inScene { content.pointerDown(at: point) } }
    public func pointerMoved(to point: Point) { inScene { content.pointerMoved(to: point) } }
    /// The finger lifts; the release velocity is measured from the recent moves.
    public func pointerUp(at point: Point) { inScene { content.pointerUp(at: point) } }

    /// Steps scroll physics and timers to the layer's local time; call every frame before the
    /// scene is evaluated.
    public func tick() { inScene { content.tick() } }

    /// Runs `body` with the session's scene active (`Scene.perform`), so that the transactions
    /// and view animations the loader's code makes — as iOS code makes them on the main
    /// thread — belong to that scene.
    private func inScene(_ body: () -> Void) {
        if let scene = layer.scene { scene.perform(body) } else { body() }
    }

    /// True while scroll physics, a drag or a pending timer (a simulated load, an inset
    /// animation's end) needs frames. Layer animations are the scene's `needsFrames`.
    public var needsFrames: Bool { content.needsFrames }

    /// Headless time moves frame by frame while `needsFrames` (see `SessionContent`).
    public var stepsFrameByFrame: Bool { content.stepsFrameByFrame }

    /// The keyframe paths in use, for a debug overlay: each in the coordinates of the layer
    /// named `toLayer`.
    public var debugPaths: [(name: String, path: Path, toLayer: String)] { content.debugPaths }

    /// Headers: the pull (−contentOffset.y, points) at which a release starts the refresh.
    public var refreshThreshold: Double? { content.refreshThreshold }

    /// Headers: the finger travel that holds the list at `contentOffset.y = −offset` from rest,
    /// undoing the rubber band. Standalone loaders: `offset` itself.
    public func fingerDistance(forOffset offset: Double) -> Double {
        content.fingerDistance(forOffset: offset)
    }
}

// MARK: - Session contents

/// What fills a session's viewport: the part of a session that differs between headers and
/// standalone loaders (and between the catalog's loaders and previewed ones). The session calls
/// every method with its scene active.
public protocol SessionContent: AnyObject {
    var status: LoaderStatus { get }
    /// Scroll motion, a drag or a pending timer needs frames (layer animations are the scene's).
    var needsFrames: Bool { get }
    /// Code watches the content's motion and must see it frame by frame, as a device shows it
    /// (a previewed header's key-value observers and delegate, hearing each offset): headless
    /// time without input then moves one frame at a time while `needsFrames`, rather than in
    /// one jump. False (the default): the motion is evaluated in closed form at any time.
    var stepsFrameByFrame: Bool { get }
    var debugPaths: [(name: String, path: Path, toLayer: String)] { get }
    var refreshThreshold: Double? { get }
    func layout(size: Size)
    func start()
    func stop()
    func pointerDown(at point: Point)
    func pointerMoved(to point: Point)
    func pointerUp(at point: Point)
    func tick()
    func fingerDistance(forOffset offset: Double) -> Double
    /// While a finger is down, puts the content at exactly `contentOffset.y = y`.
    func holdOffset(y: Double)
}

extension SessionContent {
    public var refreshThreshold: Double? { nil }
    public func pointerDown(at point: Point) {}
    public func pointerMoved(to point: Point) {}
    public func pointerUp(at point: Point) {}
    public func tick() {}
    public var needsFrames: Bool { false }
    public var stepsFrameByFrame: Bool { false }
    public func fingerDistance(forOffset offset: Double) -> Double { offset }
    public func holdOffset(y: Double) {}
}
