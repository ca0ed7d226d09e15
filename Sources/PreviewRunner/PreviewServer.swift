import CProcess
import Dispatch
import Foundation
import HostSeam
import LayerKit
import LoaderLab
import PreviewSeam
@_spi(LoaderLabHost) import UIKit

#if canImport(Glibc)
    import Glibc
#endif

/// The preview process serving a window: the gallery of the previews, driven by the messages of
/// the side that owns the window and drawn into the shared frame.
///
/// Everything runs on the main thread in one `poll` loop over the channel and the main dispatch
/// queue, so the previews' own main-queue work runs between messages as on iOS. Each `.frame`
/// is answered with `.drawn` (the damage, whether more frames are wanted, the view to carry
/// over); a change from outside the window's events (a timer, main-queue code) is told once
/// with `.dirty` until the next frame. The process ends when the window side says `.quit` or
/// closes its end, after the gallery finished what must not be lost.
@MainActor
final class PreviewServer {
    private let channel: SeamChannel
    private let frame: SharedFrame
    private let gallery: GalleryApp
    private var toldDirty = false
    /// The view last sent with a frame (nil: none yet).
    private var sentState: GalleryViewState?
    /// Each frame's answer carries the gallery's frame summary (for the window's frame log).
    private let sendsSummaries: Bool

    private let activity: PreviewActivity?

    init(
        channel: SeamChannel, frame: SharedFrame, catalog: PreviewCatalog, loaderID: String?,
        spoolFolder: String?, sendsSummaries: Bool
    ) {
        self.sendsSummaries = sendsSummaries
        self.channel = channel
        activity = catalog.activity
        self.frame = frame
        let infos = catalog.infos
        let shown = loaderID.map { id in infos.filter { $0.id == id } } ?? infos
        let known = loaderID.map { id in infos.contains { $0.id == id } } ?? true
        if !known {
            let names = infos.map(\.id).joined(separator: ", ")
            StandardStream.error.report(
                "loaderlab: preview: unknown preview \(loaderID ?? "") (the previews: \(names))")
            PreviewProcessMain.end(2)
        }
        // Ready before the gallery is made: making it runs the previews' set-up, which may never
        // return, and the window should open and say so rather than wait.
        let single = shown.count == 1 && loaderID != nil
        do {
            try channel.send(
                .ready(
                    title: "LoaderLab preview",
                    preferredSize: GalleryApp.preferredSize(for: shown, single: single)))
        } catch {
            PreviewProcessMain.end(0)
        }
        gallery = GalleryApp(infos: shown, single: single) { catalog.makeSession(id: $0, size: $1) }
        gallery.exportSource = PreviewSceneSource(catalog)
        gallery.recorder.spoolFolder = spoolFolder
        gallery.recorder.spoolChanged = { spool, output, started in
            try? channel.send(started ? .recording(spool: spool, output: output) : .recorded(spool: spool))
        }
    }

    func run() -> Never {
        Scene.main = gallery.scene
        gallery.scene.didBecomeDirty = { [weak self] in
            MainActor.assumeIsolated { self?.tellDirty() }
        }
        gallery.setFrameRequester { [weak self] in self?.tellDirty() }
        // A callback's code is the preview's whose tile holds the animated layer.
        gallery.scene.willDeliverEvent = { [weak self] layer in
            MainActor.assumeIsolated {
                self?.activity?.running(layer.flatMap(GalleryApp.tileID(of:)))
                // Its screen is its tile's.
                if let layer { UIScreen.main.follow(codeOf: layer) }
            }
        }

        let queueDescriptor = _dispatch_get_main_queue_handle_4CF()
        var descriptors = [
            pollfd(fd: channel.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: queueDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                finish(1)
            }
            if descriptors[1].revents != 0 {
                var value: UInt64 = 0
                _ = read(queueDescriptor, &value, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
            }
            if descriptors[0].revents != 0 {
                do {
                    while let message = try channel.receiveIfAny() { handle(message) }
                } catch {
                    // The window side is gone (or speaks nonsense): nothing left to serve.
                    finish(0)
                }
            }
        }
    }

    private func handle(_ message: SeamMessage) {
        switch message {
        case .resize(let size, let scale):
            UIScreen.main.set(scale: CGFloat(scale))
            gallery.resize(to: size, scale: scale)
        case .buffer(let width, let height, let stride):
            do {
                try frame.map(width: width, height: height, stride: stride)
            } catch {
                StandardStream.error.report("loaderlab: preview: \(error)")
                finish(1)
            }
        case .pointer(let event):
            gallery.pointer(event)
            // A hover that changed what is shown wants a frame the window side cannot know of.
            if gallery.needsFrames { tellDirty() }
        case .key(let key):
            gallery.key(key)
            if gallery.needsFrames { tellDirty() }
        case .restore(let state):
            gallery.restore(GalleryViewState(encoded: state))
        case .frame(let full):
            drawFrame(full: full)
        case .quit:
            finish(0)
        case .ready, .drawn, .dirty, .running, .alive, .recording, .recorded:
            // Only the preview process says these.
            break
        }
    }

    private func drawFrame(full: Bool) {
        toldDirty = false
        guard let pixels = frame.pixels else {
            StandardStream.error.report("loaderlab: preview: asked for a frame before the shared frame")
            finish(1)
        }
        let damage: [PixelRect]
        let started = SeamChannel.now()
        do {
            damage = try gallery.renderFrame(into: pixels, fullRedraw: full)
        } catch {
            StandardStream.error.report("loaderlab: preview: \(error)")
            finish(1)
        }
        // The view travels only when it changed; the summary only for a frame log.
        let state = gallery.viewState
        let stateText = state == sentState ? "" : state.encoded
        sentState = state
        let answer = SeamMessage.Drawn(
            damage: damage, needsFrames: gallery.needsFrames, wantsQuit: gallery.wantsQuit,
            summary: sendsSummaries ? gallery.frameSummary : "", viewState: stateText,
            cost: SeamChannel.now() - started)
        send(.drawn(answer))
    }

    private func tellDirty() {
        guard !toldDirty else { return }
        toldDirty = true
        send(.dirty)
    }

    private func send(_ message: SeamMessage) {
        do {
            try channel.send(message)
        } catch {
            finish(0)
        }
    }

    private func finish(_ status: Int32) -> Never {
        gallery.willQuit()
        PreviewProcessMain.end(status)
    }
}
