// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation
import LayerKit

/// `CFArray`, `CFString` and `CFDictionary`, which Foundation has no Swift types for here: code writes
/// `[a.cgColor, b.cgColor] as CFArray` and `CGColorSpace.sRGB` as on Apple's platforms.
public typealias CFArray = NSArray
public typealias CFString = NSString
public typealias CFDictionary = NSDictionary

/// `CGColorSpaceModel`: the colour spaces `CGColor` has here.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
}

/// `CGColorSpace`: device gray or device RGB (every named RGB space is drawn as device RGB).
public final class CGColorSpace: Hashable, CustomStringConvertible, @unchecked Sendable {
    public let model: CGColorSpaceModel
    /// The name it was made with (`CGColorSpace.sRGB` …), if any.
    public let name: CFString?

    package init(model: CGColorSpaceModel, name: CFString? = nil) {
        self.model = model
        self.name = name
    }

    /// A named space; the gray ones are monochrome, every other is RGB.
    public convenience init?(name: CFString) {
        let gray: Set<String> = [
            "kCGColorSpaceGenericGray", "kCGColorSpaceLinearGray", "kCGColorSpaceExtendedGray",
            "kCGColorSpaceGenericGrayGamma2_2", "kCGColorSpaceExtendedLinearGray",
        ]
        self.init(model: gray.contains(name as String) ? .monochrome : .rgb, name: name)
    }

    /// The components of a colour in this space, alpha not counted.
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    public static var sRGB: CFString { "kCGColorSpaceSRGB" }
    public static var extendedSRGB: CFString { "kCGColorSpaceExtendedSRGB" }
    public static var linearSRGB: CFString { "kCGColorSpaceLinearSRGB" }
    public static var displayP3: CFString { "kCGColorSpaceDisplayP3" }
    public static var genericRGBLinear: CFString { "kCGColorSpaceGenericRGBLinear" }
    public static var genericGrayGamma2_2: CFString { "kCGColorSpaceGenericGrayGamma2_2" }
    public static var linearGray: CFString { "kCGColorSpaceLinearGray" }
    public static var extendedGray: CFString { "kCGColorSpaceExtendedGray" }

    public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool { a.model == b.model }
    public func hash(into h: inout Hasher) { h.combine(model) }

    public var description: String { "CGColorSpace(\(model == .monochrome ? "gray" : "RGB"))" }
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(model: .rgb) }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(model: .monochrome) }

/// `CGGradient`: colours at locations 0…1, drawn by `CGContext.drawLinearGradient` and
/// `drawRadialGradient`.
public final class CGGradient: CustomStringConvertible, @unchecked Sendable {
    package let stops: [GradientStop]

    package init(stops: [GradientStop]) {
        self.stops = stops
    }

    /// `colors` is an array of `CGColor`; `locations` one number per colour in 0…1 (nil spaces
    /// them evenly). Nil when `colors` is empty or holds something else.
    public convenience init?(
        colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?
    ) {
        var list: [CGColor] = []
        for item in colors {
            guard let color = item as? CGColor else { return nil }
            list.append(color)
        }
        guard !list.isEmpty else { return nil }
        self.init(
            stops: list.enumerated().map { i, color in
                GradientStop(
                    location: CGGradient.location(i, of: list.count, locations), color: color.engine)
            })
    }

    /// `count` colours of `space`'s components and alpha, one after another in `components`.
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        var stops: [GradientStop] = []
        for i in 0..<count {
            let c = (0..<n).map { Double(components[i * n + $0]) }
            let color =
                n == 2
                ? Color(red: c[0], green: c[0], blue: c[0], alpha: c[1])
                : Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
            stops.append(GradientStop(location: CGGradient.location(i, of: count, locations), color: color))
        }
        self.init(stops: stops)
    }

    private static func location(_ i: Int, of count: Int, _ locations: UnsafePointer<CGFloat>?) -> Double {
        if let locations { return Double(locations[i]) }
        return count > 1 ? Double(i) / Double(count - 1) : 0
    }

    public var description: String { "CGGradient(\(stops.count) stops)" }
}

/// `CGGradientDrawingOptions`: whether a gradient's end colours carry on past its ends.
public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}
