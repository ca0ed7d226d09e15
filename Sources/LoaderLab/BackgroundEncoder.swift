import Dispatch
import Foundation
import LayerKitCairo

/// An animation encoder that works on a thread of its own, so the window that records never
/// waits for it: frames are handed over (copies, `AnimationFrame`) and queue up; the file is
/// finished and written there too. What happened is read with `outcome`.
///
/// The encoder is touched only on the private queue (hence `@unchecked Sendable`); everything
/// else is behind the lock.
final class BackgroundEncoder: @unchecked Sendable {
    enum Outcome: Equatable {
        case written
        case failed(String)
    }

    private let queue = DispatchQueue(label: "loaderlab.recording", qos: .utility)
    private let lock = NSLock()
    private let encoder: any AnimationEncoder
    private var waiting = 0
    private var failure: String?
    private var result: Outcome?

    init(encoder: any AnimationEncoder) {
        self.encoder = encoder
    }

    /// Queues `frame` for encoding and returns at once.
    func add(_ frame: AnimationFrame) {
        lock.withLock { waiting += 1 }
        queue.async { [self] in
            if lock.withLock({ failure }) == nil {
                do {
                    try encoder.add(frame)
                } catch {
                    lock.withLock { failure = "\(error)" }
                }
            }
            lock.withLock { waiting -= 1 }
        }
    }

    /// After the frames queued so far: finishes the file and writes it to `path` (by
    /// `render`'s output rules: whole or not at all).
    func finish(writingTo path: [UInt8]) {
        queue.async { [self] in
            let outcome: Outcome
            if let failure = lock.withLock({ failure }) {
                outcome = .failed(failure)
            } else {
                do {
                    try AnimationOutput.write(try encoder.finish(), toPath: path)
                    outcome = .written
                } catch {
                    outcome = .failed("\(error)")
                }
            }
            lock.withLock { result = outcome }
        }
    }

    /// Frames handed over and not encoded yet.
    var framesWaiting: Int { lock.withLock { waiting } }

    /// How it ended, once the file is written or has failed (nil before).
    var outcome: Outcome? { lock.withLock { result } }

    /// Blocks until everything queued so far is done (when the app quits).
    func waitUntilDone() {
        queue.sync {}
    }
}
