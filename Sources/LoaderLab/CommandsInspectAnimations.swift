import Foundation
import LayerKit

/// `inspect --animations`: each LAYER's `animations` array (`loaderlab help inspect`), written
/// with `InspectJSON`'s number and string rules (a non-finite number is `null`: an infinite
/// `repeatCount` or `activeDuration` means forever).
///
/// ANIMATION: key, keyPath, kind ("basic" | "keyframe" | "group" | "plain"), origin
/// ("explicit" | "implicit" | "viewAnimation"), localTime (the layer's local time at the
/// snapshot; not for a group's children, which run in the group's time), beginTime, duration,
/// speed, timeOffset, repeatCount, repeatDuration, activeDuration, autoreverses, fillMode,
/// removedOnCompletion, additive, cumulative, timingFunction ([x1, y1, x2, y2] or null for
/// linear); basic: from, to, by; keyframe: calculationMode, values, path, keyTimes (as set),
/// keyframeTimes (as used), timingFunctions; group: animations (its children).
struct AnimationsJSON {
    private let byPath: [[Int]: AnimatedLayer]
    /// The root layer's local time at the snapshot.
    private let rootTime: Double

    init(_ layers: [AnimatedLayer], rootTime: Double) {
        var map: [[Int]: AnimatedLayer] = [:]
        for layer in layers { map[layer.indexPath] = layer }
        byPath = map
        self.rootTime = rootTime
    }

    /// The `animations` array of the layer at `path`; `indent` is the LAYER's field level.
    func array(at path: [Int], indent: Int) -> String {
        guard let layer = byPath[path], !layer.records.isEmpty else { return "[]" }
        return Self.array(layer.records, indent: indent, localTime: layer.localTime(atRootTime: rootTime))
    }

    /// `localTime` is the layer's local time for top-level animations, nil for a group's children.
    private static func array(_ records: [AnimationRecord], indent: Int, localTime: Double?) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        var out = "[\n"
        for (i, record) in records.enumerated() {
            out += pad + object(record, indent: indent + 1, localTime: localTime)
            out += i == records.count - 1 ? "\n" : ",\n"
        }
        return out + String(repeating: "  ", count: indent) + "]"
    }

    /// One ANIMATION object.
    private static func object(_ r: AnimationRecord, indent: Int, localTime: Double?) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        typealias J = InspectJSON
        var fields: [(String, String)] = [
            ("key", r.key.map(J.string) ?? "null"),
            ("keyPath", r.keyPath.map(J.string) ?? "null"),
            ("kind", J.string(r.kind.rawValue)),
            ("origin", J.string(r.origin.rawValue)),
        ]
        if let localTime { fields.append(("localTime", J.number(localTime))) }
        fields += [
            ("beginTime", J.number(r.beginTime)),
            ("duration", J.number(r.duration)),
            ("speed", J.number(r.speed)),
            ("timeOffset", J.number(r.timeOffset)),
            ("repeatCount", J.number(r.repeatCount)),
            ("repeatDuration", J.number(r.repeatDuration)),
            ("activeDuration", J.number(r.activeDuration)),
            ("autoreverses", r.autoreverses ? "true" : "false"),
            ("fillMode", J.string(r.fillMode.rawValue)),
            ("removedOnCompletion", r.isRemovedOnCompletion ? "true" : "false"),
            ("additive", r.isAdditive ? "true" : "false"),
            ("cumulative", r.isCumulative ? "true" : "false"),
            ("timingFunction", r.timingFunction.map(controlPoints) ?? "null"),
        ]
        switch r.kind {
        case .basic:
            fields += [
                ("from", r.fromValue.map(value) ?? "null"),
                ("to", r.toValue.map(value) ?? "null"),
                ("by", r.byValue.map(value) ?? "null"),
            ]
        case .spring:
            let s = r.spring ?? SpringOscillator()
            fields += [
                ("from", r.fromValue.map(value) ?? "null"),
                ("to", r.toValue.map(value) ?? "null"),
                ("by", r.byValue.map(value) ?? "null"),
                ("mass", J.number(s.mass)),
                ("stiffness", J.number(s.stiffness)),
                ("damping", J.number(s.damping)),
                ("initialVelocity", J.number(s.initialVelocity)),
                ("settlingDuration", J.number(s.settlingDuration)),
            ]
        case .keyframe:
            fields += [
                ("calculationMode", r.calculationMode.map { J.string($0.rawValue) } ?? "null"),
                ("values", r.values.map { "[" + $0.map(value).joined(separator: ", ") + "]" } ?? "null"),
                ("path", r.path.map { value(.path($0)) } ?? "null"),
                ("keyTimes", r.keyTimes.map(J.numbers) ?? "null"),
                ("keyframeTimes", J.numbers(r.keyframeTimes)),
                (
                    "timingFunctions",
                    r.timingFunctions.map { "[" + $0.map(controlPoints).joined(separator: ", ") + "]" }
                        ?? "null"
                ),
            ]
        case .group:
            fields.append(("animations", array(r.children, indent: indent + 1, localTime: nil)))
        case .transition:
            let progress = r.transitionProgress ?? [0, 1]
            fields += [
                ("type", r.transitionType.map { J.string($0.rawValue) } ?? "null"),
                ("subtype", r.transitionSubtype.map { J.string($0.rawValue) } ?? "null"),
                ("startProgress", J.number(progress[0])),
                ("endProgress", J.number(progress[1])),
            ]
        case .plain:
            break
        }
        var out = "{\n"
        for (n, (key, v)) in fields.enumerated() {
            out += "\(pad)\(J.string(key)): \(v)"
            out += n == fields.count - 1 ? "\n" : ",\n"
        }
        return out + String(repeating: "  ", count: indent) + "}"
    }

    /// `[x1, y1, x2, y2]`.
    static func controlPoints(_ f: TimingFunction) -> String {
        InspectJSON.numbers([f.c1.x, f.c1.y, f.c2.x, f.c2.y])
    }

    /// An animation value as JSON: numbers as numbers, points `[x, y]`, sizes `[w, h]`,
    /// rects `[x, y, w, h]`, transforms their 2D affine part `[a, b, c, d, tx, ty]`, colours
    /// `[r, g, b, a]`, booleans, paths `{"pathBounds": [x, y, w, h]}`, arrays (a gradient's
    /// `colors` or `locations`) as arrays of these.
    static func value(_ v: AnimationValue) -> String {
        typealias J = InspectJSON
        switch v {
        case .number(let n): return J.number(n)
        case .point(let p): return J.numbers([p.x, p.y])
        case .size(let s): return J.numbers([s.width, s.height])
        case .rect(let r): return J.rect(r)
        case .transform(let t): return J.affine(t.affine)
        case .color(let c): return J.color(c)
        case .bool(let b): return b ? "true" : "false"
        case .path(let p): return "{\"pathBounds\": \(p.tightBounds.map(J.rect) ?? "null")}"
        case .array(let values):
            return "[" + values.map(value).joined(separator: ", ") + "]"
        }
    }
}
