import Foundation
import LayerKit
import Synchronization

/// `@Managed`: a property of a `CALayer` subclass that Core Animation manages by key, as
/// `@NSManaged` declares one on iOS:
///
/// ```swift
/// class ProgressLayer: CALayer {
///     @Managed var progress: CGFloat          // iOS: @NSManaged var progress: CGFloat
///     override class func needsDisplay(forKey key: String) -> Bool {
///         key == "progress" || super.needsDisplay(forKey: key)
///     }
///     override func draw(in ctx: CGContext) { … progress … }
/// }
/// layer.add(CABasicAnimation(keyPath: "progress"), forKey: nil)   // redrawn every frame
/// ```
///
/// Why another name: Linux has no Objective-C runtime to provide an `@NSManaged` property's
/// accessors, so `@NSManaged` compiles but fails to link. `@Managed` is the one-word change.
///
/// DESIGN. The property's key is its name (the wrapper's storage, `_progress`, found by
/// reflection when the layer is made). Its value lives in the engine layer's
/// `LayerProperties.customValues` when it is one an animation can carry (a number, point,
/// size, rect, transform, colour, path or Bool); other types are kept in the wrapper. So:
/// - `CABasicAnimation(keyPath: "progress")` animates it like any layer property, and the
///   presentation carries the animated value (`presentation()?.value(forKey: "progress")`);
/// - `value(forKey:)`/`setValue(_:forKey:)` read and write it (key-value coding, as on iOS);
/// - `init(layer:)` copies it with the rest of the model (no code needed; copying it by hand
///   is harmless);
/// - setting it runs the layer's action for the key (`action(forKey:)`, `actions`,
///   `delegate`; none by default) and, when `needsDisplay(forKey:)` is true for it, marks
///   the layer for display;
/// - while an animation of a key that `needsDisplay(forKey:)` runs, the layer is drawn for
///   each frame's presentation, and reading the property inside `draw(in:)`/`display()` then
///   gives the presented value: on a presentation copy made by the class's registered
///   `init(layer:)` (`CALayer.register`), as Core Animation draws, or for a layer with a
///   delegate or an unregistered class on the model layer itself. Once it ends, nothing more
///   is drawn.
/// Without an initial value a number, Bool, geometry value or optional starts at zero (`false`,
/// `.zero`, nil), as an `@NSManaged` one reads before it is set. One of another type (an
/// `@NSManaged var color: UIColor`, which Objective-C would read as nil) holds nothing until it
/// is set, as Core Animation's does: code sets it in `init` before reading it, and reading it
/// before then traps, naming the property. A value of a type the engine cannot carry (a
/// `UIColor`) is kept by the layer and copied by `init(layer:)`, so a presentation copy reads it.
@propertyWrapper
public struct Managed<Value> {
    let slot: ManagedSlot<Value>

    public init(wrappedValue: Value) {
        slot = ManagedSlot(wrappedValue)
    }

    /// A property without an initial value: zero until set. (In the type's body: Swift
    /// initialises a wrapped property without a value only through an `init()` declared there.)
    public init() where Value: ManagedZero {
        slot = ManagedSlot(Value.managedZero)
    }

    /// A property of a type without a zero (an object such as `UIColor`): it holds nothing
    /// until set, and reading it before then traps with the property's name (on iOS an unset
    /// non-optional object property reads as nil, which Swift cannot represent either).
    public init() {
        slot = ManagedSlot()
    }

    /// Only on a `CALayer` subclass.
    @available(*, unavailable, message: "@Managed is for properties of a CALayer subclass")
    public var wrappedValue: Value {
        get { fatalError("@Managed is for properties of a CALayer subclass") }
        set { fatalError("@Managed is for properties of a CALayer subclass") }
    }

    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer, wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, Managed<Value>>
    ) -> Value {
        get {
            let slot = layer[keyPath: storageKeyPath].slot
            guard let key = layer.managedKey(of: slot) else { return slot.value }
            if let value = layer.customValue(forKey: key),
                let typed = ManagedConversion.value(value, as: Value.self)
            {
                return typed
            }
            return slot.value
        }
        set {
            let slot = layer[keyPath: storageKeyPath].slot
            slot.value = newValue
            guard let key = layer.managedKey(of: slot) else { return }
            layer.setManagedValue(newValue, forKey: key)
        }
    }
}

/// Where a `@Managed` property keeps its key (found when its layer is made) and its value when
/// the engine cannot carry it.
final class ManagedSlot<Value>: AnyManagedSlot {
    /// Nil until set, for a property declared without a value of a type without a zero.
    var stored: Value?
    var key: String?

    init(_ value: Value) {
        stored = value
    }

    init() {}

    var value: Value {
        get {
            guard let stored else {
                fatalError("@Managed property \(key ?? "") of type \(Value.self) was read before it was set")
            }
            return stored
        }
        set { stored = newValue }
    }

