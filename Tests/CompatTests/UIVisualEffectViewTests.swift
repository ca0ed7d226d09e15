import Foundation
import LayerKit
import LayerKitCairo
import Testing
@_spi(LoaderLabHost) import UIKit

/// `UIVisualEffectView` with `UIBlurEffect` and `UIVibrancyEffect`: a wash of the style's
/// colour over what is behind, content on top, effects animated in `UIView.animate`.
@Suite(.serialized) struct UIVisualEffectViewTests {
    /// The effect view over a white stage: the pixel at its middle.
    func middle(of view: UIVisualEffectView) throws -> Pixel {
        let surface = try render(stage(showing: view, width: 40, height: 40))
        return try #require(surface.pixel(x: 20, y: 20))
    }

    @Test func aDarkBlurWashesWhatIsBehindWithItsTint() throws {
        let view = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        // 11% white at 73% over white: 255 · 0.27 + 28.05 · 0.73 ≈ 89.3.
        let p = try middle(of: view)
        #expect((88...91).contains(Int(p.red)) && p.red == p.green && p.green == p.blue, "\(p)")
        // Light: white at 30% over white stays white; extra light 97% white at 82%: ≈ 249.5.
        view.effect = UIBlurEffect(style: .extraLight)
        let extraLight = try middle(of: view)
        #expect((248...251).contains(Int(extraLight.red)), "\(extraLight)")
    }

    @Test func noEffectAndVibrancyDrawNothingOfTheirOwn() throws {
        let none = UIVisualEffectView(effect: nil)
        none.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let nothing = try middle(of: none)
        #expect(nothing == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        let blur = UIBlurEffect(style: .dark)
        let vibrancy = UIVibrancyEffect(blurEffect: blur)
        #expect(vibrancy.blurEffect === blur && vibrancy.style == .label)
        let vibrant = UIVisualEffectView(effect: vibrancy)
        vibrant.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let vibrantMiddle = try middle(of: vibrant)
        #expect(vibrantMiddle == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(UIVisualEffectView().effect == nil)
    }

    @Test func theContentViewFillsTheViewAndIsDrawnOverTheWash() throws {
        let view = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        #expect(view.contentView.frame == CGRect(x: 0, y: 0, width: 40, height: 40))
        view.frame.size = CGSize(width: 30, height: 20)
        #expect(view.contentView.frame == CGRect(x: 0, y: 0, width: 30, height: 20))
        view.frame.size = CGSize(width: 40, height: 40)
        let red = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        red.backgroundColor = .red
        view.contentView.addSubview(red)
        let content = try middle(of: view)
        #expect(content == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test func anEffectSetInAnAnimationFadesIn() throws {
        let view = UIVisualEffectView()
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let stage = stage(showing: view, width: 40, height: 40)
        stage.perform {
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: {
                    view.effect = UIBlurEffect(style: .dark)
                })
        }
        // Halfway the colour is halfway from clear (black at 0) to 11% white at 73%, component by
        // component as Core Animation mixes colours: 5.5% white at 36.5% over white,
        // 255 · 0.635 + 14.0 · 0.365 ≈ 167.0.
        stage.at(0.5)
        let half = try #require(try render(stage).pixel(x: 20, y: 20))
        #expect((165...169).contains(Int(half.red)), "\(half)")
        stage.at(1)
        let done = try #require(try render(stage).pixel(x: 20, y: 20))
        #expect((88...91).contains(Int(done.red)), "\(done)")
    }
}
