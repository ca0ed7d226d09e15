import Foundation
import Testing
import UIKit

/// UIKit's geometry strings, as `NSCoder.cgPoint(for:)` and `NSStringFromCGPoint` read and
/// write them ("{x, y}", "{{x, y}, {w, h}}").
@Suite("NSCoder geometry strings")
struct NSCoderGeometryTests {
    @Test func readsPointsSizesAndRects() {
        #expect(NSCoder.cgPoint(for: "{0,0}") == .zero)
        #expect(NSCoder.cgPoint(for: "{-12.5, 3e1}") == CGPoint(x: -12.5, y: 30))
        #expect(NSCoder.cgSize(for: "{4,5}") == CGSize(width: 4, height: 5))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func malformedStringsReadAsZero() {
        #expect(NSCoder.cgPoint(for: "") == .zero)
        #expect(NSCoder.cgPoint(for: "{1}") == .zero)
        #expect(NSCoder.cgPoint(for: "{x,y}") == .zero)
        #expect(NSCoder.cgRect(for: "{{1,2},{3}}") == .zero)
    }

    @Test func writesWhatItReads() {
        let point = CGPoint(x: 1.5, y: -2)
        #expect(NSCoder.string(for: point) == "{1.5, -2}")
        #expect(NSCoder.cgPoint(for: NSCoder.string(for: point)) == point)
        let rect = CGRect(x: 0, y: 0.25, width: 10, height: 20)
        #expect(NSCoder.string(for: rect) == "{{0, 0.25}, {10, 20}}")
        #expect(NSCoder.cgRect(for: NSCoder.string(for: rect)) == rect)
    }
}
