import Foundation
import LayerKit

/// `CGLineCap`: how open ends of stroked lines are drawn.
public enum CGLineCap: Int32, Sendable {
    case butt = 0
    case round = 1
    case square = 2
}

/// `CGLineJoin`: how corners of stroked lines are drawn.
public enum CGLineJoin: Int32, Sendable {
    case miter = 0
    case round = 1
    case bevel = 2
}

/// `CGPathFillRule`: which points are inside a path.
public enum CGPathFillRule: Int, Sendable {
    case winding = 0
    case evenOdd = 1
}

extension CGLineCap {
    package var engine: LineCap {
        switch self {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }

    package init(_ cap: LineCap) {
        switch cap {
        case .butt: self = .butt
        case .round: self = .round
        case .square: self = .square
        }
    }
}

extension CGLineJoin {
    package var engine: LineJoin {
        switch self {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
    }

    package init(_ join: LineJoin) {
        switch join {
        case .miter: self = .miter
        case .round: self = .round
        case .bevel: self = .bevel
        }
    }
}
