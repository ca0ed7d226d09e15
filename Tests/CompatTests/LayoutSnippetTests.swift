import Foundation
import LayerKit
import LayerKitCairo
@_spi(LoaderLabHost) import QuartzCore
import SnapshotTesting
import Testing
import UIKit

/// A view that builds its layers' geometry in `layoutSubviews()`, shown as a preview shows it
/// and drawn headless: the first frame already has the laid-out geometry.
@Suite(.serialized) struct LayoutSnippetTests {
    static let red = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    static let blue = Pixel(red: 0, green: 0, blue: 255, alpha: 255)
    static let white = Pixel(red: 255, green: 255, blue: 255, alpha: 255)

    private func draw(_ stage: Stage) throws -> ImageSurface {
        try renderForTesting(stage.scene.presentation(), width: 100, height: 100)
    }

    @Test func aViewLaidOutInLayoutSubviewsDrawsFromItsFirstFrame() throws {
        let stage = Stage(width: 100, height: 100)
        show(DotRingPreviews.previews[0], on: stage)
        let ring = try #require(stage.root.sublayers?.first?.sublayers?.first)
        stage.at(0)
        // The view is 60 × 60 at (20, 20): its centre is (50, 50), its dots 6 in radius on a
        // ring of 60 / 2 − 6 = 24, the red one to the right of the centre at (74, 50), the blue
        // ones below (50, 74), left (26, 50) and above (50, 26). The pixel whose corner is a
        // dot's centre lies well inside it.
        var image = try draw(stage)
        #expect(image.pixel(x: 74, y: 50) == Self.red)
        #expect(image.pixel(x: 50, y: 74) == Self.blue)
        #expect(image.pixel(x: 25, y: 50) == Self.blue)
        #expect(image.pixel(x: 50, y: 25) == Self.blue)
        // The centre and the ring between the dots (at 45°: (50 + 17, 50 + 17)) are empty.
        #expect(image.pixel(x: 50, y: 50) == Self.white)
        #expect(image.pixel(x: 67, y: 67) == Self.white)
        // In a window, the view turns once a second: a quarter of a second in, a quarter turn
        // clockwise on screen, the red dot is below the centre and the top one at the right.
        stage.at(0.25)
        image = try draw(stage)
        #expect(image.pixel(x: 50, y: 74) == Self.red)
        #expect(image.pixel(x: 74, y: 50) == Self.blue)
        // A new size is laid out before the next frame: 80 × 80 at (10, 10) puts the ring at
        // 40 − 6 = 34, the red dot (a whole turn in, at 1 s) at (84, 50).
        stage.perform { ring.frame = CGRect(x: 10, y: 10, width: 80, height: 80) }
        stage.at(1)
        image = try draw(stage)
        #expect(image.pixel(x: 84, y: 50) == Self.red)
        #expect(image.pixel(x: 74, y: 50) == Self.white)
        #expect(image.pixel(x: 50, y: 84) == Self.blue)
    }
}
