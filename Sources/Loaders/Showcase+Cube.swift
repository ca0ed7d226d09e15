import Foundation
import LayerKit

extension ShowcaseStage {
    /// A cube of six faces in a `TransformLayer`, seen from a little above with perspective
    /// (the stage's `sublayerTransform`: a tilt about x, then `m34 = −1/500`), flipping a
    /// quarter turn about y at a time. The faces are not double-sided: only those facing the
    /// viewer draw.
    static func cube(side: Double) -> ShowcaseStage {
        let stage = square(side)
        var view = Transform3D(rotationAngle: -0.45, x: 1, y: 0, z: 0)
        view.m34 = -1.0 / 500
        stage.sublayerTransform = view
        let cube = TransformLayer()
        cube.name = "cube"
        cube.bounds = .zero
        cube.position = Point(x: side / 2, y: side / 2)
        stage.addSublayer(cube)
        let edge = side * 0.36
        let h = edge / 2
        let quarter = Double.pi / 2
        let faces: [(String, Color, Transform3D)] = [
            ("front", Color(r255: 255, g: 94, b: 98), Transform3D(translationX: 0, y: 0, z: h)),
            ("right", Color(r255: 255, g: 189, b: 68), turn(quarter, y: 1).concatenating(move(x: h))),
            ("back", Color(r255: 88, g: 214, b: 141), turn(2 * quarter, y: 1).concatenating(move(z: -h))),
            ("left", Color(r255: 72, g: 163, b: 255), turn(-quarter, y: 1).concatenating(move(x: -h))),
            ("top", Color(r255: 178, g: 120, b: 255), turn(quarter, x: 1).concatenating(move(y: -h))),
            ("bottom", Color(r255: 240, g: 240, b: 245), turn(-quarter, x: 1).concatenating(move(y: h))),
        ]
        for (name, color, placement) in faces {
            let face = Layer()
            face.name = name
            face.bounds = Rect(x: 0, y: 0, width: edge, height: edge)
            face.position = .zero
            face.backgroundColor = color
            face.cornerRadius = edge * 0.12
            face.borderWidth = 2
            face.borderColor = Color(white: 1, alpha: 0.55)
            face.isDoubleSided = false
            face.transform = placement
            cube.addSublayer(face)
        }
        return ShowcaseStage(layer: stage) {
            // Quarter turns, each eased, with a short rest between.
            let flip = forever(KeyframeAnimation(keyPath: "transform.rotation.y"), duration: 4)
            flip.values = (0..<9).map { .number(Double(($0 + 1) / 2) * quarter) }
            flip.keyTimes = [0, 0.175, 0.25, 0.425, 0.5, 0.675, 0.75, 0.925, 1]
            flip.timingFunctions = Array(repeating: .easeInEaseOut, count: 8)
            cube.addAnimation(flip, forKey: "flip")
        }
    }

    private static func turn(_ angle: Double, x: Double = 0, y: Double = 0) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: 0)
    }

    private static func move(x: Double = 0, y: Double = 0, z: Double = 0) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z)
    }
}
