import Foundation
import LayerKit
import LayerKitCairo

/// `inspect`'s JSON (`loaderlab help inspect`): keys in the documented order, two-space indentation,
/// small arrays on one line.
///
/// Numbers are written in the shortest form that reads back to the same double, integers
/// without a fraction. A non-finite number (NaN or ±infinity, which JSON cannot represent) is
/// written as `null`, so the output always parses.
public enum InspectJSON {
    /// The whole document for `loader` at the snapshot's moment; with `animations`, the root's
    /// local time and each layer's animations too (CommandsInspectAnimations.swift).
    public static func document(loader: String, snapshot: SceneSnapshot, animations: Bool = false) -> String {
        var out = "{\n"
        out += "  \"loader\": \(string(loader)),\n"
        out += "  \"state\": \(string(snapshot.state)),\n"
        out += "  \"time\": \(number(snapshot.time)),\n"
        if animations { out += "  \"rootTime\": \(number(snapshot.rootTime)),\n" }
        out += "  \"size\": \(numbers([snapshot.size.width, snapshot.size.height])),\n"
        out += "  \"root\": "
        // Every layer, hidden or not, in drawing order; `toRoot` in the root's own coordinates
        // and as computed (bad numbers are written as null).
        var writer = LayerWriter(out: out)
        writer.animations =
            animations ? AnimationsJSON(snapshot.animations, rootTime: snapshot.rootTime) : nil
        snapshot.tree.walk(&writer, from: .rootBounds, scope: .all)
        return writer.out + "\n}"
    }

    /// Writes each LAYER object as the walk meets it: its fields and the opening of its
    /// `sublayers` when entering, the closing brackets when leaving.
    struct LayerWriter: PresentationVisitor {
        var out: String
        /// Whether the layer open at each depth has written a sublayer yet.
        var wroteSublayer: [Bool] = []
        /// Each layer's animations by index path, when asked for.
        var animations: AnimationsJSON?
        /// The indentation of the layer the walk starts from: 1 for the root, deeper for a
        /// mask written inside its layer.
        var baseIndent = 1
        /// The open layers: each one's index path and the tree indices of its sublayers in
        /// the order the walk meets them, with how many it has met.
        var open: [(path: [Int], order: [Int], met: Int)] = []

        mutating func enter(_ l: PresentationLayer, at place: PresentationWalk.Place) -> Void? {
            // The root sits at one level of indentation, each sublayer two below its layer.
            let indent = baseIndent + 2 * place.depth
            if place.depth > 0 {
                out += wroteSublayer[place.depth - 1] ? ",\n" : "\n"
                wroteSublayer[place.depth - 1] = true
                out += String(repeating: "  ", count: indent)
            }
            var path: [Int] = []
            if var parent = open.last, place.depth > 0 {
                path = parent.path + [parent.order[parent.met]]
                parent.met += 1
                open[open.count - 1] = parent
            }
            open.append((path, PresentationWalk.drawingOrder(l.sublayers), 0))
            if wroteSublayer.count <= place.depth {
                wroteSublayer.append(false)
            } else {
                wroteSublayer[place.depth] = false
            }
            let pad = String(repeating: "  ", count: indent + 1)
            // The fields in the documented order: the tables' sections (`InspectSection`), with
            // the fields that are not properties between them.
            var fields: [(String, String)] = [
                ("name", l.name.map(string) ?? "null"),
                ("kind", string(l.kind.rawValue)),
            ]
            fields += tableFields(l, .geometry)
            fields.append(("toRoot", affine(place.toRoot)))
            fields += tableFields(l, .visibility)
            fields += tableFields(l, .shape)
            fields += spaceFields(l, at: place)
            fields += appearanceFields(l)
            if let animations {
                fields.append(("animations", animations.array(at: path, indent: indent + 1)))
            }
            out += "{\n"
            for (key, value) in fields {
                out += "\(pad)\(string(key)): \(value),\n"
            }
            if let mask = l.mask {
                // The mask lives in this layer's coordinates, outside the sublayers' transform:
                // a tree of its own, placed as a root in this layer.
                out += "\(pad)\"mask\": "
                var writer = LayerWriter(out: out)
                writer.baseIndent = indent + 1
                mask.walk(&writer, from: .superlayer(nil, toSpace: place.toRoot), scope: .all)
                out = writer.out + ",\n"
            }
            out += "\(pad)\"sublayers\": ["
            return ()
        }

        mutating func leave(_ l: PresentationLayer, at place: PresentationWalk.Place, _ entry: Void) {
            open.removeLast()
            let indent = baseIndent + 2 * place.depth
            if l.sublayers.isEmpty {
                out += "]\n"
            } else {
                out += "\n" + String(repeating: "  ", count: indent + 1) + "]\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// The fields the property tables give `l` in `section`, written out.
    static func tableFields(_ l: PresentationLayer, _ section: InspectSection) -> [(String, String)] {
        l.inspectFields(in: section).map { ($0.name, value($0.value)) }
    }

    /// A table field's value as JSON.
    static func value(_ v: InspectValue) -> String {
        switch v {
        case .number(let n): number(n)
        case .numbers(let list): numbers(list)
        case .color(let c): color(c)
        case .colors(let list): "[" + list.map(color).joined(separator: ", ") + "]"
        case .bool(let b): b ? "true" : "false"
        case .string(let s): string(s)
        case .pathBounds(let path): path.flatMap { $0.tightBounds }.map(rect) ?? "null"
        case .null: "null"
        }
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
