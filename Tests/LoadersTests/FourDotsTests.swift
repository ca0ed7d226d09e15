import Foundation
import LayerKit
import RefreshKit
import Testing

@testable import Loaders

/// Four dots (seed 000, PullLen 85). Expected values are worked out by hand from the original's
/// `setLineLayerStrokeWithProgress:` and `adjustPointStateWithIndex:`.
@Suite struct FourDotsTests {
    static let top = Color(r255: 90, g: 200, b: 200)
    static let left = Color(r255: 250, g: 85, b: 78)
    static let bottom = Color(r255: 92, g: 201, b: 105)
    static let right = Color(r255: 253, g: 175, b: 75)

    /// One row of the hand-worked table: a pull, the line's trim, which dots show, the colour.
    struct Case: Sendable, CustomTestStringConvertible {
        var pull: Double
        var start: Double
        var end: Double
        /// Hidden state of left, bottom, right.
        var hidden: (Bool, Bool, Bool)
        var color: Color
        var topOpacity: Double
        var testDescription: String { "pull \(pull)" }
    }

    // Stages start at PullLen − 40 = 45; stage = ⌊(p − 45)/10⌋, sub = p − 45 − 10·stage.
    // First half (sub ≤ 5): index 2·stage, start = stage/4, end = stage/4 + sub/20.
    // Second half: index 2·stage+1, start = max(stage/4 + (sub−5)/20, (stage+1)/4 − 0.1),
    // end = (stage+1)/4. Left shows for index > 1, bottom > 3, right > 5.
    static let cases: [Case] = [
        // Before the stages: only the top dot, fading in at p/20 (a model value above 1 is
        // clamped when drawn).
        Case(pull: -5, start: 0, end: 0, hidden: (true, true, true), color: top, topOpacity: 0),
        Case(pull: 0, start: 0, end: 0, hidden: (true, true, true), color: top, topOpacity: 0),
        Case(pull: 10, start: 0, end: 0, hidden: (true, true, true), color: top, topOpacity: 0.5),
        Case(pull: 30, start: 0, end: 0, hidden: (true, true, true), color: top, topOpacity: 1.5),
        // Stage 0, sub 0 and 2.5 (index 0): the line grows from the top dot.
        Case(pull: 45, start: 0, end: 0, hidden: (true, true, true), color: top, topOpacity: 1),
        Case(pull: 47.5, start: 0, end: 0.125, hidden: (true, true, true), color: top, topOpacity: 1),
        Case(pull: 50, start: 0, end: 0.25, hidden: (true, true, true), color: top, topOpacity: 1),
        // Stage 0, sub 7.5 (index 1): start = max(0.125, 0.15) = 0.15; sub 9: max(0.2, 0.15).
        Case(pull: 52.5, start: 0.15, end: 0.25, hidden: (true, true, true), color: top, topOpacity: 1),
        Case(pull: 54, start: 0.2, end: 0.25, hidden: (true, true, true), color: top, topOpacity: 1),
        // Stage 1 (index 2): left shows, line in the left colour.
        Case(pull: 57.5, start: 0.25, end: 0.375, hidden: (false, true, true), color: left, topOpacity: 1),
        // Stage 1, sub 7.5 (index 3): start = max(0.375, 0.4) = 0.4.
        Case(pull: 62.5, start: 0.4, end: 0.5, hidden: (false, true, true), color: left, topOpacity: 1),
        // Stage 2 (index 4): bottom shows.
        Case(pull: 67.5, start: 0.5, end: 0.625, hidden: (false, false, true), color: bottom, topOpacity: 1),
        // Stage 2, sub 7.5 (index 5): start = max(0.625, 0.65) = 0.65.
        Case(pull: 72.5, start: 0.65, end: 0.75, hidden: (false, false, true), color: bottom, topOpacity: 1),
        // Stage 3 (index 6): right shows.
        Case(pull: 77.5, start: 0.75, end: 0.875, hidden: (false, false, false), color: right, topOpacity: 1),
        // Stage 3, sub 7.5 (index 7): start = max(0.875, 0.9) = 0.9; sub 9: max(0.95, 0.9).
        Case(pull: 82.5, start: 0.9, end: 1, hidden: (false, false, false), color: right, topOpacity: 1),
        Case(pull: 84, start: 0.95, end: 1, hidden: (false, false, false), color: right, topOpacity: 1),
        // Past PullLen: all dots, start = end = 1 (index NSIntegerMax).
        Case(pull: 85, start: 1, end: 1, hidden: (false, false, false), color: right, topOpacity: 1),
        Case(pull: 120, start: 1, end: 1, hidden: (false, false, false), color: right, topOpacity: 1),
    ]

