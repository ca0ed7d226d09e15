import LayerKit

extension InspectJSON {
    /// The fields of what a layer draws beyond its geometry, each group present only when the
    /// layer uses it, so a layer that does not keeps the document it had (`help inspect`):
    /// - gradient layers: `gradientType`, `colors` (array of `[r, g, b, a]`), `locations` (array
    ///   or null for evenly spread), `startPoint`, `endPoint` (unit coordinates of the bounds);
    /// - text layers: `string` (or null), `font`, `fontSize`, `foregroundColor`,
    ///   `alignmentMode`, `truncationMode`, `wrapped`;
    /// - `cornerRadius` and `maskedCorners` (CACornerMask's raw value, 1 top-left, 2 top-right,
    ///   4 bottom-left, 8 bottom-right) when the layer is rounded or masks fewer than all four;
    /// - `shadowColor`, `shadowOpacity`, `shadowOffset` `[w, h]`, `shadowRadius` and
    ///   `shadowPathBounds` (`[x, y, w, h]` or null) when `shadowOpacity` is not 0;
    /// - `contentsRect`, `contentsCenter` (`[x, y, w, h]`) and `contentsScale` when the layer has
    ///   contents and any of them is not Core Animation's default;
    /// - `transition` (`{"type", "subtype", "progress"}`) while a transition runs on the layer;
    /// - `shouldRasterize` (true) and `rasterizationScale` when the layer is rasterized.
    static func appearanceFields(_ l: PresentationLayer) -> [(String, String)] {
        let p = l.properties
        var fields: [(String, String)] = []
        if let g = l.gradient {
            fields += [
                ("gradientType", string(g.type.rawValue)),
                ("colors", "[" + g.colors.map(color).joined(separator: ", ") + "]"),
                ("locations", g.locations.map(numbers) ?? "null"),
                ("startPoint", numbers([g.startPoint.x, g.startPoint.y])),
                ("endPoint", numbers([g.endPoint.x, g.endPoint.y])),
            ]
        }
        if let t = l.text {
            fields += [
                ("string", t.string.map(string) ?? "null"),
                ("font", string(t.font)),
                ("fontSize", number(t.fontSize)),
                ("foregroundColor", color(t.foregroundColor)),
                ("alignmentMode", string(t.alignmentMode.rawValue)),
                ("truncationMode", string(t.truncationMode.rawValue)),
                ("wrapped", t.isWrapped ? "true" : "false"),
            ]
        }
        if p.cornerRadius != 0 || p.maskedCorners != .all {
            fields += [
                ("cornerRadius", number(p.cornerRadius)),
                ("maskedCorners", String(p.maskedCorners.rawValue)),
            ]
        }
        if p.shadowOpacity != 0 {
            fields += [
                ("shadowColor", color(p.shadowColor)),
                ("shadowOpacity", number(p.shadowOpacity)),
                ("shadowOffset", numbers([p.shadowOffset.width, p.shadowOffset.height])),
                ("shadowRadius", number(p.shadowRadius)),
                ("shadowPathBounds", p.shadowPath.flatMap { $0.tightBounds }.map(rect) ?? "null"),
            ]
        }
        let unit = ContentsLayout.unitRect
        if p.contents != nil, p.contentsRect != unit || p.contentsCenter != unit || p.contentsScale != 1 {
            fields += [
                ("contentsRect", rect(p.contentsRect)),
                ("contentsCenter", rect(p.contentsCenter)),
                ("contentsScale", number(p.contentsScale)),
            ]
        }
        if p.shouldRasterize {
            fields += [("shouldRasterize", "true"), ("rasterizationScale", number(p.rasterizationScale))]
        }
        if let t = l.transition {
            fields.append(
                (
                    "transition",
                    "{\"type\": \(string(t.type.rawValue)), \"subtype\": \(string(t.subtype.rawValue)), "
                        + "\"progress\": \(number(t.progress))}"
                ))
        }
        return fields
    }
}
