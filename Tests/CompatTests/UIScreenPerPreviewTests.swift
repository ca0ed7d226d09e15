import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import Testing
@_spi(LoaderLabHost) import UIKit

/// `UIScreen.main` answers for the preview whose code runs: with several previews in one scene
/// (the window's tiles), a view laid out sees its own preview's screen, and an event delivered
/// to a preview's layer makes its screen current.
@MainActor
@Suite(.serialized) struct UIScreenPerPreviewTests {
    /// Records the screen's size each time it is laid out.
    final class ScreenReader: UIView {
        var seen: [CGSize] = []
        override func layoutSubviews() {
            super.layoutSubviews()
            seen.append(UIScreen.main.bounds.size)
        }
    }

    /// Two previews of different sizes set up in one scene, as the window's tiles are.
    func twoPreviews() -> (stage: Stage, tiles: [CALayer], readers: [ScreenReader]) {
        let stage = Stage(width: 400, height: 400)
        var tiles: [CALayer] = []
        var readers: [ScreenReader] = []
        for size in [CGSize(width: 100, height: 50), CGSize(width: 200, height: 80)] {
            let tile = CALayer()
            tile.frame = CGRect(origin: CGPoint(x: 0, y: CGFloat(tiles.count) * 100), size: size)
            stage.root.addSublayer(tile)
            let reader = ScreenReader(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let preview = LoaderPreview("tile", size: size) { root in root.addSublayer(reader.layer) }
            guard case .layer(let setUp) = preview.content else { continue }
            stage.perform { setUp(tile) }
            tiles.append(tile)
            readers.append(reader)
        }
        return (stage, tiles, readers)
    }

    @Test func eachPreviewsViewsAreLaidOutWithItsOwnScreen() {
        let (stage, _, readers) = twoPreviews()
        // As if a third preview had been set up last, elsewhere.
        UIScreen.main.set(bounds: CGRect(x: 0, y: 0, width: 999, height: 999))
        defer { UIScreen.main.set(bounds: CGRect(x: 0, y: 0, width: 320, height: 480)) }
        stage.at(0.1)
        #expect(readers[0].seen == [CGSize(width: 100, height: 50)])
        #expect(readers[1].seen == [CGSize(width: 200, height: 80)])
        // Outside a layout the screen is as the host left it.
        #expect(UIScreen.main.bounds.size == CGSize(width: 999, height: 999))
    }

    @Test func codeOfAPreviewsLayerSeesItsScreen() {
        let (stage, tiles, _) = twoPreviews()
        defer { withExtendedLifetime(stage) {} }
        defer { UIScreen.main.set(bounds: CGRect(x: 0, y: 0, width: 320, height: 480)) }
        let deep = CALayer()
        tiles[1].addSublayer(deep)
        UIScreen.main.follow(codeOf: deep.engineLayer)
        #expect(UIScreen.main.bounds.size == CGSize(width: 200, height: 80))
        UIScreen.main.follow(codeOf: tiles[0].engineLayer)
        #expect(UIScreen.main.bounds.size == CGSize(width: 100, height: 50))
        // A layer in no preview's window leaves the screen as it is.
        UIScreen.main.follow(codeOf: CALayer().engineLayer)
        #expect(UIScreen.main.bounds.size == CGSize(width: 100, height: 50))
    }
}