    /// Model values straight after `setLineLayerStrokeWithProgress:` (what the original sets; the
    /// drawn values follow over the implicit 0.25 s).
    @Test(arguments: cases)
    func modelValuesForEachSubStage(_ c: Case) {
        let header = FourDotsHeader()
        header.setLineLayerStroke(progress: c.pull)
        #expect(close(header.lineLayer.strokeStart, c.start))
        #expect(close(header.lineLayer.strokeEnd, c.end))
        #expect(header.leftPointLayer.isHidden == c.hidden.0)
        #expect(header.bottomPointLayer.isHidden == c.hidden.1)
        #expect(header.rightPointLayer.isHidden == c.hidden.2)
        #expect(header.topPointLayer.isHidden == false)
        #expect(close(header.topPointLayer.opacity, c.topOpacity))
        #expect(close(header.lineLayer.strokeColor, c.color))
    }

    /// The same table through the whole session: the finger holds the list at
    /// `contentOffset.y = −pull` for 0.5 s, so the implicit animations have settled; these are
    /// presentation values.
    @Test(arguments: cases.filter { $0.pull > 0 })
    func presentationWhilePulling(_ c: Case) {
        let h = Harness("four-dots")
        h.pull(to: c.pull)
        #expect(close(h.header.scrollView.contentOffset.y, -c.pull, 1e-6))
        let line = h.presentedShape("line")
        #expect(close(line.strokeStart, c.start, 1e-6))
        #expect(close(line.strokeEnd, c.end, 1e-6))
        #expect(close(line.strokeColor, c.color, 1e-6))
        #expect(h.presented("dot.left").isHidden == c.hidden.0)
        #expect(h.presented("dot.bottom").isHidden == c.hidden.1)
        #expect(h.presented("dot.right").isHidden == c.hidden.2)
        #expect(close(min(1, h.presented("dot.top").opacity), min(1, c.topOpacity), 1e-6))
        // Pulling means past the threshold with the finger down.
        #expect(h.session.status == (c.pull >= 85 ? .pulling : .idle))
    }

    /// The header's top edge while pulling (original project's placement).
    @Test func headerPlacement() {
        // p ≤ 35: −p; 35 < p < 85: −(35 + (p − 35)/2); p ≥ 85: −(85 − 25) = −60.
        #expect(FourDotsHeader.headerY(progress: 20) == -20)
        #expect(FourDotsHeader.headerY(progress: 35) == -35)
        #expect(FourDotsHeader.headerY(progress: 65) == -50)
        #expect(FourDotsHeader.headerY(progress: 85) == -60)
        #expect(FourDotsHeader.headerY(progress: 200) == -60)
        let h = Harness("four-dots")
        h.pull(to: 65)
        #expect(close(h.layer("header").frame.origin.y, -50))
        #expect(close(h.layer("header").frame.midX, h.session.size.width / 2))
    }

