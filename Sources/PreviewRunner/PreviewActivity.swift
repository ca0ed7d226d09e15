import Foundation
import PreviewSeam

/// What the preview process tells the side that supervises it while previews run: whose code
/// is about to run, and that work goes on.
///
/// A crash or a hang is reported by the supervisor, which cannot ask the dead or stuck process
/// anything: so the process says beforehand. `running(id)` comes before a preview's own code
/// (its set-up; in a headless command, everything after its session is made), `running(nil)`
/// after it. `beat()` marks progress in headless work, where no frame is asked for: it sends at
/// most one message every `beatInterval` seconds, so a long recording costs a few messages a
/// second, and a loop that never ends in the user's code stops the beats.
public final class PreviewActivity {
    private let channel: SeamChannel
    private var current: String?
    private var lastBeat = 0.0
    /// Beats closer together than this are not sent.
    static let beatInterval = 0.25
    /// Whether beats are sent at all (headless work; a window's frames are their own beat).
    public var sendsBeats: Bool

    public init(channel: SeamChannel, sendsBeats: Bool) {
        self.channel = channel
        self.sendsBeats = sendsBeats
    }

    /// The preview `id`'s code runs from now on (nil: none's).
    public func running(_ id: String?) {
        guard id != current else { return }
        current = id
        try? channel.send(.running(id ?? ""))
    }

    /// Work goes on.
    public func beat() {
        guard sendsBeats else { return }
        let now = SeamChannel.now()
        guard now - lastBeat >= Self.beatInterval else { return }
        lastBeat = now
        try? channel.send(.alive)
    }
}
