/// Receives an animation's start and stop (`CAAnimationDelegate`).
///
/// The scene delivers both in time order during `Scene.update(to:)`, with `Scene.currentTime`
/// set to the event's own time; adding or removing animations from either is safe.
public protocol AnimationDelegate: AnyObject {
    func animationDidStart(_ anim: Animation)
    /// `finished` is false when the animation was removed before its active time ended.
    func animationDidStop(_ anim: Animation, finished: Bool)
}

extension AnimationDelegate {
    public func animationDidStart(_ anim: Animation) {}
    public func animationDidStop(_ anim: Animation, finished: Bool) {}
}

/// Why an animation was rejected by `Layer.add(_:forKey:)`.
public enum AnimationError: Error, Equatable, CustomStringConvertible {
    /// A property animation without a key path.
    case missingKeyPath
    /// A key path no layer property answers to.
    case unknownKeyPath(String)
    /// A `CAShapeLayer` key path (strokeEnd, lineWidth, …) on a layer that is not a shape layer.
    case requiresShapeLayer(keyPath: String)
    /// A value whose type does not fit the key path (`role` is "fromValue", "values[2]", …).
    case wrongValueType(keyPath: String, role: String, expected: String, actual: String)
    /// A keyframe `path` on a key path whose values are not points.
    case pathRequiresPointKeyPath(String)
    /// A key path of a layer class's own (`"colors"` of a `GradientLayer`) on another layer.
    case requiresLayerClass(keyPath: String, layerClass: String)

    public var description: String {
        switch self {
        case .missingKeyPath:
            "property animation has no key path"
        case .unknownKeyPath(let k):
            "unknown animatable key path \"\(k)\""
        case .requiresShapeLayer(let k):
            "key path \"\(k)\" is only animatable on a ShapeLayer"
        case .wrongValueType(let k, let role, let expected, let actual):
            "\(role) for key path \"\(k)\" must be a \(expected), not a \(actual)"
        case .pathRequiresPointKeyPath(let k):
            "a keyframe path needs a point key path such as \"position\", not \"\(k)\""
        case .requiresLayerClass(let k, let c):
            "key path \"\(k)\" is only animatable on a \(c)"
        }
    }
}

/// The base of all animations: media timing and a delegate (`CAAnimation` + `CAMediaTiming`).
///
/// An animation is copied when it is added to a layer, as in Core Animation: changing it
/// afterwards does not affect the running copy, which `Layer.animation(forKey:)` returns and
/// the delegate receives. A plain `Animation` animates nothing but still starts, stops and
/// reports to its delegate.
public class Animation {
    /// When the animation begins, in its layer's local time; 0 means "now" when it is added
    /// (the running copy then holds the actual time).
    public var beginTime: Double = 0
    /// The simple duration in seconds; 0 (or a negative or NaN value) means the current
    /// transaction's duration when added — 0.25 s unless set — or the group's duration for an
    /// animation inside a group.
    public var duration: Double = 0
    public var speed: Double = 1
    /// An offset into the active time; the part before it plays after the rest (wraps around).
    public var timeOffset: Double = 0
    /// Cycles to play; fractions play part of the last cycle, `.infinity` repeats forever.
    public var repeatCount: Double = 0
    /// When positive, how long the animation repeats in total.
    public var repeatDuration: Double = 0
    /// Each cycle plays forward then backward.
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed
    /// Eases each cycle; nil is linear.
    public var timingFunction: TimingFunction?
    /// Remove the animation from its layer when its active time ends (true by default).
    public var isRemovedOnCompletion: Bool = true
    /// Strongly held, as `CAAnimation.delegate` is; the reference goes when the animation does.
    public var delegate: AnimationDelegate?

    public init() {}

    /// A new animation of the same class with the same settings (used when adding).
    func clone() -> Animation {
        let c = Animation()
        copyTiming(to: c)
        return c
    }

    func copyTiming(to c: Animation) {
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
    }

    /// The compiled form: checked timing and the program that writes values (nil for an
    /// animation that only keeps time).
    func compile(context: CompileContext, inheritedDuration: Double) throws -> CompiledAnimation {
        CompiledAnimation(
            timing: TimingModel(self, inheritedDuration: inheritedDuration), program: nil)
    }
}

