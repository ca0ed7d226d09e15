import Foundation
import LayerKit

/// `CAMediaTiming`: the timing every animation has. Local time is
/// `(parent time − beginTime) · speed + timeOffset`.
public protocol CAMediaTiming {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

/// `CAAnimationDelegate`: hears an animation start and stop. Both methods are optional (they
/// have empty defaults). The animation passed is the copy the layer runs, as on iOS.
///
/// Deviation: the protocol asks only for a class (`AnyObject`), not `NSObjectProtocol`.
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    /// `flag` is false when the animation was removed before its active time ended.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// `CAAction`: what `CALayer.actions` maps a key to: an animation, or `NSNull()` for none.
public protocol CAAction: AnyObject {}

extension NSNull: CAAction {}

/// `CAAnimation`: the base of all animations.
///
/// As on iOS, `CALayer.add(_:forKey:)` adds a copy: changing the animation afterwards does
/// not change the running one, `CALayer.animation(forKey:)` returns the copy, and the
/// delegate receives the copy. The copy is of the nearest class this module defines (a
/// subclass of `CABasicAnimation` declared elsewhere is copied as a `CABasicAnimation`).
open class CAAnimation: NSObject, CAMediaTiming, CAAction {
    /// When the animation begins in its layer's local time; 0 means when it is added.
    open var beginTime: CFTimeInterval = 0
    /// The simple duration; 0 means the transaction's duration (0.25 s unless set) or, in a
    /// group, the group's.
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    /// Cycles to play; fractions play part of a cycle, `.infinity` (or `HUGE`) repeats forever.
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses: Bool = false
    open var fillMode: CAMediaTimingFillMode = .removed
    /// Eases each cycle; nil is linear (or the transaction's function, if one is set).
    open var timingFunction: CAMediaTimingFunction?
    /// Remove the animation when its active time ends (true by default).
    open var isRemovedOnCompletion: Bool = true
    /// Strongly held, as on iOS.
    open var delegate: CAAnimationDelegate?
    private var keyValues = KeyValueStorage()

    public override init() {
        super.init()
    }

    /// Stores `value` under a key of the caller's own (Core Animation's key-value extension);
    /// the running copy carries it. A key naming a property is reported, not stored.
    open func setValue(_ value: Any?, forKey key: String) {
        keyValues.setValue(
            value, forKey: key, properties: CAAnimation.propertyKeys, owner: "\(Swift.type(of: self))")
    }

    /// The value stored under `key` with `setValue(_:forKey:)`.
    open func value(forKey key: String) -> Any? {
        keyValues.value(forKey: key)
    }

    /// A new animation of the same class (as far as this module knows it) with the same
    /// settings.
    package func makeCopy() -> CAAnimation {
        let c = CAAnimation()
        copyTiming(to: c)
        return c
    }

    package func copyTiming(to c: CAAnimation) {
        c.beginTime = beginTime
        c.duration = duration
        c.speed = speed
        c.timeOffset = timeOffset
        c.repeatCount = repeatCount
        c.repeatDuration = repeatDuration
        c.autoreverses = autoreverses
        c.fillMode = fillMode
        c.timingFunction = timingFunction
        c.isRemovedOnCompletion = isRemovedOnCompletion
        c.delegate = delegate
        c.keyValues = keyValues
    }

    /// The engine's animation with these settings; throws when a value cannot be converted.
    package func makeEngineAnimation() throws -> Animation {
        let a = Animation()
        configureTiming(a)
        return a
    }

    package func configureTiming(_ a: Animation) {
        a.beginTime = beginTime
        a.duration = duration
        a.speed = Double(speed)
        a.timeOffset = timeOffset
        a.repeatCount = Double(repeatCount)
        a.repeatDuration = repeatDuration
        a.autoreverses = autoreverses
        a.fillMode = fillMode.engine
        a.timingFunction = timingFunction?.engine
        a.isRemovedOnCompletion = isRemovedOnCompletion
    }
}

extension CAMediaTimingFillMode {
    package var engine: FillMode {
        switch rawValue {
        case "forwards": .forwards
        case "backwards": .backwards
        case "both": .both
        default: .removed
        }
    }
}

/// `CAPropertyAnimation`: an animation of one property named by a key path such as
/// `"position"`, `"opacity"` or `"transform.rotation.z"`.
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    open var isAdditive: Bool = false
    open var isCumulative: Bool = false

    public override init() {
        super.init()
    }

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    package override func makeCopy() -> CAAnimation {
        let c = CAPropertyAnimation()
        copyProperty(to: c)
        return c
    }

    package func copyProperty(to c: CAPropertyAnimation) {
        copyTiming(to: c)
        c.keyPath = keyPath
        c.isAdditive = isAdditive
        c.isCumulative = isCumulative
    }

    package override func makeEngineAnimation() throws -> Animation {
        let a = PropertyAnimation(keyPath: keyPath)
        configureProperty(a)
        return a
    }

    package func configureProperty(_ a: PropertyAnimation) {
        configureTiming(a)
        a.isAdditive = isAdditive
        a.isCumulative = isCumulative
    }
}

