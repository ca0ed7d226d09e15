import Foundation
import LayerKit

/// `CADisplayLink`: calls its target once per frame, on the scene clock (`SceneClock`).
///
/// The frames are the scene's: 60 a second of its root layer's time (`CACurrentMediaTime()`'s
/// timebase), counted from when the link was added to a run loop — the first call one frame
/// after `add(to:forMode:)`, the k-th at `k/60` s after it. The window delivers them with its
/// frames (one per frame at 1× on a 60 Hz screen; none while paused, one per step of ← and →,
/// one every ten frames in 10× slow motion), and a headless command delivers every one due up
/// to each time it draws, each at its own time: a render at time T has made exactly the calls
/// the window has made by T, so a wave that moves by a step per call (or by `timestamp`)
/// draws the same headless as in the window, and a recording at 30 frames a second sees two
/// calls a frame.
///
/// `preferredFramesPerSecond` (or `preferredFrameRateRange`) below 60 calls every n-th frame,
/// n the whole number of frames closest to the rate asked for (30: every second frame); 0 and
/// rates above 60 call every frame. `timestamp` is the frame's time, `targetTimestamp` the
/// next call's, `duration` one frame (1/60 s). Paused (`isPaused`), it keeps its cadence:
/// resumed, it calls at the next of its frames. The run loop retains the link, and the link
/// its target, until `invalidate()`. With no scene for this thread (another thread) it calls
/// on the main queue at wall-clock times, at the same cadence.
open class CADisplayLink: NSObject {
    /// One frame of the scene's display: 60 Hz.
    public static let frameDuration = 1.0 / 60

    private var action: ((CADisplayLink) -> Void)?
    /// The time of the last call (0 before the first).
    public private(set) var timestamp: CFTimeInterval = 0
    /// When the next call comes (0 before the first).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// One frame of the display, 1/60 s.
    public var duration: CFTimeInterval { Self.frameDuration }
    /// Frames a second wanted; 0 (the default): every frame. A change applies from the next
    /// call.
    open var preferredFramesPerSecond: Int = 0 {
        didSet { rateDidChange() }
    }
    /// The rates wanted (iOS 15): its `preferred` rate, else its `maximum`, is used as
    /// `preferredFramesPerSecond` is.
    open var preferredFrameRateRange: CAFrameRateRange = .default {
        didSet { rateDidChange() }
    }
    /// Frames between calls (the deprecated form of the rate); 1: every frame.
    open var frameInterval: Int = 1 {
        didSet { rateDidChange() }
    }
    /// While true no calls are made; setting it back to false resumes them at the next frame.
    open var isPaused = false {
        didSet {
            guard isPaused != oldValue else { return }
            if isPaused {
                pending?.cancel()
                pending = nil
            } else {
                armNext()
            }
        }
    }

    /// Where it runs once added: the scene (else the main queue), the time it was added at
    /// (`CACurrentMediaTime()` then) and the frames counted from there.
    private var isAdded = false
    private var runsOnScene = false
    private weak var scene: Scene?
    private var origin = 0.0
    private var frame = 0
    private var pending: ClockCall?

    /// A link that calls `action` with itself every frame once added to a run loop (the form
    /// `loaderlab preview` can rewrite a target and selector into).
    public init(action: @escaping (CADisplayLink) -> Void) {
        self.action = action
        super.init()
    }

    /// A link that calls `action` with `target` and itself every frame; the link holds
    /// `target` until invalidated, as iOS does.
    public convenience init<Target: AnyObject>(
        target: Target, action: @escaping (Target, CADisplayLink) -> Void
    ) {
        self.init { link in action(target, link) }
    }

    /// A link that calls `targetAction` with itself (the selector form,
    /// `CADisplayLink+Selector.swift`).
    convenience init(targetAction: TargetAction) {
        self.init { link in targetAction.perform(with: link) }
    }

    /// Starts it: the first call comes one frame from now. Any run loop and mode; a second add
    /// does nothing.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard action != nil, !isAdded else { return }
        isAdded = true
        frame = 0
        if let scene = SceneClock.scene {
            self.scene = scene
            runsOnScene = true
            origin = scene.rootTime
        } else {
            origin = CACurrentMediaTime()
        }
        armNext()
    }

    /// Stops the calls until it is added again.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        isAdded = false
        runsOnScene = false
        pending?.cancel()
        pending = nil
    }

    /// Stops it for good, letting go of the target.
    open func invalidate() {
        remove(from: .main, forMode: .common)
        action = nil
    }

    /// The next call is armed again at the new rate.
    private func rateDidChange() {
        if pending != nil { armNext() }
    }

    /// Frames between calls, from the rate asked for.
    var framesPerCall: Int {
        let range = preferredFrameRateRange
        let wanted: Float =
            preferredFramesPerSecond > 0
            ? Float(preferredFramesPerSecond) : (range.preferred ?? (range.maximum > 0 ? range.maximum : 0))
        var n = Swift.max(1, frameInterval)
        if wanted > 0, wanted < 60 {
            n = Swift.max(n, Int((60 / wanted).rounded()))
        }
        return n
    }

    /// Arms the next call: the first of its frames after the last one made (after now, when
    /// resumed from a pause).
    private func armNext() {
        guard isAdded, !isPaused, action != nil else { return }
        pending?.cancel()
        let n = framesPerCall
        let scene = runsOnScene ? self.scene : nil
        if runsOnScene, scene == nil { return }
        // The next of its frames after the last call, and after now (resumed from a pause).
        let now = scene?.rootTime ?? CACurrentMediaTime()
        var next = (frame / n + 1) * n
        let late = Int(((now - time(ofFrame: next)) / Self.frameDuration).rounded(.down))
        if late > 0 { next += (late / n) * n }
        while time(ofFrame: next) < now { next += n }
        // The run loop keeps the link (and so its target) while it runs, as on iOS.
        if let scene {
            pending = ClockCall(atRootTime: time(ofFrame: next), in: scene) {
                self.call(frame: next, framesPerCall: n)
            }
        } else {
            pending = ClockCall(after: time(ofFrame: next) - now, in: nil) {
                self.call(frame: next, framesPerCall: n)
            }
        }
    }

    /// Frame k's time: k/60 s after the link was added. Divided, not multiplied by
    /// `frameDuration`: a division is rounded once, so frame 162 of a link added at 0 is the
    /// same double as `--time 2.7`, and the scene evaluated at a frame's time has made its call.
    private func time(ofFrame k: Int) -> Double {
        origin + Double(k) / 60
    }

    private func call(frame k: Int, framesPerCall n: Int) {
        pending = nil
        frame = k
        timestamp = time(ofFrame: k)
        targetTimestamp = time(ofFrame: k + n)
        // The next call is armed first: the action may pause or invalidate the link.
        armNext()
        action?(self)
    }
}

/// `CAFrameRateRange`: the frame rates a display link asks for (iOS 15).
public struct CAFrameRateRange: Hashable, Sendable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?

    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference: the display's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}
