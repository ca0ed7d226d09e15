import Foundation
import LayerKit
import Testing

@testable import RefreshKit

/// Random sequences of pans, releases, begin/end calls and time steps, checked after every step.
@Suite struct PropertyTests {
    enum Action: CaseIterable {
        case panBegan, panMoved, panEnded, begin, end, advance, advanceZero
    }

    @Test(arguments: 0..<8)
    func randomSequencesKeepInvariants(batch: Int) {
        var seen: Set<RefreshState> = []
        for run in 0..<50 {
            var rng = SplitMix64(seed: UInt64(batch * 1000 + run))
            seen.formUnion(checkOneSequence(&rng, label: "batch \(batch) run \(run)"))
        }
        // The sequences are not vacuous: every state is visited in each batch.
        #expect(seen == Set(RefreshState.allCases))
    }

    func checkOneSequence(_ rng: inout SplitMix64, label: String) -> Set<RefreshState> {
        var seen: Set<RefreshState> = []
        let originalTop = rng.nextUnit() < 0.5 ? 0.0 : 20
        let original = EdgeInsets(top: originalTop)
        let contentHeight = [0.0, 300, 3000][Int(rng.next() % 3)]
        let view = ScrollView(
            viewportSize: Size(375, 600), contentSize: Size(375, contentHeight), contentInset: original)
        let threshold = [40.0, 85, 110][Int(rng.next() % 3)]
        let control = RefreshControl(scrollView: view, headerHeight: threshold)
        control.beginAnimation = ScrollAnimation(duration: [0.3, 0.5][Int(rng.next() % 2)])
        control.endAnimation = ScrollAnimation(
            duration: [0.0, 0.3, 0.5][Int(rng.next() % 3)], timingFunction: .easeOut)
        if rng.nextUnit() < 0.5 { control.simulatedLoadDuration = rng.nextUnit() * 4 }

        var illegal: [String] = []
        control.onStateChange = { c, old in
            if !old.canTransition(to: c.state) { illegal.append("\(old)→\(c.state)") }
        }
        // What a view showing the content would show: an offset change announced with an
        // animation slides there (no jump on screen); any other shows at once.
        var lastNotified = view.contentOffset.y
        var jumpOnScreen = 0.0
        view.addOffsetObserver { v in
            if v.offsetChangeAnimation == nil { jumpOnScreen += abs(v.contentOffset.y - lastNotified) }
            lastNotified = v.contentOffset.y
        }
        var t = 0.0
        var translation = 0.0
        for step in 0..<80 {
            let action = Action.allCases[Int(rng.next() % UInt64(Action.allCases.count))]
            t += rng.nextUnit() < 0.2 ? 0 : rng.nextUnit() * 0.3
            // Bring time up to t first, so the action itself is the only change measured.
            view.advance(to: t)
            jumpOnScreen = 0
            var allowedChange = 0.0
            switch action {
            case .panBegan:
                translation = 0
                view.panBegan(at: t)
            case .panMoved:
                let delta = (rng.nextUnit() - 0.4) * 300
                translation += delta
                // The content never moves more than the finger (rubber band slope ≤ 1).
                allowedChange = view.isDragging ? abs(delta) + 1e-9 : 0
                view.panChanged(translation: Point(0, translation), at: t)
            case .panEnded:
                view.panEnded(velocity: Point(0, (rng.nextUnit() - 0.5) * 6000), at: t)
            case .begin:
                control.beginRefreshing(at: t)
            case .end:
                // An end with a zero-length animation moves the offset at once, by design.
                if control.endAnimation.duration == 0 { allowedChange = .infinity }
                control.endRefreshing(at: t)
            case .advance:
                view.advance(to: t)
            case .advanceZero:
                view.advance(to: t)
                view.advance(to: t)
            }
            seen.insert(control.state)
            let context = "\(label) step \(step) \(action)"
            // No jumps: begin, end, touching and releasing never move the content on screen by
            // themselves (an animated inset change moves the offset at once and slides there).
            #expect(jumpOnScreen <= allowedChange, "\(context)")
            #expect(view.contentOffset.isFinite, "\(context)")
            #expect(illegal.isEmpty, "\(context): \(illegal)")
            switch control.state {
            case .idle, .pulling, .ending:
                #expect(view.contentInset == original, "\(context)")
            case .refreshing:
                #expect(view.contentInset.top == originalTop + threshold, "\(context)")
            }
            if control.state == .idle && !view.isAnimating {
                #expect(view.contentInset == original, "\(context)")
            }
            if control.state == .pulling { #expect(view.isDragging, "\(context)") }
            if !view.isAnimating && !view.isDragging {
                // At rest the offset is inside the scrollable range.
                #expect(view.contentOffset.y >= view.minContentOffsetY - 1e-9, "\(context)")
                #expect(view.contentOffset.y <= view.maxContentOffsetY + 1e-9, "\(context)")
            }
        }
        // Wind down: lift the finger, end any refresh, let everything finish.
        view.panEnded(velocity: .zero, at: t)
        control.endRefreshing(at: t)
        view.advance(to: t + 30)
        control.endRefreshing(at: t + 30)
        view.advance(to: t + 60)
        #expect(control.state == .idle, "\(label)")
        #expect(!view.isAnimating, "\(label)")
        #expect(view.contentInset == original, "\(label)")
        #expect(view.contentOffset.y >= view.minContentOffsetY, "\(label)")
        #expect(view.contentOffset.y <= view.maxContentOffsetY, "\(label)")
        #expect(illegal.isEmpty, "\(label): \(illegal)")
        return seen
    }
}
