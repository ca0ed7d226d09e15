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
    /// - `shouldRasterize` (true) and `rasterizationScale` when the layer is rasterized;
    /// - then each other property while it is not its default (`InspectSection.other`):
    ///   `backgroundColor`, `borderWidth`, `borderColor`, `masksToBounds`, `contents` (the
    ///   image's path), `contentsGravity`; a shape's `fillRule`, `lineCap`, `lineJoin`,
    ///   `miterLimit`, `lineDashPhase`; a replicator's `instanceCount`, `instanceTransform`
    ///   (16 entries), `instanceDelay`, `instanceColor` and the four colour offsets.
    static func appearanceFields(_ l: PresentationLayer) -> [(String, String)] {
        var fields: [(String, String)] = []
        for section in [InspectSection.gradient, .text, .corners, .shadow, .contents, .rasterization] {
            fields += tableFields(l, section)
        }
        if let t = l.transition {
            fields.append(
                (
                    "transition",
                    "{\"type\": \(string(t.type.rawValue)), \"subtype\": \(string(t.subtype.rawValue)), "
                        + "\"progress\": \(number(t.progress))}"
                ))
        }
        fields += tableFields(l, .other)
        return fields
    }
}
