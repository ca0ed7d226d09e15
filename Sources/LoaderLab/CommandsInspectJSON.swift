import Foundation
import LayerKit
import LayerKitCairo

/// `inspect`'s JSON (../shared/CLI.md): keys in the documented order, two-space indentation,
/// small arrays on one line.
///
/// Numbers are written in the shortest form that reads back to the same double, integers
/// without a fraction. A non-finite number (NaN or ±infinity, which JSON cannot represent) is
/// written as `null`, so the output always parses.
public enum InspectJSON {
    /// The whole document for `loader` at the snapshot's moment.
    public static func document(loader: String, snapshot: SceneSnapshot) -> String {
        var out = "{\n"
        out += "  \"loader\": \(string(loader)),\n"
        out += "  \"state\": \(string(snapshot.state)),\n"
        out += "  \"time\": \(number(snapshot.time)),\n"
        out += "  \"size\": \(numbers([snapshot.size.width, snapshot.size.height])),\n"
        out += "  \"root\": "
        layer(snapshot.tree, toRoot: .identity, indent: 1, into: &out)
        out += "\n}"
        return out
    }

    /// Appends one LAYER object; `toRoot` maps its bounds coordinates to the root's.
    static func layer(
        _ l: PresentationLayer, toRoot: LayerKit.AffineTransform, indent: Int, into out: inout String
    ) {
        let pad = String(repeating: "  ", count: indent + 1)
        let p = l.properties
        var fields: [(String, String)] = [
            ("name", l.name.map(string) ?? "null"),
            ("kind", string(l.kind.rawValue)),
            ("bounds", rect(p.bounds)),
            ("position", numbers([p.position.x, p.position.y])),
            ("anchorPoint", numbers([p.anchorPoint.x, p.anchorPoint.y])),
            ("transform", affine(p.transform.affine)),
            ("toRoot", affine(toRoot)),
            ("opacity", number(clampUnit(p.opacity))),
            ("hidden", p.isHidden ? "true" : "false"),
        ]
        if let s = l.shape {
            fields += [
                ("strokeStart", number(clampUnit(s.strokeStart))),
                ("strokeEnd", number(clampUnit(s.strokeEnd))),
                ("lineWidth", number(s.lineWidth)),
                ("lineDashPattern", numbers(s.lineDashPattern)),
                ("strokeColor", color(s.strokeColor)),
                ("fillColor", color(s.fillColor)),
                ("pathBounds", s.path.flatMap { $0.tightBounds }.map(rect) ?? "null"),
            ]
        }
        fields += appearanceFields(l)
        out += "{\n"
        for (key, value) in fields {
            out += "\(pad)\(string(key)): \(value),\n"
        }
        if let mask = l.mask {
            // The mask lives in this layer's coordinates, outside the sublayers' transform.
            out += "\(pad)\"mask\": "
            layer(
                mask, toRoot: toSuperlayerAffine(mask.properties).concatenating(toRoot), indent: indent + 1,
                into: &out)
            out += ",\n"
        }
        out += "\(pad)\"sublayers\": ["
        if l.sublayers.isEmpty {
            out += "]\n"
        } else {
            out += "\n"
            let sublayerTransform = sublayerAffine(p)
            let order = LayerRenderer.drawingOrder(l.sublayers)
            for (n, index) in order.enumerated() {
                let child = l.sublayers[index]
                let childToRoot = toSuperlayerAffine(child.properties)
                    .concatenating(sublayerTransform)
                    .concatenating(toRoot)
                out += pad + "  "
                layer(child, toRoot: childToRoot, indent: indent + 2, into: &out)
                out += n == order.count - 1 ? "\n" : ",\n"
            }
            out += "\(pad)]\n"
        }
        out += String(repeating: "  ", count: indent) + "}"
    }

    /// Clamps to 0…1 as drawn; NaN stays NaN (written as null).
    static func clampUnit(_ v: Double) -> Double { v.isNaN ? v : min(max(v, 0), 1) }

