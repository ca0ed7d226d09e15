import Foundation
import Testing

@testable import LayerKit

/// Arrays animate element by element, each element by its own type's rule.
@Suite struct ArrayInterpolationTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let green = Color(red: 0, green: 1, blue: 0)

    @Test func arraysInterpolateElementByElement() {
        let a = [Self.red, Self.blue]
        let b = [Self.blue, Color(white: 1, alpha: 0.5)]
        let half = a.interpolated(to: b, fraction: 0.25)
        // Each colour component-wise: red → blue a quarter of the way, blue → half-white.
        #expect(half[0] == Color(red: 0.75, green: 0, blue: 0.25, alpha: 1))
        #expect(half[1] == Color(red: 0.25, green: 0.25, blue: 1, alpha: 0.875))
        #expect([0.0, 0.5, 1].interpolated(to: [0.2, 0.6, 0.8], fraction: 0.5) == [0.1, 0.55, 0.9])
        // The end points are exactly the two arrays.
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
    }

    @Test func arraysOfDifferentLengthsGrowFromZero() {
        // The missing third element counts as 0: half-way it is half of 0.9.
        let grown = [0.0, 1].interpolated(to: [0, 0.5, 0.9], fraction: 0.5)
        #expect(grown == [0, 0.75, 0.45])
        // Shrinking: the extra colour fades to clear, and the end is the shorter array.
        let shrunk = [Self.red, Self.blue].interpolated(to: [Self.green], fraction: 0.5)
        #expect(shrunk.count == 2)
        #expect(shrunk[1] == Color(red: 0, green: 0, blue: 0.5, alpha: 0.5))
        #expect([Self.red, Self.blue].interpolated(to: [Self.green], fraction: 1) == [Self.green])
        // Additive animations start from the empty array, the identity.
        #expect([Double].additiveIdentity.isEmpty)
        #expect([Double].accumulate([1, 2], [0.5]) == [1.5, 2])
    }

    @Test func arraysCrossAnimationValuesAndNameTheirType() {
        let value: AnimationValue = [.color(Self.red), .color(Self.blue)]
        #expect([Color](animationValue: value) == [Self.red, Self.blue])
        #expect([Double](animationValue: [0, 0.5]) == [0, 0.5])
        // One wrong item rejects the whole array.
        #expect([Double](animationValue: [0, .color(Self.red)]) == nil)
        #expect([Double](animationValue: 3) == nil)
        #expect([Color].valueTypeName == "array of colors")
        #expect(value.typeName == "array")
        #expect(AnimationValue.array([1, 2]).description == "[1.0, 2.0]")
    }
}
