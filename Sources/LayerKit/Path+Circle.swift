/// Whether a path is one whole circle about a given centre, as `Path.oval(in:)` of a square or
/// `Path.arc` through a whole turn builds it: such a path looks the same turned about its
/// centre, so a renderer may draw it turned as it is unturned, moved to where its centre goes.
///
/// The test, on the path's elements:
/// - one subpath: a move, then lines, quadratic or cubic curves, an optional close;
/// - every on-curve point (each element's end) and every curve's midpoint lies at the same
///   distance `r` from the centre, within `relativeTolerance` × `r` (a cubic approximation of a
///   quarter turn is off the circle by 2.7 × 10⁻⁴ r at most);
/// - it ends where it starts, and is as long as the circle, 2πr, within 1 % (which rules out
///   a part of the turn, and a turn gone round twice);
/// - no control point lies farther than 1.5 r from the centre (a curve bulging out between
///   points on the circle).
/// An empty path, a point, a non-finite coordinate or a zero radius is not a circle.
extension Path {
    /// How far a point on the path may be from the circle, relative to its radius.
    public static let circleRelativeTolerance = 1e-3

    /// The radius when the path is one whole circle about `centre`; nil otherwise.
    public func circleRadius(about centre: Point) -> Double? {
        let elements = self.elements
        guard elements.count >= 2, case .move(let start) = elements[0] else { return nil }
        func distance(_ p: Point) -> Double {
            ((p.x - centre.x) * (p.x - centre.x) + (p.y - centre.y) * (p.y - centre.y)).squareRoot()
        }
        let radius = distance(start)
        guard radius.isFinite, radius > 0 else { return nil }
        let tolerance = Self.circleRelativeTolerance * radius
        func onCircle(_ p: Point) -> Bool { abs(distance(p) - radius) <= tolerance }
        func near(_ p: Point) -> Bool { distance(p) <= 1.5 * radius }
        var current = start
        for (index, element) in elements.enumerated().dropFirst() {
            switch element {
            case .move:
                return nil
            case .line(let to):
                let middle = Point(x: (current.x + to.x) / 2, y: (current.y + to.y) / 2)
                guard onCircle(to), onCircle(middle) else { return nil }
                current = to
            case .quad(let to, let control):
                let middle = Point(
                    x: 0.25 * current.x + 0.5 * control.x + 0.25 * to.x,
                    y: 0.25 * current.y + 0.5 * control.y + 0.25 * to.y)
                guard onCircle(to), onCircle(middle), near(control) else { return nil }
                current = to
            case .cubic(let to, let c1, let c2):
                let middle = Point(
                    x: 0.125 * current.x + 0.375 * c1.x + 0.375 * c2.x + 0.125 * to.x,
                    y: 0.125 * current.y + 0.375 * c1.y + 0.375 * c2.y + 0.125 * to.y)
                guard onCircle(to), onCircle(middle), near(c1), near(c2) else { return nil }
                current = to
            case .close:
                let middle = Point(x: (current.x + start.x) / 2, y: (current.y + start.y) / 2)
                guard index == elements.count - 1, onCircle(middle) else { return nil }
                current = start
            }
        }
        guard
            distance(Point(x: current.x - start.x + centre.x, y: current.y - start.y + centre.y)) <= tolerance
        else { return nil }
        let turn = 2 * Double.pi * radius
        guard abs(measure.length - turn) <= 0.01 * turn else { return nil }
        return radius
    }
}
