import Foundation
import LayerKit
import Loaders

/// One loader as the commands list it: the loaders' own description.
public typealias LoaderEntry = LoaderInfo

extension LoaderInfo {
    /// A pull-to-refresh header (it can be pulled and refreshed), not a standalone loader.
    public var isHeader: Bool { kind == .header }
}

/// The moment a command shows (CLI.md's STATE): the loaders' own moment.
public typealias SceneMoment = LoaderMoment

/// A presentation tree at one moment, with what `inspect` reports about it: the loaders' own
/// snapshot.
public typealias SceneSnapshot = LoaderSnapshot

/// Where the headless commands get their loaders: the list and a snapshot of any of them at
/// any moment. The app uses the loaders' catalog; tests can use a scene they can reason about.
public protocol SceneSource {
    /// Every loader, in listing order.
    var entries: [LoaderEntry] { get }
    /// The loader `id` at `moment` in a viewport of `size` points (nil: its default size).
    /// Throws an error whose description names the problem.
    func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot
}

extension SceneSource {
    public func entry(id: String) -> LoaderEntry? { entries.first { $0.id == id } }
}

/// A small standalone scene built directly from presentation values, so the commands can be
/// exercised without the loaders: a dark 120×120 viewport with a white ring whose stroke grows
/// over 3 s, and a 80-point parent turning once every 3 s that carries a ball at its top centre.
public struct DemoSceneSource: SceneSource {
    public static let id = "demo"
    /// Seconds per turn and per ring fill.
    public static let period = 3.0

    public init() {}

    public var entries: [LoaderEntry] {
        [LoaderEntry(id: Self.id, title: "Demo orbit", kind: .standalone, defaultSize: Size(120, 120))]
    }

    public struct DemoError: Error, CustomStringConvertible {
        public let description: String
    }

    public func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot {
        guard id == Self.id else { throw DemoError(description: "unknown loader '\(id)'") }
        guard case .time(let t) = moment else {
            throw DemoError(description: "'\(id)' is a standalone loader: it cannot be pulled or refreshed")
        }
        let size = size ?? Size(120, 120)
        let phase = (t / Self.period).truncatingRemainder(dividingBy: 1)
        let side = min(size.width, size.height) * 2 / 3

        var root = LayerProperties()
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(size.width / 2, size.height / 2)
        root.backgroundColor = Color(white: 0.15)

        var ringLayer = LayerProperties()
        ringLayer.bounds = Rect(x: 0, y: 0, width: side, height: side)
        ringLayer.position = root.position
        var ring = ShapeProperties()
        ring.path = .oval(in: ringLayer.bounds)
        ring.fillColor = nil
        ring.strokeColor = .white
        ring.lineWidth = 2
        ring.strokeEnd = phase

        var orbit = LayerProperties()
        orbit.bounds = ringLayer.bounds
        orbit.position = root.position
        orbit.transform = Transform3D(rotationZ: 2 * .pi * phase)

        var ball = LayerProperties()
        ball.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
        ball.position = Point(side / 2, 0)
        ball.cornerRadius = 4
        ball.backgroundColor = .white

        let tree = PresentationLayer(
            name: "root", properties: root,
            sublayers: [
                PresentationLayer(name: "ring", properties: ringLayer, shape: ring),
                PresentationLayer(
                    name: "orbit", properties: orbit,
                    sublayers: [PresentationLayer(name: "ball", properties: ball)]),
            ])
        return SceneSnapshot(tree: tree, state: "running", time: t, size: size)
    }
}
