import LayerKit
import Testing

/// What other modules keep per scene is the scene's: made once, the same object each time it is
/// asked for, separate for each scene, and released with the scene.
@Suite struct SceneAttachmentTests {
    final class Counter {
        var value = 0
    }

    @Test func oneObjectPerTypeAndScene() {
        var makes = 0
        let a = Scene(root: Layer(), clock: ManualClock(time: 0))
        let b = Scene(root: Layer(), clock: ManualClock(time: 0))
        let first = a.attachment(Counter.self) {
            makes += 1
            return Counter()
        }
        first.value = 7
        let again = a.attachment(Counter.self) {
            makes += 1
            return Counter()
        }
        #expect(first === again && makes == 1)
        #expect(b.existingAttachment(Counter.self) == nil)
        #expect(b.attachment(Counter.self) { Counter() }.value == 0)
    }

    @Test func releasedWithTheScene() {
        weak var attached: Counter?
        do {
            let scene = Scene(root: Layer(), clock: ManualClock(time: 0))
            attached = scene.attachment(Counter.self) { Counter() }
            #expect(attached != nil)
        }
        #expect(attached == nil)
    }
}
