import Foundation
import LayerKit

/// `CGColor`: an immutable colour, a class as on Apple's platforms.
///
/// Two colour spaces exist here, those `UIColor` makes: device gray (`init(gray:alpha:)`,
/// `components` = [white, alpha]) and device RGB (`init(red:green:blue:alpha:)`,
/// `components` = [red, green, blue, alpha]). Components are stored as given (extended range
/// included); drawing clamps them.
public final class CGColor: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The colour space's components followed by alpha.
    private let storage: [CGFloat]

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storage = [red, green, blue, alpha]
    }

    public init(gray: CGFloat, alpha: CGFloat) {
        storage = [gray, alpha]
    }

    /// The components in the colour's space, alpha last.
    public var components: [CGFloat]? { storage }

    public var numberOfComponents: Int { storage.count }

    public var alpha: CGFloat { storage[storage.count - 1] }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        if storage.count == 2 { return CGColor(gray: storage[0], alpha: alpha) }
        return CGColor(red: storage[0], green: storage[1], blue: storage[2], alpha: alpha)
    }

    public static var black: CGColor { CGColor(gray: 0, alpha: 1) }
    public static var white: CGColor { CGColor(gray: 1, alpha: 1) }
    public static var clear: CGColor { CGColor(gray: 0, alpha: 0) }

    public static func == (l: CGColor, r: CGColor) -> Bool { l.storage == r.storage }
    public func hash(into h: inout Hasher) { h.combine(storage) }

    public var description: String {
        storage.count == 2
            ? "CGColor(gray: \(storage[0]), alpha: \(storage[1]))"
            : "CGColor(red: \(storage[0]), green: \(storage[1]), blue: \(storage[2]), alpha: \(storage[3]))"
    }
}

extension CGColor {
    /// The engine's RGBA colour.
    package var engine: Color {
        if storage.count == 2 {
            let w = Double(storage[0])
            return Color(red: w, green: w, blue: w, alpha: Double(storage[1]))
        }
        return Color(
            red: Double(storage[0]), green: Double(storage[1]), blue: Double(storage[2]),
            alpha: Double(storage[3]))
    }

    package convenience init(_ c: Color) {
        self.init(
            red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
    }
}