    /// Released past PullLen: inset 85 over 0.5 s, the header spins once a second and each dot
    /// moves in and out twice a turn; the simulated load ends it and the dots hide again.
    @Test func refreshSpinsAndEnds() {
        let h = Harness("four-dots")
        h.pull(to: 95)
        let r = h.release()
        #expect(h.session.status == .refreshing)
        #expect(h.header.scrollView.contentInset.top == 85)

        // transform.rotation.z 0 → 2π in 1 s, linear; translation keyframes [0, d, 0, d, 0].
        for t in [0.1, 0.25, 0.375, 0.6, 1.3] {
            h.run(to: r + t)
            let angle = 2 * Double.pi * t.truncatingRemainder(dividingBy: 1)
            #expect(sameAngle(h.presented("header").transform.components.rotationZ, angle))
            // Position in the four 0.25 s segments: up to d, back, up, back.
            let phase = (t.truncatingRemainder(dividingBy: 1) * 4)
            let k = phase.truncatingRemainder(dividingBy: 2)
            let amount = 5 * (k <= 1 ? k : 2 - k)
            let top = h.presented("dot.top").transform
            let left = h.presented("dot.left").transform
            let bottom = h.presented("dot.bottom").transform
            let right = h.presented("dot.right").transform
            #expect(close(top.m41, 0) && close(top.m42, amount))
            #expect(close(left.m41, amount) && close(left.m42, 0))
            #expect(close(bottom.m41, 0) && close(bottom.m42, -amount))
            #expect(close(right.m41, -amount) && close(right.m42, 0))
        }
        // The inset animation is over after 0.5 s: the list rests at −85, the header centred
        // in the gap at −60.
        #expect(close(h.header.scrollView.contentOffset.y, -85, 1e-6))
        #expect(close(h.layer("header").frame.origin.y, -60))
        // All four dots still show while refreshing.
        #expect(!h.presented("dot.left").isHidden && !h.presented("dot.right").isHidden)

        // The simulated load ends at 3 s; the inset goes back over 0.5 s, then the animations
        // are removed and left, bottom and right hide.
        h.run(to: r + 3.2)
        #expect(h.session.status == .ending)
        h.run(to: r + 3.6)
        #expect(h.session.status == .idle)
        // The refresh animations are gone (what remains are the implicit ones of the reset).
        #expect(h.layer("header").animationKeys().isEmpty)
        for name in ["dot.top", "dot.left", "dot.bottom", "dot.right"] {
            #expect(h.layer(name).animation(forKey: "translationKeyframeAni") == nil)
        }
        #expect(h.layer("dot.left").isHidden && h.layer("dot.bottom").isHidden)
        #expect(h.layer("dot.right").isHidden)
        #expect(h.header.scrollView.contentInset.top == 0)
        #expect(h.header.scrollView.contentOffset.y == 0)
        // Presentation once the implicit 0.25 s have passed.
        h.run(to: r + 4.0)
        #expect(h.presented("dot.left").isHidden)
        #expect(h.presented("dot.bottom").isHidden)
        #expect(h.presented("dot.right").isHidden)
        #expect(close(h.presented("dot.top").opacity, 0))
        #expect(!h.scene.needsFrames)
        #expect(!h.session.needsFrames)
    }

    /// Released short of PullLen: the list bounces back, no refresh.
    @Test func releaseBelowThresholdBouncesBack() {
        let h = Harness("four-dots")
        h.pull(to: 70)
        let r = h.release()
        h.run(to: r + 1.5)
        #expect(h.session.status == .idle)
        #expect(close(h.header.scrollView.contentOffset.y, 0, 0.01))
        #expect(h.layer("header").animationKeys().isEmpty)
    }

    /// The dots and the line are plain layers: the original's changes animate implicitly over
    /// 0.25 s on the default curve, as on iOS; the header view itself moves at once.
    @Test func lineTrimAnimatesImplicitly() {
        let clock = ManualClock(time: 0)
        let header = FourDotsHeader()
        let scene = Scene(root: header.layer, clock: clock)
        scene.update()
        header.setLineLayerStroke(progress: 50)  // end 0 → 0.25
        clock.set(0.125)
        scene.update()
        let expected = 0.25 * TimingFunction.default(0.5)
        #expect(close(scene.shapePresentation(of: header.lineLayer)?.strokeEnd ?? -1, expected, 1e-6))
        clock.set(0.3)
        scene.update()
        #expect(close(scene.shapePresentation(of: header.lineLayer)?.strokeEnd ?? -1, 0.25, 1e-9))
    }

    @Test func stableNames() {
        let h = Harness("four-dots")
        for name in ["header", "dot.top", "dot.left", "dot.bottom", "dot.right", "line"] {
            #expect(h.layer(name).name == name)
        }
        // The line draws above the top dot and below the others (insertSublayer:above:).
        #expect(
            h.layer("header").sublayers.map(\.name) == [
                "dot.top", "line", "dot.left", "dot.bottom", "dot.right",
            ])
    }
}
