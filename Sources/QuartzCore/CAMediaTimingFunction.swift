import Foundation
import LayerKit

/// `CAMediaTimingFunction`: a cubic Bézier from (0, 0) to (1, 1) that eases an animation's
/// progress.
open class CAMediaTimingFunction: NSObject {
    package let engine: TimingFunction

    /// One of the predefined curves: linear (0, 0, 1, 1), easeIn (0.42, 0, 1, 1), easeOut
    /// (0, 0, 0.58, 1), easeInEaseOut (0.42, 0, 0.58, 1), default (0.25, 0.1, 0.25, 1). An
    /// unknown name gives the default curve.
    public init(name: CAMediaTimingFunctionName) {
        engine = TimingFunction(name: name.rawValue) ?? .default
        super.init()
    }

    /// The curve with control points (c1x, c1y) and (c2x, c2y).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        engine = TimingFunction(controlPoints: Double(c1x), Double(c1y), Double(c2x), Double(c2y))
        super.init()
    }

    package init(_ function: TimingFunction) {
        engine = function
        super.init()
    }

    /// Writes control point `idx` (0…3: the start, the two handles, the end) as two floats.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let points = [Point.zero, engine.c1, engine.c2, Point(x: 1, y: 1)]
        guard points.indices.contains(idx) else { return }
        ptr[0] = Float(points[idx].x)
        ptr[1] = Float(points[idx].y)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CAMediaTimingFunction)?.engine == engine
    }

    open override var hash: Int { engine.hashValue }

    open override var description: String { "CAMediaTimingFunction(\(engine))" }
}