/// An animation of one property named by a key path (`CAPropertyAnimation`).
public class PropertyAnimation: Animation {
    /// A Core Animation key path such as `"position"` or `"transform.rotation.z"`.
    public var keyPath: String?
    /// The animation's value is added to the property's current value instead of replacing it.
    public var isAdditive: Bool = false
    /// Each repeat cycle starts where the previous one ended.
    public var isCumulative: Bool = false

    public init(keyPath: String?) {
        self.keyPath = keyPath
        super.init()
    }

    public override convenience init() { self.init(keyPath: nil) }

    override func clone() -> Animation {
        let c = PropertyAnimation(keyPath: keyPath)
        copyProperty(to: c)
        return c
    }

    func copyProperty(to c: PropertyAnimation) {
        copyTiming(to: c)
        c.isAdditive = isAdditive
        c.isCumulative = isCumulative
    }

    override func compile(context: CompileContext, inheritedDuration: Double) throws
        -> CompiledAnimation
    {
        guard let keyPath else { throw AnimationError.missingKeyPath }
        guard let property = KeyPathRegistry.property(for: keyPath, custom: context.customValues) else {
            throw AnimationError.unknownKeyPath(keyPath)
        }
        if property.isShapeProperty, !context.isShapeLayer {
            throw AnimationError.requiresShapeLayer(keyPath: keyPath)
        }
        if let owner = property.owner, context.layerClass != owner {
            throw AnimationError.requiresLayerClass(keyPath: keyPath, layerClass: owner.rawValue)
        }
        let program = try property.makeProgram(for: self, context: context)
        return CompiledAnimation(
            timing: TimingModel(self, inheritedDuration: inheritedDuration), program: program)
    }

    /// The typed program for `property`; subclasses provide their values.
    func makeProgram<V: Interpolatable>(property: AnimatableProperty<V>, context: CompileContext)
        throws -> AnimationProgram
    {
        // Without values it runs from the previous value to the current one (nothing when
        // the property did not change).
        PropertyProgram(
            property: property, curve: .basic(from: context.previous.map(property.get), to: nil, by: nil),
            isAdditive: isAdditive, isCumulative: isCumulative)
    }
}

/// Interpolates one property between two values (`CABasicAnimation`).
///
/// Which values it runs between follows Apple's table: from+to; from+by (from → from+by);
/// by+to (to−by → to); from only (from → current); to only (current → to); by only
/// (current → current+by); none: from the previous value of the property (the one the last
/// scene update committed, before the changes made since) to the current one — so adding
/// a value-less animation right after setting a property animates that change; nothing when
/// the property did not change. "Current" is the property's value under this animation: the
/// model value, with any earlier animations on the layer applied.
public class BasicAnimation: PropertyAnimation {
    public var fromValue: AnimationValue?
    public var toValue: AnimationValue?
    public var byValue: AnimationValue?
    /// A spring that moves it instead of the plain interpolation (`SpringAnimation`, UIKit's
    /// spring view animations).
    var spring: SpringOscillator?

    override func clone() -> Animation {
        let c = BasicAnimation(keyPath: keyPath)
        copyBasic(to: c)
        return c
    }

    func copyBasic(to c: BasicAnimation) {
        copyProperty(to: c)
        c.fromValue = fromValue
        c.toValue = toValue
        c.byValue = byValue
        c.spring = spring
    }

    override func makeProgram<V: Interpolatable>(
        property: AnimatableProperty<V>, context: CompileContext
    ) throws -> AnimationProgram {
        let from = try fromValue.map { try property.convert($0, role: "fromValue") }
        let to = try toValue.map { try property.convert($0, role: "toValue") }
        let by = try byValue.map { try property.convert($0, role: "byValue") }
        let start = from ?? (to == nil && by == nil ? context.previous.map(property.get) : nil)
        let program = PropertyProgram(
            property: property, curve: .basic(from: start, to: to, by: by), isAdditive: isAdditive,
            isCumulative: isCumulative)
        guard let spring = springMotion else { return program }
        return SpringProgram(
            base: program, spring: spring, duration: duration > 0 ? duration : TimingModel.defaultDuration)
    }

