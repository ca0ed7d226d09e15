/// Arrays of interpolatable values (`CAGradientLayer.colors`, `locations`) interpolate
/// element by element: one conformance for every element type, so colours blend component-wise
/// and numbers one by one, each with its own type's rule.
///
/// **Different lengths.** Apple leaves animating between arrays of different lengths
/// undefined. Here an element one array lacks counts as its type's zero (a clear colour, the
/// location 0): the longer array's extra elements grow out of zero or shrink into it, so the
/// array changes length smoothly instead of jumping. A blend has as many elements as the
/// longer array; the end points are exactly the two arrays (`interpolated(to:fraction:)` at 0
/// and 1), so the shorter one's length is restored when the animation ends.
///
/// **Carried as** `AnimationValue.array`, the counterpart of the `NSArray` Core Animation takes
/// for these key paths: `fromValue = [.color(red), .color(blue)]`, or `[0, 0.5, 1]`.
public struct ListVector<Element: VectorArithmetic>: VectorArithmetic {
    public var elements: [Element]

    public init(_ elements: [Element]) { self.elements = elements }

    /// The empty list: every element of the other operand is kept (`x + [] == x`).
    public static var zero: ListVector { ListVector([]) }

    public func adding(_ other: ListVector) -> ListVector { combined(with: other) { $0.adding($1) } }

    public func subtracting(_ other: ListVector) -> ListVector {
        combined(with: other) { $0.subtracting($1) }
    }

    public func scaled(by factor: Double) -> ListVector { ListVector(elements.map { $0.scaled(by: factor) }) }

    public var magnitudeSquared: Double { elements.reduce(0) { $0 + $1.magnitudeSquared } }

    public var isFiniteVector: Bool { elements.allSatisfy(\.isFiniteVector) }

    /// `op` element by element, the missing ones of the shorter list taken as zero.
    private func combined(with other: ListVector, _ op: (Element, Element) -> Element) -> ListVector {
        let n = Swift.max(elements.count, other.elements.count)
        var out: [Element] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let a = i < elements.count ? elements[i] : .zero
            let b = i < other.elements.count ? other.elements[i] : .zero
            out.append(op(a, b))
        }
        return ListVector(out)
    }
}

extension Array: Interpolatable where Element: Interpolatable {
    public var animatableVector: ListVector<Element.Vector> { ListVector(map(\.animatableVector)) }

    public init(animatableVector: ListVector<Element.Vector>) {
        self = animatableVector.elements.map(Element.init(animatableVector:))
    }

    /// An `.array` whose every item is an `Element`; nil when any is not.
    public init?(animationValue: AnimationValue) {
        guard case .array(let items) = animationValue else { return nil }
        var out: [Element] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let v = Element(animationValue: item) else { return nil }
            out.append(v)
        }
        self = out
    }

    public var animationValue: AnimationValue { .array(map(\.animationValue)) }

    public static var valueTypeName: String { "array of \(Element.valueTypeName)s" }
}

extension AnimationValue: ExpressibleByArrayLiteral {
    /// `[0, 0.5, 1]` or `[.color(a), .color(b)]`: an `.array`.
    public init(arrayLiteral elements: AnimationValue...) { self = .array(elements) }
}
