import LayerKit

extension InspectJSON {
    /// The fields of where a layer is in 3D, each present only when the layer uses it, so a
    /// flat layer keeps the document it had (`help inspect`):
    /// - `transform3D` (the 16 entries `m11 … m44`, row by row, as `CATransform3D`) when
    ///   `transform` is not affine; `sublayerTransform3D` likewise for `sublayerTransform`;
    /// - `sublayerTransform` (`[a, b, c, d, tx, ty]`) when it is affine and not the identity;
    /// - `zPosition` when not 0; `doubleSided: false` when the layer hides its back;
    /// - `projection` (the 9 entries of the projective map from its bounds coordinates to the
    ///   root's, `[x y 1] · M = [X Y W]`, point `(X/W, Y/W)`) when that map is not affine: the
    ///   layer is drawn flattened, then projected, and `toRoot` is only the map's affine part;
    /// - `depth` for a layer that a transform layer keeps in 3D: how near its bounds centre is
    ///   in the context (z / w; higher draws later).
    static func spaceFields(_ l: PresentationLayer, at place: PresentationWalk.Place) -> [(String, String)] {
        var fields = tableFields(l, .space)
        if let h = place.projection {
            fields.append(
                ("projection", numbers([h.m11, h.m12, h.m13, h.m21, h.m22, h.m23, h.m31, h.m32, h.m33])))
        }
        if let context = place.context, !l.isTransformLayer {
            fields.append(("depth", number(context.depth(of: l.properties.bounds))))
        }
        return fields
    }
}
