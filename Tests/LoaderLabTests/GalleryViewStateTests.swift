import Foundation
import LayerKit
import Loaders
import Testing

@testable import LoaderLab

/// The view a person set up, carried to a gallery that replaces the one they were using (a new
/// preview process after a crash or a reload).
@MainActor
@Suite("Gallery view state")
struct GalleryViewStateTests {
    @Test("the text form keeps every field, a focused id with spaces included")
    func encoded() {
        var s = GalleryViewState()
        s.focusedID = "my loader = 2"
        s.rate = 0.25
        s.isPaused = true
        s.isSlowMotion = true
        s.isTimelineOpen = true
        s.panelHeight = 212.5
        s.showsDebugOverlay = true
        s.showsHelp = true
        #expect(GalleryViewState(encoded: s.encoded) == s)
        #expect(GalleryViewState(encoded: GalleryViewState().encoded) == GalleryViewState())
        // Unknown and malformed fields are left at their defaults.
        let odd = GalleryViewState(encoded: "rate=fast paused=1 colour=blue panel=nan")
        #expect(odd.rate == 1 && odd.isPaused && odd.panelHeight == nil)
    }

    @Test("a new gallery takes up the old one's focus, rate, pause, slow motion, timeline and overlays")
    func restore() throws {
        let clock = ManualClock(time: 10)
        let old = GalleryApp(clock: clock)
        old.resize(to: Size(width: 1000, height: 600), scale: 1)
        old.key(.tab)
        old.key(.tab)
        old.key(.character("s"))
        old.key(.character(" "))
        old.key(.character("t"))
        old.key(.character("d"))
        old.playback.setRate(0.5, at: old.scene.currentTime)
        let state = old.viewState
        #expect(state.focusedID == Catalog.all[2].id)

        let new = GalleryApp(clock: clock)
        new.resize(to: Size(width: 1000, height: 600), scale: 1)
        new.restore(GalleryViewState(encoded: state.encoded))
        #expect(new.focusedSession?.info.id == Catalog.all[2].id)
        #expect(new.playback.isSlowMotion)
        #expect(new.playback.isPaused)
        #expect(new.playback.rate == 0.5)
        #expect(new.isTimelineOpen)
        #expect(new.showsDebugOverlay)
        #expect(!new.showsHelp)
        #expect(new.viewState == state)
    }
}
