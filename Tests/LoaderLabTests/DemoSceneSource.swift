import Foundation
import LayerKit
import LoaderLab

/// A small standalone scene built directly from presentation values, so the commands can be
/// exercised without the loaders: a dark 120×120 viewport with a white ring whose stroke grows
/// over 3 s, and a 80-point parent turning once every 3 s that carries a ball at its top centre.
struct DemoSceneSource: SceneSource {
    static let id = "demo"
    /// Seconds per turn and per ring fill.
    static let period = 3.0

    init() {}

    var entries: [LoaderEntry] {
        [LoaderEntry(id: Self.id, title: "Demo orbit", kind: .standalone, defaultSize: Size(120, 120))]
    }

    struct DemoError: Error, CustomStringConvertible {
        let description: String
    }

    func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot {
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
