import Foundation
import LayerKit

extension ShowcaseStage {
    /// A replicator spinner: one dot at the top of a ring, replicated twelve times a twelfth of
    /// a turn apart (`instanceTransform`), each copy a twelfth of a second behind the previous
    /// (`instanceDelay`) so one fade runs round the ring, tinted from white towards blue
    /// (`instanceColor` and a red offset).
    static func spinner(side: Double) -> ShowcaseStage {
        let stage = square(side)
        let ring = side * 0.56
        let replicator = ReplicatorLayer()
        replicator.name = "replicator"
        replicator.bounds = Rect(x: 0, y: 0, width: ring, height: ring)
        replicator.position = Point(x: side / 2, y: side / 2)
        let count = 12
        replicator.instanceCount = count
        replicator.instanceTransform = Transform3D(rotationZ: 2 * .pi / Double(count))
        replicator.instanceDelay = 1 / Double(count)
        replicator.instanceColor = Color(red: 1, green: 1, blue: 1)
        replicator.instanceRedOffset = -0.06
        replicator.instanceGreenOffset = -0.03
        stage.addSublayer(replicator)
        let dotSide = ring * 0.16
        let dot = Layer()
        dot.name = "dot"
        dot.bounds = Rect(x: 0, y: 0, width: dotSide, height: dotSide)
        dot.position = Point(x: ring / 2, y: dotSide / 2)
        dot.cornerRadius = dotSide / 2
        dot.backgroundColor = .white
        dot.opacity = 0.15
        replicator.addSublayer(dot)
        return ShowcaseStage(layer: stage) {
            let fade = forever(BasicAnimation(keyPath: "opacity"), duration: 1)
            fade.fromValue = 1
            fade.toValue = 0.15
            dot.addAnimation(fade, forKey: "fade")
            let shrink = forever(BasicAnimation(keyPath: "transform.scale"), duration: 1)
            shrink.fromValue = 1
            shrink.toValue = 0.5
            dot.addAnimation(shrink, forKey: "shrink")
        }
    }
}
