/// A layer property, declared once: the tables (`LayerTable`, `ShapeTable`, `GradientTable`,
/// `TextTable`, `ReplicatorTable`) hold one of these for each property of a layer kind, and
/// everything that lists properties reads them from there: the engine's setters and their
/// actions, the animatable key paths (`KeyPathRegistry`), the compat's key lists and copies,
/// and `loaderlab inspect`'s fields.
///
/// The default is the group struct's own initial value (`defaultValue` reads it), so it is
/// written in one place. A new property of a layer kind is one entry in its table (added to
/// its `all` list), its storage in the group struct, its setter on the layer (one line onto
/// the entry) and its drawing.
public struct LayerProperty<Group: LayerPropertyGroup, Value: Equatable & Sendable>: Sendable {
    /// Core Animation's name for the property: the action key, the key-value coding key and
    /// the animation key path (`"shadowRadius"`, `"hidden"`, `"wrapped"`).
    public let key: String
    /// Where the value is stored in its group struct.
    public let storage: WritableKeyPath<Group, Value> & Sendable
    /// Whether it animates, and whether a change animates implicitly.
    public let animating: PropertyAnimating
    /// Whether a change redraws the layer's own content or only moves or blends it.
    public let role: PropertyRole
    /// The fields `loaderlab inspect` writes for it (none for a property it does not show).
    public let inspect: [InspectField<Value>]
    /// The key a change runs its action under: `key` for an implicitly animated property, nil
    /// for the others (they change at once).
    let actionKey: String?
    /// The animatable property of `key`, for an animatable one.
    let animatable: (any AnyAnimatableProperty)?

    /// A property that does not animate: a change shows at once (`masksToBounds`, `lineCap` …).
    init(
        _ key: String, _ storage: WritableKeyPath<Group, Value> & Sendable, role: PropertyRole,
        inspect: [InspectField<Value>] = []
    ) {
        self.key = key
        self.storage = storage
        animating = .none
        self.role = role
        self.inspect = inspect
        actionKey = nil
        animatable = nil
    }

    /// An animatable property, animated as the value it stores.
    init(
        _ key: String, _ storage: WritableKeyPath<Group, Value> & Sendable, _ animating: PropertyAnimating,
        role: PropertyRole, inspect: [InspectField<Value>] = []
    ) where Value: Interpolatable, Group: LayerValuesSlot {
        self.key = key
        self.storage = storage
        self.animating = animating
        self.role = role
        self.inspect = inspect
        actionKey = animating == .implicit ? key : nil
        animatable = animating == .none ? nil : Group.animatable(key, storage)
    }

    /// An animatable property whose stored value animates through another type
    /// (`AnimatedForm`: an optional colour as a colour, nil as clear …).
    init<Animated: Interpolatable>(
        _ key: String, _ storage: WritableKeyPath<Group, Value> & Sendable, _ animating: PropertyAnimating,
        role: PropertyRole, animatesAs form: AnimatedForm<Group, Animated>,
        inspect: [InspectField<Value>] = []
    ) where Group: LayerValuesSlot {
        self.key = key
        self.storage = storage
        self.animating = animating
        self.role = role
        self.inspect = inspect
        actionKey = animating == .implicit ? key : nil
        animatable = animating == .none ? nil : Group.animatable(key, read: form.read, write: form.write)
    }

    /// Core Animation's default: the value a new group struct holds.
    public var defaultValue: Value { Group()[keyPath: storage] }

    /// The property as an entry of its table's `all` list.
    public var entry: LayerPropertyEntry<Group> { LayerPropertyEntry(self) }
}

/// Whether a property animates (`CALayer`'s headers mark it "Animatable"), and whether
/// changing it on a layer that is shown starts an implicit animation.
public enum PropertyAnimating: Sendable, Hashable {
    /// Animatable, and a change animates implicitly (0.25 s from what is shown) unless the
    /// transaction disables actions.
    case implicit
    /// Animatable with explicit animations only: a change shows at once, as `path` and
    /// `shadowPath` do in Core Animation, and as `hidden` does here.
    case explicitOnly
    /// Not animatable: a change shows at once (`masksToBounds`, `contentsGravity` …).
    case none
}

/// What a change of a property makes stale, as Core Animation divides the work: the layer's
/// own rendering (its backing store), or only where and how that rendering is composited.
///
/// The rule, for whoever keeps renderings between frames: a change of a `.content` property
/// makes the layer's rendering stale and it must be drawn again; a change of a `.placement`
/// property keeps it and moves, transforms, blends or hides it. `bounds` is `.content` as a
/// whole: its origin only moves the rendering, but its size changes what a layer draws
/// whenever the drawing depends on it (a background, border or corners, a gradient, wrapped
/// text, contents scaled to fit), which is every layer but an empty one.
public enum PropertyRole: Sendable, Hashable {
    /// The layer's own rendering changes: colours, paths, line widths, stroke ends, corner
    /// radius, border, contents and their geometry, shadow, text, gradient stops.
    case content
    /// Only compositing changes: position, anchor point, transforms, opacity, zPosition,
    /// hidden, double-sidedness, rasterization.
    case placement
}

