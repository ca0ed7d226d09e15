import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// `UIControl`'s target–action through `loaderlab preview`, written as iOS code writes it:
/// `#selector` of `@objc` methods (private included), a nil target reaching a superview up the
/// responder chain, and a `UIAction`.
@Suite("Controls in previews", .tags(.compiler, .subprocess), .serialized)
struct ControlPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch

    /// A 40×40 meter, grey. At 0.5 s its level control's level is set: `.valueChanged` reaches
    /// the meter's `levelChanged(_:)` with the control as sender (green when it is the meter's
    /// control at level 1, red otherwise) and a `UIAction` (which makes the marker in the corner
    /// white). At 1 s the control sends `.primaryActionTriggered` to no target: the meter, its
    /// superview, handles `finish` and turns blue.
    static let source = """
        import Foundation
        import UIKit

        final class LevelControl: UIControl {
            var level: CGFloat = 0 {
                didSet { sendActions(for: .valueChanged) }
            }
        }

        final class Meter: UIView {
            let control = LevelControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let marker = CALayer()

            func start() {
                backgroundColor = .gray
                marker.frame = CGRect(x: 32, y: 32, width: 8, height: 8)
                marker.backgroundColor = UIColor.black.cgColor
                layer.addSublayer(marker)
                addSubview(control)
                control.addTarget(self, action: #selector(levelChanged(_:)), for: .valueChanged)
                control.addTarget(nil, action: #selector(Meter.finish), for: .primaryActionTriggered)
                control.addAction(
                    UIAction { [weak self] action in
                        guard action.sender as? LevelControl === self?.control else { return }
                        CATransaction.setDisableActions(true)
                        self?.marker.backgroundColor = UIColor.white.cgColor
                    }, for: .valueChanged)
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { self.control.level = 1 }
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                    self.control.sendActions(for: .primaryActionTriggered)
                }
            }

            @objc private func levelChanged(_ sender: LevelControl) {
                backgroundColor = sender === control && sender.level == 1 ? .green : .red
            }

            @objc func finish() {
                backgroundColor = .blue
            }
        }

        struct ControlPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("meter", size: CGSize(width: 40, height: 40), background: .black) { root in
                        let meter = Meter(frame: root.bounds)
                        root.addSublayer(meter.layer)
                        meter.start()
                    }
                ]
            }
        }
        """

    func rgb(_ frame: [UInt8], width: Int, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return [Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2])]
    }

    @Test("#selector actions reach their target and up the responder chain; a UIAction runs")
    func targetAction() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/Meter"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.source.write(toFile: folder + "/Meter.swift", atomically: true, encoding: .utf8)
        // UIColor's gray is 0.5 white: 127.5, drawn 127 or 128.
        let grey: Set<[Int]> = [[127, 127, 127], [128, 128, 128]]
        for (time, meter, marker) in [
            (0.25, grey, [0, 0, 0]), (0.75, [[0, 255, 0]], [255, 255, 255]),
            (1.25, [[0, 0, 255]], [255, 255, 255]),
        ] as [(Double, Set<[Int]>, [Int])] {
            let out = scratch.path + "/meter-\(time).png"
            let r = try ExamplePreviewTests().loaderlab(
                ["preview", folder, "--render", "meter", "--time", "\(time)", "--out", out],
                tmp: scratch.path + "/tmp")
            #expect(r.status == 0, "\(r.err)")
            guard r.status == 0 else { continue }
            let image = try Pillow.decode(out)
            let frame = try #require(image.frames.first)
            let shown = rgb(frame, width: image.width, 20, 20)
            #expect(meter.contains(shown), "meter at \(time): \(shown)")
            #expect(rgb(frame, width: image.width, 36, 36) == marker, "marker at \(time)")
        }
    }
}
