import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The scene clock in the preview window under Xvfb: a block a preview put on
/// `DispatchQueue.main.asyncAfter` waits while Space pauses the window, and runs once resumed.
@Suite("Scene clock in the preview window", .tags(.xvfb, .compiler), .serialized)
struct SceneClockWindowTests {
    /// A red square that a block turns green 3 s after it was drawn.
    static let source = """
        import Foundation
        import UIKit

        struct LaterPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("later", size: CGSize(width: 160, height: 160), background: .black) { layer in
                        let square = UIView(frame: layer.bounds)
                        square.backgroundColor = .red
                        layer.addSublayer(square.layer)
                        DispatchQueue.main.asyncAfter(deadline: .now() + 3) { square.backgroundColor = .green }
                    }
                ]
            }
        }

        """

    @Test("Space holds a pending asyncAfter; resumed, it runs")
    func pauseHoldsMainQueueWork() throws {
        let folder = NSTemporaryDirectory() + "scene-clock-window-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.source.write(toFile: folder + "/Later.swift", atomically: true, encoding: .utf8)

        let x = try XvfbSession()
        let (app, _) = try x.launchApp(["preview", folder, "--loader", "later"])
        // Keys go to the window under the pointer (no window manager here).
        try x.xdotool("mousemove", "10", "10")
        let red = Screenshot.RGB(r: 255, g: 0, b: 0)
        let green = Screenshot.RGB(r: 0, g: 255, b: 0)
        let square = (x: 0, y: 0, w: 160, h: 160)
        // The preview runs (its block counts from here, 3 s of scene time); paused at once.
        #expect(
            eventually(timeout: 20) { app.lastFrame["statuses"] == "later:running" }, "\(app.standardError)")
        try x.xdotool("key", "space")
        #expect(eventually(timeout: 5) { app.lastFrame["paused"] == "1" }, "\(app.lastFrame)")
        // Well past the block's 3 s of wall-clock time, the paused scene has not reached it.
        usleep(4_500_000)
        let held = try x.screenshot(savingTo: folder + "/held.png")
        #expect(held.count(red, in: square, tolerance: 8) > 10_000)
        #expect(held.count(green, in: square, tolerance: 8) == 0)

        try x.xdotool("key", "space")
        #expect(eventually(timeout: 5) { app.lastFrame["paused"] == "0" })
        // At most 3 s of scene time were left.
        var shot: Screenshot?
        let turned = eventually(timeout: 10) {
            shot = try? x.screenshot(savingTo: folder + "/turned.png")
            return (shot?.count(green, in: square, tolerance: 8) ?? 0) > 10_000
        }
        #expect(turned, "\(app.standardError)")
        try x.xdotool("key", "q")
        #expect(app.waitForExit(timeout: 10) == 0)
    }
}
