import CoreGraphics
import Foundation

/// UIKit's geometry strings: `"{x, y}"`, `"{w, h}"`, `"{{x, y}, {w, h}}"`, as
/// `NSCoder.cgPoint(for:)` & co. (Objective-C's `CGPointFromString`) read and write them.
///
/// Reading takes the numbers in the string in order (braces, commas and spaces separate them);
/// a string with too few numbers reads as zero, as UIKit's does.
extension NSCoder {
    public class func cgPoint(for string: String) -> CGPoint {
        let n = geometryNumbers(in: string, count: 2)
        return CGPoint(x: n[0], y: n[1])
    }

    public class func cgSize(for string: String) -> CGSize {
        let n = geometryNumbers(in: string, count: 2)
        return CGSize(width: n[0], height: n[1])
    }

    public class func cgRect(for string: String) -> CGRect {
        let n = geometryNumbers(in: string, count: 4)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    public class func string(for point: CGPoint) -> String {
        "{\(format(point.x)), \(format(point.y))}"
    }

    public class func string(for size: CGSize) -> String {
        "{\(format(size.width)), \(format(size.height))}"
    }

    public class func string(for rect: CGRect) -> String {
        "{\(string(for: rect.origin)), \(string(for: rect.size))}"
    }

    /// The first `count` numbers of `string`, or zeros when it has fewer.
    private class func geometryNumbers(in string: String, count: Int) -> [CGFloat] {
        let parts = string.split(whereSeparator: { "{}, \t\n".contains($0) })
        let numbers = parts.compactMap { Double($0) }
        guard numbers.count >= count, numbers.count == parts.count else {
            return Array(repeating: 0, count: count)
        }
        return numbers.prefix(count).map { CGFloat($0) }
    }

    /// A number as `%g` writes it, as UIKit's strings show them (`1`, `0.5`, `-2.25`).
    private class func format(_ v: CGFloat) -> String {
        String(format: "%g", Double(v))
    }
}
