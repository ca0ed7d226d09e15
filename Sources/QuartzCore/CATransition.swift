import Foundation
import LayerKit

/// `CATransition`: animates a change of a layer's whole rendering (new contents, sublayers
/// added or removed, anything) from what the layer showed before to what it shows now.
///
/// Add it to the layer whose rendering changes, before or after the change in the same
/// transaction (Core Animation's key for it is `"transition"`, `kCATransition`). The types are
/// the four public ones, `.fade`, `.moveIn`, `.push` and `.reveal`; `subtype` says which side
/// the motion starts from (`.fromLeft` when nil). Progress runs from `startProgress` to
/// `endProgress` (0 and 1) over the animation's timing.
///
/// Deviation: a `type` other than the four (the private `"cube"`, `"rippleEffect"`, …) is not
/// drawn: adding the animation reports it, and nothing is added.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    package override func makeCopy() -> CAAnimation {
        let c = CATransition()
        copyTiming(to: c)
        c.type = type
        c.subtype = subtype
        c.startProgress = startProgress
        c.endProgress = endProgress
        return c
    }

    package override func makeEngineAnimation() throws -> Animation {
        guard let kind = TransitionType(rawValue: type.rawValue) else {
            throw CATransitionError(
                message:
                    "CATransition type \"\(MessageText.escaped(type.rawValue))\" is not one of fade, moveIn, push, reveal"
            )
        }
        var side: TransitionSubtype?
        if let subtype {
            guard let s = TransitionSubtype(rawValue: subtype.rawValue) else {
                throw CATransitionError(
                    message:
                        "CATransition subtype \"\(MessageText.escaped(subtype.rawValue))\" is not one of fromLeft, fromRight, fromTop, fromBottom"
                )
            }
            side = s
        }
        let a = TransitionAnimation(type: kind, subtype: side)
        configureTiming(a)
        a.startProgress = Double(startProgress)
        a.endProgress = Double(endProgress)
        return a
    }
}

/// Why a `CATransition` could not be added.
struct CATransitionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// `CATransitionType`: how a transition moves the old and new renderings.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The old rendering fades out as the new one fades in.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new rendering slides in over the old one.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new rendering pushes the old one out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old rendering slides away, uncovering the new one.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// `CATransitionSubtype`: the side a transition's motion starts from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