/// One of the structs a layer kind's values are kept in: `LayerProperties` (every layer),
/// `ShapeProperties`, `GradientProperties`, `TextProperties`, `ReplicatorProperties`. Its
/// initialiser gives Core Animation's defaults.
public protocol LayerPropertyGroup: Hashable, Sendable {
    init()
    /// This group's values in a presentation layer: nil for a layer of another kind.
    static func values(in layer: PresentationLayer) -> Self?
}

/// How a stored value animates through an `Interpolatable` one, and back: an optional colour
/// as a colour with nil as clear (a nil `CGColor` animates from and to clear), an optional path
/// as a path with nil as the empty path, nil locations as their even spread.
public struct AnimatedForm<Group: LayerPropertyGroup, Animated: Interpolatable>: Sendable {
    let read: @Sendable (Group) -> Animated
    let write: @Sendable (inout Group, Animated) -> Void

    init(
        read: @escaping @Sendable (Group) -> Animated,
        write: @escaping @Sendable (inout Group, Animated) -> Void
    ) {
        self.read = read
        self.write = write
    }

    /// An optional colour: nil animates as clear.
    static func nilAsClear(_ kp: WritableKeyPath<Group, Color?> & Sendable) -> Self where Animated == Color {
        AnimatedForm(read: { $0[keyPath: kp] ?? .clear }, write: { $0[keyPath: kp] = $1 })
    }

    /// An optional path: nil animates as the empty path.
    static func nilAsEmpty(_ kp: WritableKeyPath<Group, Path?> & Sendable) -> Self where Animated == Path {
        AnimatedForm(read: { $0[keyPath: kp] ?? Path() }, write: { $0[keyPath: kp] = $1 })
    }
}

/// A table entry of any value type, for the `all` lists: what code that walks every property
/// of a kind needs.
public struct LayerPropertyEntry<Group: LayerPropertyGroup>: Sendable {
    public let key: String
    /// Where the value is stored in the group struct.
    public let storage: PartialKeyPath<Group> & Sendable
    public let animating: PropertyAnimating
    public let role: PropertyRole
    /// The inspect fields, each reading its value from the group.
    public let inspectFields: [InspectEntry<Group>]
    /// True when `group` holds the property's default.
    public let hasDefaultValue: @Sendable (Group) -> Bool
    /// Copies the property's value from the first group into the second.
    public let copy: @Sendable (Group, inout Group) -> Void
    /// Where the value lies in the group struct, when it is a stored field of a plain type
    /// (numbers, points, transforms: no references), so that it can be copied as bytes.
    let plainField: (offset: Int, size: Int)?
    let animatable: (any AnyAnimatableProperty)?
    /// The property itself, for code that needs its value type (open it as a generic
    /// argument).
    public let property: any TypedLayerProperty<Group>

    init<Value>(_ p: LayerProperty<Group, Value>) {
        property = p
        key = p.key
        storage = p.storage
        animating = p.animating
        role = p.role
        animatable = p.animatable
        let kp = p.storage
        let initial = p.defaultValue
        hasDefaultValue = { $0[keyPath: kp] == initial }
        copy = { $1[keyPath: kp] = $0[keyPath: kp] }
        plainField =
            _isPOD(Value.self)
            ? MemoryLayout<Group>.offset(of: kp).map { ($0, MemoryLayout<Value>.size) } : nil
        inspectFields = p.inspect.map { field in
            let encode = field.encode
            let value: @Sendable (Group) -> InspectValue?
            switch field.rule {
            case .always: value = { encode($0[keyPath: kp]) }
            case .whenNotDefault:
                value = { g in
                    let v = g[keyPath: kp]
                    return v == initial ? nil : encode(v)
                }
            }
            return InspectEntry(name: field.name ?? p.key, section: field.section, value: value)
        }
    }
}

/// A `LayerProperty` with its value type as an associated type, so that an entry's property
/// can be opened as a generic argument.
public protocol TypedLayerProperty<Group>: Sendable {
    associatedtype Group: LayerPropertyGroup
    associatedtype Value: Equatable & Sendable
    var key: String { get }
    var storage: WritableKeyPath<Group, Value> & Sendable { get }
    var defaultValue: Value { get }
}

extension LayerProperty: TypedLayerProperty {}

/// Where a group's values sit in the values an animation reads and writes, and how its
/// properties are made animatable: one conformance per group, so the per-frame accessors are
/// the same direct closures for every property of a kind.
protocol LayerValuesSlot: LayerPropertyGroup {
    static func animatable<V: Interpolatable>(_ key: String, _ kp: WritableKeyPath<Self, V> & Sendable)
        -> AnimatableProperty<V>
    static func animatable<A: Interpolatable>(
        _ key: String, read: @escaping @Sendable (Self) -> A,
        write: @escaping @Sendable (inout Self, A) -> Void
    ) -> AnimatableProperty<A>
}

extension LayerPropertyGroup {
    /// Runs `write` on this group (so an optional group is changed in place: `shape?.update`).
    mutating func update<A>(_ write: (inout Self, A) -> Void, _ value: A) { write(&self, value) }
}
