import Foundation
import LayerKit
import LayerKitCairo
@_spi(LoaderLabHost) import QuartzCore
import SnapshotTesting
import Testing
import UIKit

/// The iOS-style snippet compiles here and runs as it would on an iPhone; and a shape-layer
/// scene drawn through LayerKitCairo against a committed picture.
@Suite(.serialized) struct SnippetTests {
    @Test func snippetRuns() {
        let stage = Stage()
        let spinner = ArcSpinnerView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        stage.perform {
            stage.root.addSublayer(spinner.layer)
            spinner.startAnimating()
        }
        let arc = spinner.layer.sublayers!.first as! CAShapeLayer
        #expect(arc.animationKeys() == ["stroke", "spin"])
        stage.at(0.5)
        // strokeEnd 0 → 1 over 1 s, ease-in-ease-out: half-way in time is half-way (symmetric curve).
        #expect(near(arc.presentation()!.strokeEnd, 0.5, 1e-6))
        // The spin: a quarter turn after 0.5 s of 2 s.
        let m = arc.presentation()!.transform
        #expect(near(m.m11, 0, 1e-9) && near(m.m12, 1, 1e-9))
        stage.at(1.5)
        #expect(spinner.stops == 1)
        #expect(arc.presentation()!.strokeEnd == 1)
        spinner.stopAnimating()
        #expect(arc.animationKeys() == nil)
    }

    @Test func shapeSceneSnapshot() throws {
        let stage = Stage(width: 80, height: 60)
        stage.perform {
            stage.root.backgroundColor = UIColor(white: 0.95, alpha: 1).cgColor
            let ring = CAShapeLayer()
            ring.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
            ring.path = UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 40, height: 40)).cgPath
            ring.fillColor = UIColor.clear.cgColor
            ring.strokeColor = UIColor.systemBlue.cgColor
            ring.lineWidth = 6
            ring.lineCap = .round
            // A quarter of the oval, from its rightmost point clockwise on screen: the lower
            // right quarter.
            ring.strokeEnd = 0.25
            stage.root.addSublayer(ring)
            let arc = CAShapeLayer()
            let cg = CGMutablePath()
            // CoreGraphics' clockwise: from 0 to π/2 the long way, counter-clockwise on screen.
            cg.addArc(
                center: CGPoint(x: 60, y: 30), radius: 12, startAngle: 0, endAngle: .pi / 2, clockwise: true)
            arc.path = cg
            arc.fillColor = nil
            arc.strokeColor = UIColor.systemRed.cgColor
            arc.lineWidth = 3
            stage.root.addSublayer(arc)
        }
        stage.at(0)
        let surface = try renderForTesting(stage.scene.presentation(), width: 80, height: 60, scale: 2)
        try expectSnapshot(
            surface, named: "shape-scene@2x", in: snapshotsDirectory(beside: #filePath), tolerance: 8,
            allowedMismatches: 20)
    }
}
