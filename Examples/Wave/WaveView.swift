//
//  WaveView.swift
//  A water wave driven by a CADisplayLink: every frame the wave moves on by a fixed step and
//  its path is built again.
//
//  The view's own layer is a CAShapeLayer filled below a sine curve. The display link calls
//  `step(_:)` once per frame; the phase advances by `speed` each call, so the wave's position
//  counts frames, the common way such loaders are written.
//

import QuartzCore
import UIKit

final class WaveView: UIView {
    override class var layerClass: AnyClass {
        return CAShapeLayer.self
    }

    private var shapeLayer: CAShapeLayer {
        return layer as! CAShapeLayer
    }

    /// Height of a crest above the wave's middle line, in points.
    var amplitude: CGFloat = 12
    /// Length of one wave, in points.
    var wavelength: CGFloat = 160
    /// How far the wave moves each frame, in radians of phase.
    var speed: CGFloat = 0.08
    /// The middle line, as a fraction of the height from the top.
    var level: CGFloat = 0.5

    private(set) var phase: CGFloat = 0
    private var displayLink: CADisplayLink?

    init(frame: CGRect, color: UIColor) {
        super.init(frame: frame)
        shapeLayer.fillColor = color.cgColor
        updatePath()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startAnimating() {
        guard displayLink == nil else { return }
        let link = CADisplayLink(target: self, selector: #selector(step(_:)))
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    func stopAnimating() {
        displayLink?.invalidate()
        displayLink = nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        updatePath()
    }

    @objc private func step(_ link: CADisplayLink) {
        phase += speed
        updatePath()
    }

    /// The region below the wave: the curve sampled every 2 points, then down to the bottom.
    private func updatePath() {
        let path = UIBezierPath()
        let middle = bounds.height * level
        path.move(to: CGPoint(x: 0, y: bounds.height))
        var x: CGFloat = 0
        while x <= bounds.width {
            let y = middle + amplitude * sin(2 * .pi * x / wavelength + phase)
            path.addLine(to: CGPoint(x: x, y: y))
            x += 2
        }
        path.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
        path.close()
        shapeLayer.path = path.cgPath
    }
}