    /// A layer's bounds coordinates into its superlayer's: the affine part of
    /// `LayerProperties.toSuperlayer`, without any check (bad values show up as null).
    public static func toSuperlayerAffine(_ p: LayerProperties) -> LayerKit.AffineTransform {
        let ax = p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width
        let ay = p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
        return LayerKit.AffineTransform(translationX: -ax, y: -ay)
            .concatenating(p.transform.affine)
            .concatenating(LayerKit.AffineTransform(translationX: p.position.x, y: p.position.y))
    }

    /// The superlayer's `sublayerTransform` about its anchor point, as the renderer applies it.
    public static func sublayerAffine(_ p: LayerProperties) -> LayerKit.AffineTransform {
        let s = p.sublayerTransform.affine
        if s.isIdentity { return .identity }
        let ax = p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width
        let ay = p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
        return LayerKit.AffineTransform(translationX: -ax, y: -ay)
            .concatenating(s)
            .concatenating(LayerKit.AffineTransform(translationX: ax, y: ay))
    }

    static func rect(_ r: Rect) -> String {
        numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
    }

    static func affine(_ t: LayerKit.AffineTransform) -> String { numbers([t.a, t.b, t.c, t.d, t.tx, t.ty]) }

    static func color(_ c: Color?) -> String {
        guard let c else { return "null" }
        return numbers([c.red, c.green, c.blue, c.alpha])
    }

    static func numbers(_ values: [Double]) -> String {
        "[" + values.map(number).joined(separator: ", ") + "]"
    }

    /// A JSON number, or `null` when `v` is not finite.
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        // Swift prints the shortest digits that round-trip; its exponent form ("1e-05") is
        // valid JSON.
        return "\(v)"
    }

    /// A JSON string literal.
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension Path {
    /// The smallest rectangle containing every point the path passes through (the curves'
    /// extremes, not their control points), as `CGPathGetPathBoundingBox`; nil for an empty or
    /// non-finite path.
    var tightBounds: Rect? {
        guard !isEmpty, isFinite else { return nil }
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = Swift.min(x0, p.x)
            y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x)
            y1 = Swift.max(y1, p.y)
        }
        var current = Point.zero
        var start = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                add(p)
                current = p
                start = p
            case .line(let p):
                add(p)
                current = p
            case .quad(let p, let c):
                add(p)
                // B'(t) = 0 at t = (p0 − c) / (p0 − 2c + p1), per axis.
                for t in [Self.quadExtreme(current.x, c.x, p.x), Self.quadExtreme(current.y, c.y, p.y)] {
                    guard let t else { continue }
                    let u = 1 - t
                    add(current * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                current = p
            case .cubic(let p, let c1, let c2):
                add(p)
                for t in Self.cubicExtremes(current.x, c1.x, c2.x, p.x)
                    + Self.cubicExtremes(current.y, c1.y, c2.y, p.y)
                {
                    let u = 1 - t
                    add(current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
                current = p
            case .close:
                current = start
            }
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private static func quadExtreme(_ a: Double, _ b: Double, _ c: Double) -> Double? {
        let denominator = a - 2 * b + c
        guard denominator != 0 else { return nil }
        let t = (a - b) / denominator
        return t > 0 && t < 1 ? t : nil
    }

    /// Parameters in (0, 1) where one coordinate of a cubic has zero derivative:
    /// the roots of `A·t² + B·t + C` with A = p3 − 3p2 + 3p1 − p0, B = 2(p2 − 2p1 + p0),
    /// C = p1 − p0 (the derivative divided by 3).
    private static func cubicExtremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        let a = p3 - 3 * p2 + 3 * p1 - p0
        let b = 2 * (p2 - 2 * p1 + p0)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let s = discriminant.squareRoot()
                roots.append((-b + s) / (2 * a))
                roots.append((-b - s) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
