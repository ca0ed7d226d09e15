import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// A full-screen HUD in the shape HUD libraries ship: a singleton view put in
/// `UIApplication.shared.keyWindow`, a dark `UIVisualEffectView` faded in with
/// `UIView.animate`, a title label that shrinks to fit, and a selector observer of an
/// application notification (`#selector` with `NotificationCenter.addObserver`), which the
/// preview posts half a second in.
@Suite("HUD preview", .tags(.compiler, .subprocess), .serialized)
struct HUDPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    static let hud = """
        import UIKit

        public final class HUDSpinner: UIView {
            public static let shared = HUDSpinner(frame: .zero)
            private let blurView = UIVisualEffectView()
            private let ring = CAShapeLayer()
            let titleLabel = UILabel()

            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(blurView)
                titleLabel.adjustsFontSizeToFitWidth = true
                titleLabel.minimumScaleFactor = 0.5
                titleLabel.textAlignment = .center
                titleLabel.textColor = .white
                blurView.contentView.addSubview(titleLabel)
                ring.fillColor = UIColor.clear.cgColor
                ring.strokeColor = UIColor.red.cgColor
                ring.lineWidth = 6
                blurView.contentView.layer.addSublayer(ring)
                NotificationCenter.default.addObserver(
                    self, selector: #selector(appDidBecomeActive(_:)),
                    name: UIApplication.didBecomeActiveNotification, object: nil)
            }

            required init?(coder aDecoder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            deinit {
                NotificationCenter.default.removeObserver(self)
            }

            @objc private func appDidBecomeActive(_ notification: Notification) {
                ring.strokeColor = UIColor.green.cgColor
            }

            public class func show(_ title: String) {
                guard let window = UIApplication.shared.keyWindow else {
                    fatalError("no key window to show the HUD in")
                }
                let hud = HUDSpinner.shared
                hud.frame = window.bounds
                hud.blurView.frame = hud.bounds
                hud.titleLabel.frame = CGRect(x: 10, y: hud.bounds.midY + 40, width: hud.bounds.width - 20, height: 30)
                hud.titleLabel.text = title
                hud.ring.path = UIBezierPath(
                    arcCenter: CGPoint(x: hud.bounds.midX, y: hud.bounds.midY), radius: 30,
                    startAngle: 0, endAngle: 2 * .pi, clockwise: true
                ).cgPath
                window.addSubview(hud)
                UIView.animate(withDuration: 0.3) {
                    hud.blurView.effect = UIBlurEffect(style: .dark)
                }
            }
        }

        struct HUDPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("hud", size: CGSize(width: 160, height: 160), background: .white) { _ in
                        HUDSpinner.show("Connecting to the server")
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                            NotificationCenter.default.post(
                                name: UIApplication.didBecomeActiveNotification, object: UIApplication.shared)
                        }
                    }
                ]
            }
        }
        """

    @Test("the HUD washes the key window, and a posted application notification reaches its selector")
    func hudDrawsAndHearsTheNotification() throws {
        let scratch = try Scratch()
        let source = try clock.folder("HUD", Self.hud, in: scratch)
        for (time, ring) in [(0.4, SceneClockPreviewTests.red), (0.9, SceneClockPreviewTests.green)] {
            let out = scratch.path + "/hud-\(time).png"
            let r = try clock.loaderlab(
                ["preview", source, "--render", "hud", "--time", "\(time)", "--out", out], scratch)
            #expect(r.status == 0, "\(r.err)")
            guard r.status == 0 else { continue }
            let image = try Pillow.decode(out)
            let frame = try #require(image.frames.first)
            // The dark blur's tint, 11% white at 73%, over the white window:
            // 255 · 0.27 + 28.05 · 0.73 ≈ 89.
            let corner = clock.rgb(frame, width: image.width, 4, 4)
            #expect(corner.allSatisfy { (87...91).contains($0) }, "\(corner) at \(time) s")
            // The ring, 30 points right of the centre: red until the notification, then green
            // (its stroke colour, a standalone layer's, fades over 0.25 s, as on iOS).
            #expect(clock.rgb(frame, width: image.width, 110, 80) == ring, "at \(time) s")
        }
    }
}