    var initialValue: Any? { stored.map { $0 as Any } }

    func copyValue(from other: any AnyManagedSlot) {
        guard let other = other as? ManagedSlot<Value>, let value = other.stored else { return }
        stored = value
    }
}

/// A slot of any value type, as reflection meets it.
protocol AnyManagedSlot: AnyObject {
    var key: String? { get set }
    /// The value set or declared (nil: none yet).
    var initialValue: Any? { get }
    /// Takes the value of another layer's slot of the same property (`init(layer:)`).
    func copyValue(from other: any AnyManagedSlot)
}

/// What reflection reads a `@Managed` storage property through.
protocol ManagedStorage {
    var anySlot: any AnyManagedSlot { get }
}

extension Managed: ManagedStorage {
    var anySlot: any AnyManagedSlot { slot }
}

/// Types a `@Managed` property may be declared without an initial value: the zero it starts at.
public protocol ManagedZero {
    static var managedZero: Self { get }
}

extension CGFloat: ManagedZero { public static var managedZero: CGFloat { 0 } }
extension Double: ManagedZero { public static var managedZero: Double { 0 } }
extension Float: ManagedZero { public static var managedZero: Float { 0 } }
extension Int: ManagedZero { public static var managedZero: Int { 0 } }
extension Bool: ManagedZero { public static var managedZero: Bool { false } }
extension CGPoint: ManagedZero { public static var managedZero: CGPoint { .zero } }
extension CGSize: ManagedZero { public static var managedZero: CGSize { .zero } }
extension CGRect: ManagedZero { public static var managedZero: CGRect { .zero } }
extension Optional: ManagedZero { public static var managedZero: Wrapped? { nil } }

/// Engine values back into the Swift types properties are declared with.
enum ManagedConversion {
    static func value<V>(_ value: AnimationValue, as type: V.Type) -> V? {
        switch value {
        case .number(let d):
            switch type {
            case is CGFloat.Type, is CGFloat?.Type: return CGFloat(d) as? V
            case is Double.Type, is Double?.Type: return d as? V
            case is Float.Type, is Float?.Type: return Float(d) as? V
            case is Int.Type, is Int?.Type: return Int(exactly: d.rounded()) as? V
            default: return NSNumber(value: d) as? V
            }
        case .bool(let b): return b as? V
        case .point(let p): return CGPoint(p) as? V
        case .size(let s): return CGSize(s) as? V
        case .rect(let r): return CGRect(r) as? V
        case .transform(let t):
            if type is CGAffineTransform.Type || type is CGAffineTransform?.Type {
                return CGAffineTransform(t.affine) as? V
            }
            return CATransform3D(t) as? V
        case .color(let c): return CGColor(c) as? V
        case .path(let p): return CGPath(path: p) as? V
        case .array: return nil
        }
    }
}

extension CALayer {
    /// The key of a `@Managed` property's slot, found by reflection on first use.
    func managedKey(of slot: any AnyManagedSlot) -> String? {
        if let key = slot.key { return key }
        declareManagedProperties()
        return slot.key
    }

    /// Gives every `@Managed` property of this layer its key (its name) and declares those the
    /// engine can carry with their initial values. Run when the layer is made (the subclass's
    /// stored properties are set by then) and again if a slot is met unnamed.
    func declareManagedProperties() {
        let type = ObjectIdentifier(Swift.type(of: self))
        if CALayer.classesWithoutManagedProperties.withLock({ $0.contains(type) }) { return }
        var found = false
        var mirror: Mirror? = Mirror(reflecting: self)
        while let m = mirror {
            for child in m.children {
                guard let storage = child.value as? ManagedStorage, let label = child.label else { continue }
                found = true
                let slot = storage.anySlot
                guard slot.key == nil else { continue }
                let key = label.hasPrefix("_") ? String(label.dropFirst()) : label
                slot.key = key
                if engine.customValue(forKey: key) == nil, let initial = slot.initialValue,
                    let value = AnimationValueConversion.animationValue(initial)
                {
                    engine.setCustomValue(value, forKey: key)
                }
            }
            mirror = m.superclassMirror
        }
        if !found { CALayer.classesWithoutManagedProperties.withLock { _ = $0.insert(type) } }
    }

    /// The engine value of a custom property: on a layer being drawn for a presentation, the
    /// presented one.
    func customValue(forKey key: String) -> AnimationValue? {
        if let presented = drawingState?.presentedValues { return presented.customValues[key] }
        return engine.customValue(forKey: key)
    }

    /// Sets a `@Managed` property by key: the engine's value (running the key's action), and a
    /// display when `needsDisplay(forKey:)` asks for one.
    func setManagedValue<V>(_ value: V, forKey key: String) {
        if let v = AnimationValueConversion.animationValue(value) {
            let before = engine.customValue(forKey: key)
            engine.setCustomValue(v, forKey: key)
            guard before != v else { return }
        }
        if Swift.type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
    }
}