    /// The spring this animation moves by, if any.
    var springMotion: SpringOscillator? { spring }
}

/// How a keyframe animation moves between its values (`CAAnimationCalculationMode`).
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    /// Straight interpolation between values at their key times.
    case linear
    /// Each value holds until the next key time, no interpolation.
    case discrete
    /// Constant speed: key times come from the distances between values (or along the path);
    /// `keyTimes` and `timingFunctions` are ignored.
    case paced
    /// A smooth Catmull-Rom spline through the values at their key times.
    case cubic
    /// The cubic spline through the values at constant speed along it: key times and the
    /// motion inside each segment follow the spline's arc length; `keyTimes` and
    /// `timingFunctions` are ignored.
    case cubicPaced
}

/// Turning a layer along a keyframe path (`CAAnimationRotationMode`).
public enum RotationMode: String, Hashable, Sendable {
    /// The layer's x axis follows the path's tangent.
    case auto
    /// The layer's x axis points against the tangent (auto plus half a turn).
    case autoReverse
}

/// Animates a property through a sequence of values or along a path (`CAKeyframeAnimation`).
///
/// With `path` (point key paths only, e.g. `position`) every element except a move is one
/// keyframe segment: in linear mode each takes the same time and the position is the
/// element's own curve at the segment's progress; in paced mode the motion has constant
/// speed along the whole path. `keyTimes` (fractions 0…1, one per value, ascending) are used
/// when valid and ignored otherwise; `timingFunctions` ease each segment.
public final class KeyframeAnimation: PropertyAnimation {
    public var values: [AnimationValue]?
    public var path: Path?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode = .linear
    public var rotationMode: RotationMode?

    override func clone() -> Animation {
        let c = KeyframeAnimation(keyPath: keyPath)
        copyProperty(to: c)
        c.values = values
        c.path = path
        c.keyTimes = keyTimes
        c.timingFunctions = timingFunctions
        c.calculationMode = calculationMode
        c.rotationMode = rotationMode
        return c
    }

    override func makeProgram<V: Interpolatable>(
        property: AnimatableProperty<V>, context: CompileContext
    ) throws -> AnimationProgram {
        if let path {
            guard let pointProperty = property as? AnimatableProperty<Point> else {
                throw AnimationError.pathRequiresPointKeyPath(property.keyPath)
            }
            return PathProgram(
                property: pointProperty, path: path, keyTimes: keyTimes,
                timingFunctions: timingFunctions, mode: calculationMode,
                rotationMode: rotationMode, isAdditive: isAdditive)
        }
        let typed = try (values ?? []).enumerated().map { i, v in
            try property.convert(v, role: "values[\(i)]")
        }
        let curve = KeyframeCurve(
            values: typed, keyTimes: keyTimes, timingFunctions: timingFunctions,
            mode: calculationMode)
        return PropertyProgram(
            property: property, curve: .keyframes(curve), isAdditive: isAdditive,
            isCumulative: isCumulative)
    }
}

/// Runs several animations together on one layer (`CAAnimationGroup`).
///
/// The children run in the group's local time: each child's `beginTime` is relative to the
/// group's start, children are clipped to the group's duration (not scaled to it), and a
/// child with no duration takes the group's. Children's delegates and
/// `isRemovedOnCompletion` are ignored; the group's own are used.
public final class AnimationGroup: Animation {
    public var animations: [Animation] = []

    override func clone() -> Animation {
        let c = AnimationGroup()
        copyTiming(to: c)
        c.animations = animations.map { $0.clone() }
        return c
    }

    override func compile(context: CompileContext, inheritedDuration: Double) throws
        -> CompiledAnimation
    {
        let timing = TimingModel(self, inheritedDuration: inheritedDuration)
        let children = try animations.map {
            try $0.compile(context: context, inheritedDuration: timing.duration)
        }
        return CompiledAnimation(timing: timing, program: GroupProgram(children: children))
    }
}
