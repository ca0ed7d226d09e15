import Foundation
import Testing

@testable import LayerKit

/// `GradientLayer`'s model: the stops as drawn, the colour at a location (each worked out here
/// from Apple's header) and the animatable key paths.
@Suite struct GradientLayerTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let green = Color(red: 0, green: 1, blue: 0)

    // MARK: Stops

    @Test func stopsFollowLocationsOrSpreadEvenly() {
        var g = GradientProperties()
        #expect(g.stops.isEmpty)  // no colours, nothing drawn
        g.colors = [Self.red, Self.green, Self.blue]
        #expect(g.stops.map(\.location) == [0, 0.5, 1])
        g.locations = [0.1, 0.2, 0.9]
        #expect(g.stops.map(\.location) == [0.1, 0.2, 0.9])
        #expect(g.stops.map(\.color) == [Self.red, Self.green, Self.blue])
        // A count that does not match, or a NaN, falls back to the even spread.
        g.locations = [0.1, 0.2]
        #expect(g.stops.map(\.location) == [0, 0.5, 1])
        g.locations = [0.1, .nan, 0.9]
        #expect(g.stops.map(\.location) == [0, 0.5, 1])
        // Clamped to 0…1, and a stop before an earlier one moves up to it (CSS's rule).
        g.locations = [-0.5, 0.7, 0.4]
        #expect(g.stops.map(\.location) == [0, 0.7, 0.7])
        g.locations = [0, 2, 3]
        #expect(g.stops.map(\.location) == [0, 1, 1])
        // Colours as drawn: clamped per component.
        g.colors = [Color(red: .nan, green: 2, blue: -1, alpha: 1), Self.red, Self.blue]
        #expect(g.stops[0].color == Color(red: 0, green: 1, blue: 0, alpha: 1))
        // One colour sits at 0 and covers everything.
        g.colors = [Self.red]
        g.locations = nil
        #expect(g.stops == [GradientStop(location: 0, color: Self.red)])
        #expect(g.stops.color(at: 0.7) == Self.red)
    }

    @Test func colorAtALocationBlendsTheStopsAroundIt() throws {
        var g = GradientProperties()
        g.colors = [Self.red, Self.green, Color(red: 0, green: 0, blue: 1, alpha: 0)]
        g.locations = [0.2, 0.6, 1]
        let stops = g.stops
        // Before the first stop and after the last: their colours (the gradient pads).
        #expect(stops.color(at: -3) == Self.red)
        #expect(stops.color(at: 0.1) == Self.red)
        #expect(stops.color(at: 1.5) == g.colors[2])
        // 0.3 is a quarter of the way from 0.2 to 0.6: red·3/4 + green·1/4.
        let c = try #require(stops.color(at: 0.3))
        #expect(close(c.red, 0.75) && close(c.green, 0.25) && c.blue == 0 && c.alpha == 1)
        // 0.8 is half-way from green to clear blue, alpha not premultiplied.
        let d = try #require(stops.color(at: 0.8))
        #expect(close(d.green, 0.5) && close(d.blue, 0.5) && close(d.alpha, 0.5))
        #expect(stops.color(at: .nan) == Self.red)
        // Coincident stops make a hard edge: the later colour from that location on.
        g.locations = [0, 0.5, 0.5]
        #expect(g.stops.color(at: 0.5) == g.colors[2])
        #expect(close(g.stops.color(at: 0.4999)!.green, 0.9998, 1e-9))
        #expect([GradientStop]().color(at: 0.5) == nil)
    }

    // MARK: The layer

    @Test func colorsLocationsAndPointsAnimate() throws {
        let gradient = GradientLayer()
        let stage = Stage(time: 0, layer: gradient)
        try stage.scene.perform {
            Transaction.performWithoutActions {
                gradient.colors = [Self.red, Self.blue]
            }
            let colors = BasicAnimation(keyPath: "colors")
            colors.toValue = [.color(Self.blue), .color(Self.green)]
            colors.duration = 1
            try gradient.add(colors, forKey: "colors")
            // From nil locations: they animate from the even spread [0, 1].
            let locations = BasicAnimation(keyPath: "locations")
            locations.toValue = [0.5, 0.75]
            locations.duration = 1
            try gradient.add(locations, forKey: "locations")
            let x = BasicAnimation(keyPath: "startPoint.x")
            x.toValue = 1
            x.duration = 1
            try gradient.add(x, forKey: "x")
        }
        stage.go(0.25)
        let g = try #require(gradient.presentation()?.gradient)
        #expect(g.colors[0] == Color(red: 0.75, green: 0, blue: 0.25, alpha: 1))
        #expect(g.colors[1] == Color(red: 0, green: 0.25, blue: 0.75, alpha: 1))
        #expect(g.locations == [0.125, 0.9375])
        #expect(g.startPoint == Point(0.625, 0))
        // The model is untouched; the presentation tree carries the gradient.
        #expect(gradient.locations == nil)
        #expect(stage.scene.presentation().sublayers[0].gradient == g)
        #expect(stage.scene.presentation().sublayers[0].kind == .gradient)
    }

    @Test func settingAGradientPropertyAnimatesImplicitly() {
        let gradient = GradientLayer()
        let stage = Stage(time: 0, layer: gradient)
        stage.scene.perform {
            Transaction.performWithoutActions { gradient.endPoint = Point(1, 1) }
            gradient.endPoint = Point(0, 1)
            gradient.type = .radial  // not animatable: at once
        }
        #expect(gradient.animationKeys() == ["endPoint"])
        stage.go(0.25)
        #expect(gradient.presentation()?.gradient?.endPoint == Point(0, 1))
        #expect(gradient.presentation()?.gradient?.type == .radial)
    }

    @Test func gradientKeyPathsBelongToGradientLayers() {
        let plain = Layer()
        for key in ["colors", "locations", "startPoint", "endPoint.y"] {
            #expect(throws: AnimationError.requiresLayerClass(keyPath: key, layerClass: "GradientLayer")) {
                try plain.add(BasicAnimation(keyPath: key), forKey: nil)
            }
        }
        #expect(
            AnimationError.requiresLayerClass(keyPath: "colors", layerClass: "GradientLayer").description
                == "key path \"colors\" is only animatable on a GradientLayer")
        let wrong = BasicAnimation(keyPath: "colors")
        wrong.toValue = [1, 2]
        #expect(
            throws: AnimationError.wrongValueType(
                keyPath: "colors", role: "toValue", expected: "array of colors", actual: "array")
        ) { try GradientLayer().add(wrong, forKey: nil) }
    }

    @Test func nonFiniteArraysNeverReachThePresentation() throws {
        // An animation to a NaN location or an infinite colour leaves the model's values shown;
        // a change of length mid-way is drawn through `stops`' rules.
        let gradient = GradientLayer()
        let stage = Stage(time: 0, layer: gradient)
        Transaction.performWithoutActions {
            gradient.colors = [Self.red, Self.blue]
            gradient.locations = [0.2, 0.8]
        }
        let bad = BasicAnimation(keyPath: "locations")
        bad.toValue = [0.5, .number(.nan)]
        bad.duration = 1
        try gradient.add(bad, forKey: "locations")
        let worse = BasicAnimation(keyPath: "colors")
        worse.toValue = [.color(Color(red: .infinity, green: 0, blue: 0)), .color(Self.blue)]
        worse.duration = 1
        try gradient.add(worse, forKey: "colors")
        stage.go(0.5)
        let g = try #require(gradient.presentation()?.gradient)
        #expect(g.locations == [0.2, 0.8])
        #expect(g.colors == [Self.red, Self.blue])
        let grow = BasicAnimation(keyPath: "colors")
        grow.toValue = [.color(Self.red), .color(Self.blue), .color(Self.green)]
        grow.duration = 1
        try gradient.add(grow, forKey: "colors")
        stage.go(1)
        // Three colours against two locations: the locations no longer match, so the stops
        // spread evenly.
        let shown = try #require(gradient.presentation()?.gradient)
        #expect(shown.colors.count == 3)
        #expect(shown.stops.map(\.location) == [0, 0.5, 1])
    }
}
