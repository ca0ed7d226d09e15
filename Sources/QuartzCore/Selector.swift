/// A method named for target–action calls, as `#selector(…)` makes one on iOS.
///
/// Swift on Linux has no Objective-C runtime, so `#selector` does not compile (and Foundation
/// declares no `Selector` here). `loaderlab preview` rewrites each `#selector(m)` in the user's
/// sources into this value, reaching the method through its type: inside `class Spinner`,
/// `#selector(tick(_:))` becomes `Selector("tick:", Spinner.tick(_:))`, `#selector(getter: p)`
/// becomes `Selector("p", getter: \Spinner.p)`.
///
/// An API that takes a selector (`CADisplayLink(target:selector:)`, `Timer`'s selector forms,
/// `perform(_:with:afterDelay:)`, `NotificationCenter.addObserver(_:selector:name:object:)`,
/// `UIControl.addTarget(_:action:for:)`) keeps the target and the selector, and when it fires
/// calls `selector.perform(on: target, with: argument)` — `argument` being what iOS passes
/// (the display link, the timer, the notification, the control), ignored by a method that
/// takes none — or `perform(on:with:with:)` for a method of two arguments (a control's sender
/// and event). The call runs the target's own implementation (an override in a subclass
/// included). A target that is not of the method's type traps, as "unrecognized selector sent
/// to instance" does on iOS, naming both; so does an argument that is not of the parameter's
/// type.
///
/// Selectors are equal when their names are, as on iOS (`removeTarget(_:action:for:)` finds
/// an action by its name).
public struct Selector: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The Objective-C name: `tick:`, `handleWithSender:`, `refresh`.
    public let name: String
    private let invoke: (AnyObject, Any?, Any?) -> Void
    /// Whether an object has the method (is of its type); nil: any object is taken to.
    private let implemented: ((AnyObject) -> Bool)?

    /// A selector that runs `invoke` with the target and the argument (any object is taken to
    /// implement it).
    public init(_ name: String, invoke: @escaping (_ target: AnyObject, _ argument: Any?) -> Void) {
        self.name = name
        self.invoke = { target, argument, _ in invoke(target, argument) }
        implemented = nil
    }

    /// A selector that runs `invoke` with the target and two arguments (any object is taken to
    /// implement it).
    public init(
        _ name: String, invoke: @escaping (_ target: AnyObject, _ first: Any?, _ second: Any?) -> Void
    ) {
        self.name = name
        self.invoke = invoke
        implemented = nil
    }

    /// A selector of a method of `Target`, run by `invoke`.
    private init<Target>(
        _ name: String, of type: Target.Type, invoke: @escaping (AnyObject, Any?, Any?) -> Void
    ) {
        self.name = name
        self.invoke = invoke
        implemented = { $0 is Target }
    }

    /// A method of no arguments: `Selector("refresh", Loader.refresh)`.
    public init<Target: AnyObject, Result>(_ name: String, _ method: @escaping (Target) -> () -> Result) {
        self.init(name, of: Target.self) { target, _, _ in
            _ = method(Self.receiver(target, name))()
        }
    }

    /// A method of one argument: `Selector("tick:", Loader.tick(_:))`.
    public init<Target: AnyObject, A, Result>(_ name: String, _ method: @escaping (Target) -> (A) -> Result) {
        self.init(name, of: Target.self) { target, argument, _ in
            _ = method(Self.receiver(target, name))(Self.argument(argument, name))
        }
    }

    /// A method of two arguments: `Selector("tapped:forEvent:", Loader.tapped(_:forEvent:))`.
    public init<Target: AnyObject, A, B, Result>(
        _ name: String, _ method: @escaping (Target) -> (A, B) -> Result
    ) {
        self.init(name, of: Target.self) { target, first, second in
            _ = method(Self.receiver(target, name))(Self.argument(first, name), Self.argument(second, name))
        }
    }

    /// A property's getter: `#selector(getter: Loader.progress)`.
    public init<Target: AnyObject, Value>(_ name: String, getter: KeyPath<Target, Value>) {
        self.init(name, of: Target.self) { target, _, _ in
            let typed: Target = Self.receiver(target, name)
            _ = typed[keyPath: getter]
        }
    }

    /// A property's setter: `#selector(setter: Loader.progress)`.
    public init<Target: AnyObject, Value>(_ name: String, setter: ReferenceWritableKeyPath<Target, Value>) {
        self.init(name, of: Target.self) { target, argument, _ in
            let typed: Target = Self.receiver(target, name)
            typed[keyPath: setter] = Self.argument(argument, name)
        }
    }

    /// Whether `object` has the method: it is of the type the method was reached through (a
    /// subclass included). A selector made from a closure is taken to be implemented by every
    /// object. (Objective-C's `respondsToSelector:` looks the name up; here an object of
    /// another type with a method of the same name does not count.)
    public func isImplemented(by object: AnyObject) -> Bool {
        implemented?(object) ?? true
    }

    /// Calls the method on `target` with `argument` (if the method takes one).
    public func perform(on target: AnyObject, with argument: Any? = nil) {
        invoke(target, argument, nil)
    }

    /// Calls the method on `target` with two arguments (if it takes them).
    public func perform(on target: AnyObject, with first: Any?, with second: Any?) {
        invoke(target, first, second)
    }

    public var description: String { name }

    public static func == (a: Selector, b: Selector) -> Bool { a.name == b.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// `target` as the method's type, or a trap naming both.
    static func receiver<Target>(_ target: AnyObject, _ name: String) -> Target {
        guard let typed = target as? Target else {
            fatalError(
                "unrecognized selector \(name) sent to an instance of \(type(of: target)) (not a \(Target.self))"
            )
        }
        return typed
    }

    /// `value` as the parameter's type: nil passes for an optional parameter.
    static func argument<A>(_ value: Any?, _ name: String) -> A {
        if let value {
            if let typed = value as? A { return typed }
        } else if let none = Optional<Any>.none as Any as? A {
            return none
        }
        fatalError(
            "selector \(name): the argument \(value.map { "\($0)" } ?? "nil") is not a \(A.self)"
        )
    }
}
