import Foundation
import LayerKit
import Testing

/// `Scene.main`, set on the main actor, is what code outside any update acts on; work another
/// thread schedules never goes on its clock.
@Suite(.serialized) struct SceneMainThreadTests {
    @Test @MainActor func theMainSceneIsActiveButNeverScheduledOffTheMainThread() async {
        let scene = Scene(root: Layer(), clock: ManualClock(time: 0))
        Scene.main = scene
        defer { Scene.main = nil }
        #expect(Scene.active === scene)
        let offMain = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread { done.resume(returning: Scene.scheduling == nil) }
        }
        #expect(offMain)
        // Bound by perform, on any thread.
        let other = Scene(root: Layer(), clock: ManualClock(time: 0))
        other.perform { #expect(Scene.active === other) }
    }
}
