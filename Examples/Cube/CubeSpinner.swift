//
//  CubeSpinner.swift
//  A cube of six coloured faces, built in a CATransformLayer, turning with perspective.
//
//  A CATransformLayer does not flatten its sublayers: the six faces keep their places in 3D,
//  so turning the cube turns them all, and the nearest faces cover the others. The faces are
//  single-sided, so only the ones facing the viewer draw. The container's sublayerTransform
//  is the camera: tilted to look down on the cube a little, with m34 = -1/500 perspective.
//

import QuartzCore
import UIKit

final class CubeSpinner {
    /// One whole turn, in seconds.
    let duration: Double

    init(duration: Double = 4.0) {
        self.duration = duration
    }

    /// Adds the cube, `size` points along an edge, in the middle of `layer` and starts it.
    func setUpAnimation(in layer: CALayer, size: CGFloat) {
        let container = CALayer()
        container.frame = layer.bounds
        var camera = CATransform3DIdentity
        camera.m34 = -1.0 / 500
        camera = CATransform3DRotate(camera, -0.45, 1, 0, 0)
        container.sublayerTransform = camera
        layer.addSublayer(container)

        let cube = CATransformLayer()
        cube.frame = CGRect(
            x: (container.bounds.width - size) / 2, y: (container.bounds.height - size) / 2,
            width: size, height: size)
        container.addSublayer(cube)

        let half = size / 2
        let faces: [(UIColor, CATransform3D)] = [
            (
                UIColor(hue: 0.00, saturation: 0.65, brightness: 1, alpha: 1),
                CATransform3DMakeTranslation(0, 0, half)
            ),
            (
                UIColor(hue: 0.11, saturation: 0.75, brightness: 1, alpha: 1),
                face(turn: .pi / 2, y: 1, then: half)
            ),
            (
                UIColor(hue: 0.40, saturation: 0.60, brightness: 0.85, alpha: 1),
                face(turn: .pi, y: 1, then: half)
            ),
            (
                UIColor(hue: 0.58, saturation: 0.70, brightness: 1, alpha: 1),
                face(turn: -.pi / 2, y: 1, then: half)
            ),
            (
                UIColor(hue: 0.75, saturation: 0.55, brightness: 1, alpha: 1),
                face(turn: .pi / 2, x: 1, then: half)
            ),
            (UIColor(white: 0.95, alpha: 1), face(turn: -.pi / 2, x: 1, then: half)),
        ]
        for (color, transform) in faces {
            let side = CALayer()
            side.frame = cube.bounds
            side.backgroundColor = color.cgColor
            side.cornerRadius = size * 0.12
            side.borderWidth = 2
            side.borderColor = UIColor(white: 1, alpha: 0.55).cgColor
            side.isDoubleSided = false
            side.transform = transform
            cube.addSublayer(side)
        }

        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = duration
        spin.repeatCount = .infinity
        cube.add(spin, forKey: "spin")
    }

    /// A face turned by `angle` about the axis (`x`, `y`, 0) through the cube's centre, then
    /// moved `distance` outwards along its own normal.
    private func face(turn angle: CGFloat, x: CGFloat = 0, y: CGFloat = 0, then distance: CGFloat)
        -> CATransform3D
    {
        CATransform3DTranslate(CATransform3DMakeRotation(angle, x, y, 0), 0, 0, distance)
    }
}
