import LayerKit

extension InspectJSON {
    /// The fields of where a layer is in 3D, each present only when the layer uses it, so a
    /// flat layer keeps the document it had (`help inspect`):
    /// - `transform3D` (the 16 entries `m11 … m44`, row by row, as `CATransform3D`) when
    ///   `transform` is not affine; `sublayerTransform3D` likewise for `sublayerTransform`;
    /// - `zPosition` when not 0; `doubleSided: false` when the layer hides its back;
    /// - `projection` (the 9 entries of the projective map from its bounds coordinates to the
    ///   root's, `[x y 1] · M = [X Y W]`, point `(X/W, Y/W)`) when that map is not affine: the
    ///   layer is drawn flattened, then projected, and `toRoot` is only the map's affine part;
    /// - `depth` for a layer that a transform layer keeps in 3D: how near its bounds centre is
    ///   in the context (z / w; higher draws later).
    static func spaceFields(_ l: PresentationLayer, at place: PresentationWalk.Place) -> [(String, String)] {
        let p = l.properties
        var fields: [(String, String)] = []
        if !p.transform.isAffine { fields.append(("transform3D", matrix(p.transform))) }
        if !p.sublayerTransform.isAffine {
            fields.append(("sublayerTransform3D", matrix(p.sublayerTransform)))
        }
        if p.zPosition != 0 { fields.append(("zPosition", number(p.zPosition))) }
        if !p.isDoubleSided { fields.append(("doubleSided", "false")) }
        if let h = place.projection {
            fields.append(
                ("projection", numbers([h.m11, h.m12, h.m13, h.m21, h.m22, h.m23, h.m31, h.m32, h.m33])))
        }
        if let context = place.context, !l.isTransformLayer {
            fields.append(("depth", number(context.depth(of: p.bounds))))
        }
        return fields
    }

    static func matrix(_ t: Transform3D) -> String {
        numbers([
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42,
            t.m43,
            t.m44,
        ])
    }
}
