// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Core Animation's C names, spelled as iOS code uses them.

@_exported import CoreGraphics
@_exported import Foundation
import LayerKit

/// `CFTimeInterval`: seconds, as Core Animation's times are typed.
public typealias CFTimeInterval = Double

/// `CFTypeRef`: any object (what `CATextLayer.font` takes on Apple's platforms).
public typealias CFTypeRef = AnyObject

/// Darwin's `HUGE` (`MAXFLOAT`, the largest finite `Float`), which iOS code uses as "repeat
/// forever": `animation.repeatCount = HUGE`. Glibc does not define it.
public var HUGE: Float { Float.greatestFiniteMagnitude }

/// Darwin's `MAXFLOAT`, the largest finite `Float` (also used as "repeat forever").
public var MAXFLOAT: Float { Float.greatestFiniteMagnitude }

/// `CACurrentMediaTime()`: the current time of the layer tree's clock, in seconds.
///
/// While a scene is active (the app makes its scene active while it updates it and while it
/// delivers input, callbacks and timers) this is that scene's time in its root layer's local
/// time — `root.convertTime(scene.currentTime, from: nil)` — so
/// `beginTime = CACurrentMediaTime() + 0.5` means half a second from now on the timeline the
/// layers run on, also while the previewer's playback controls (which act on the root) have
/// paused or slowed the scene: on a device, with layers of default timing, global time and a
/// layer's local time are the same, and code relies on that. With no active scene it is a
/// monotonic clock.
public func CACurrentMediaTime() -> CFTimeInterval {
    if let scene = Scene.active { return scene.root.convertTime(scene.currentTime, from: nil) }
    return SystemMediaClock().now()
}

/// `kCATransition`: the key Core Animation adds a `CATransition` under
/// (`layer.add(transition, forKey: kCATransition)`).
public let kCATransition = "transition"
