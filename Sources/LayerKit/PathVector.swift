/// A path's coordinates as a vector, for animating `ShapeLayer.path` (`CAShapeLayer` morphing).
///
/// As in Core Animation, two paths blend point by point when they have the same elements in
/// the same order (moves, lines, quadratic and cubic curves, closes); the result for paths of
/// different structure is undefined in Core Animation, and here the start path holds until the
/// end value shows. The zero vector (no structure) is the empty path and is neutral in sums.
public struct PathVector: VectorArithmetic, Hashable {
    /// The element kinds, nil for the zero vector.
    let structure: [Kind]?
    /// Every element's points, in element order: to-point first, then control points.
    let coordinates: [Double]

    enum Kind: UInt8, Hashable, Sendable {
        case move, line, quad, cubic, close
    }

    public static let zero = PathVector(structure: nil, coordinates: [])

    init(structure: [Kind]?, coordinates: [Double]) {
        self.structure = structure
        self.coordinates = coordinates
    }

    init(_ path: Path) {
        var kinds: [Kind] = []
        var c: [Double] = []
        kinds.reserveCapacity(path.elements.count)
        for e in path.elements {
            switch e {
            case .move(let p):
                kinds.append(.move)
                c += [p.x, p.y]
            case .line(let p):
                kinds.append(.line)
                c += [p.x, p.y]
            case .quad(let p, let q):
                kinds.append(.quad)
                c += [p.x, p.y, q.x, q.y]
            case .cubic(let p, let c1, let c2):
                kinds.append(.cubic)
                c += [p.x, p.y, c1.x, c1.y, c2.x, c2.y]
            case .close:
                kinds.append(.close)
            }
        }
        self.init(structure: kinds, coordinates: c)
    }

    var path: Path {
        guard let structure else { return Path() }
        var elements: [PathElement] = []
        elements.reserveCapacity(structure.count)
        var i = 0
        func point() -> Point {
            defer { i += 2 }
            return Point(x: coordinates[i], y: coordinates[i + 1])
        }
        for kind in structure {
            switch kind {
            case .move: elements.append(.move(to: point()))
            case .line: elements.append(.line(to: point()))
            case .quad:
                let p = point()
                elements.append(.quad(to: p, control: point()))
            case .cubic:
                let p = point()
                let c1 = point()
                elements.append(.cubic(to: p, control1: c1, control2: point()))
            case .close: elements.append(.close)
            }
        }
        return Path(elements: elements)
    }

    /// Combines two vectors of the same structure coordinate by coordinate; zero is neutral;
    /// for different structures the left side is kept.
    private func combine(_ o: PathVector, _ f: (Double, Double) -> Double) -> PathVector {
        guard let structure else {
            return PathVector(structure: o.structure, coordinates: o.coordinates.map { f(0, $0) })
        }
        guard o.structure != nil else { return self }
        guard o.structure == structure else { return self }
        var c = coordinates
        for i in c.indices { c[i] = f(c[i], o.coordinates[i]) }
        return PathVector(structure: structure, coordinates: c)
    }

    public func adding(_ other: PathVector) -> PathVector { combine(other, +) }

    /// The difference; for paths of different structure it is zero, so that a blend between
    /// them holds its start.
    public func subtracting(_ other: PathVector) -> PathVector {
        if let s = structure, let o = other.structure, s != o { return .zero }
        return combine(other, -)
    }

    public func scaled(by factor: Double) -> PathVector {
        PathVector(structure: structure, coordinates: coordinates.map { $0 * factor })
    }

    public var magnitudeSquared: Double { coordinates.reduce(0) { $0 + $1 * $1 } }
    public var isFiniteVector: Bool { coordinates.allSatisfy(\.isFinite) }
}

extension Path: Interpolatable {
    public var animatableVector: PathVector { PathVector(self) }
    public init(animatableVector v: PathVector) { self = v.path }
    public init?(animationValue: AnimationValue) {
        guard case .path(let p) = animationValue else { return nil }
        self = p
    }
    public var animationValue: AnimationValue { .path(self) }
    public static var valueTypeName: String { "path" }
    /// Paths of different shapes have no difference: a view animation of one replaces.
    public static func additiveDifference(_ value: Path, over base: Path) -> Path? { nil }

    /// Paths of the same elements add point by point (an additive or by-value animation of
    /// `path`); where the elements differ, the animation's own path shows, as on a device (an
    /// additive animation over a model path of another shape draws the animation's values);
    /// the empty path is neutral.
    public static func accumulate(_ base: Path, _ delta: Path) -> Path {
        let b = PathVector(base)
        let d = PathVector(delta)
        guard let bs = b.structure, !bs.isEmpty else { return delta }
        guard let ds = d.structure, !ds.isEmpty else { return base }
        guard bs == ds else { return delta }
        return Path(animatableVector: b.adding(d))
    }
}
