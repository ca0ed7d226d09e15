import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import Testing
@_spi(LoaderLabHost) import UIKit

/// `perform(_:with:afterDelay:)` runs on its scene's clock, and its requests are its scene's
/// (as iOS keeps them on the run loop of the thread that made them): cancelling in one scene
/// leaves another's alone.
@Suite(.serialized) struct DelayedPerformTests {
    final class Target: NSObject {
        var fired: [String] = []
        func fire(_ tag: Any?) { fired.append(tag as? String ?? "?") }
    }

    @Test func requestsBelongToTheirScene() {
        let a = Stage()
        let b = Stage()
        let target = Target()
        let fire = Selector("fire:", Target.fire(_:))
        a.perform { target.perform(fire, with: "a", afterDelay: 0.5) }
        b.perform { target.perform(fire, with: "b", afterDelay: 0.5) }
        // Cancelled where it was asked for: scene a's request only.
        a.perform { NSObject.cancelPreviousPerformRequests(withTarget: target) }
        a.at(0.6)
        b.at(0.4)
        #expect(target.fired.isEmpty)
        b.at(0.6)
        #expect(target.fired == ["b"])
    }
}