/// `CABasicAnimation`: interpolates a property between two values.
///
/// `fromValue`, `toValue` and `byValue` take what iOS takes: numbers (`Int`, `Double`,
/// `Float`, `CGFloat`, `NSNumber`), `CGColor`, `CGPath`, `NSValue` (`NSValue(cgPoint:)`,
/// `NSValue(cgSize:)`, `NSValue(cgRect:)`, `NSValue(caTransform3D:)`,
/// `NSValue(cgAffineTransform:)`) or those structs themselves, and arrays of them. A value
/// of another type, or one that does not fit the key path, is reported when the animation is
/// added (see `CALayer.add(_:forKey:)`).
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    package override func makeCopy() -> CAAnimation {
        let c = CABasicAnimation()
        copyBasic(to: c)
        return c
    }

    package func copyBasic(to c: CABasicAnimation) {
        copyProperty(to: c)
        c.fromValue = fromValue
        c.toValue = toValue
        c.byValue = byValue
    }

    package override func makeEngineAnimation() throws -> Animation {
        let a = BasicAnimation(keyPath: keyPath)
        try configureBasic(a)
        return a
    }

    package func configureBasic(_ a: BasicAnimation) throws {
        configureProperty(a)
        let key = keyPath ?? ""
        a.fromValue = try fromValue.map {
            try AnimationValueConversion.convert($0, keyPath: key, role: "fromValue")
        }
        a.toValue = try toValue.map {
            try AnimationValueConversion.convert($0, keyPath: key, role: "toValue")
        }
        a.byValue = try byValue.map {
            try AnimationValueConversion.convert($0, keyPath: key, role: "byValue")
        }
    }
}

/// `CASpringAnimation`: a basic animation moved by a damped spring
/// (m·ẍ + c·ẋ + k·x = 0 for the normalised displacement), evaluated in real seconds:
/// `duration` only says how long it stays on the layer (set it to `settlingDuration` to see
/// the whole motion).
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    /// The velocity at the start, in units of the whole distance per second.
    open var initialVelocity: CGFloat = 0

    /// How long the spring takes to come to rest, for the current parameters.
    open var settlingDuration: CFTimeInterval {
        let s = SpringAnimation()
        configureSpring(s)
        return s.settlingDuration
    }

    package override func makeCopy() -> CAAnimation {
        let c = CASpringAnimation()
        copyBasic(to: c)
        c.mass = mass
        c.stiffness = stiffness
        c.damping = damping
        c.initialVelocity = initialVelocity
        return c
    }

    package override func makeEngineAnimation() throws -> Animation {
        let a = SpringAnimation(keyPath: keyPath)
        try configureBasic(a)
        configureSpring(a)
        return a
    }

    private func configureSpring(_ a: SpringAnimation) {
        a.mass = Double(mass)
        a.stiffness = Double(stiffness)
        a.damping = Double(damping)
        a.initialVelocity = Double(initialVelocity)
    }
}

/// `CAKeyframeAnimation`: animates a property through `values`, or a point property
/// (`"position"`) along `path`.
///
/// `keyTimes` are fractions 0…1, one per value; `timingFunctions` ease each segment;
/// `calculationMode` is linear, discrete, paced, cubic or cubicPaced; `rotationMode` turns the
/// layer along the path's tangent.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var rotationMode: CAAnimationRotationMode?

    package override func makeCopy() -> CAAnimation {
        let c = CAKeyframeAnimation()
        copyProperty(to: c)
        c.values = values
        c.path = path?.copy()
        c.keyTimes = keyTimes
        c.timingFunctions = timingFunctions
        c.calculationMode = calculationMode
        c.rotationMode = rotationMode
        return c
    }

    package override func makeEngineAnimation() throws -> Animation {
        let a = KeyframeAnimation(keyPath: keyPath)
        configureProperty(a)
        let key = keyPath ?? ""
        a.values = try values.map { list in
            try list.enumerated().map { i, v in
                try AnimationValueConversion.convert(v, keyPath: key, role: "values[\(i)]")
            }
        }
        a.path = path?.path
        a.keyTimes = keyTimes?.map(\.doubleValue)
        a.timingFunctions = timingFunctions?.map(\.engine)
        a.calculationMode = calculationMode.engine
        a.rotationMode = rotationMode?.engine
        return a
    }
}

extension CAAnimationCalculationMode {
    package var engine: CalculationMode {
        CalculationMode(rawValue: rawValue) ?? .linear
    }
}

extension CAAnimationRotationMode {
    package var engine: RotationMode? {
        RotationMode(rawValue: rawValue)
    }
}

/// `CAAnimationGroup`: runs its animations together, in the group's time. The children's
/// delegates and `isRemovedOnCompletion` are ignored; a child without a duration takes the
/// group's.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    package override func makeCopy() -> CAAnimation {
        let c = CAAnimationGroup()
        copyTiming(to: c)
        c.animations = animations?.map { $0.makeCopy() }
        return c
    }

    package override func makeEngineAnimation() throws -> Animation {
        let a = AnimationGroup()
        configureTiming(a)
        a.animations = try (animations ?? []).map { try $0.makeEngineAnimation() }
        return a
    }
}
