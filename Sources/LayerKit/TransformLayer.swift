/// A layer that keeps its sublayers in 3D (`CATransformLayer`).
///
/// A plain layer flattens what its sublayers draw into its own plane before its own transform
/// places that plane; a transform layer does not: each of its sublayers is placed in the 3D
/// space its transform layer is in, through the transform layer's transform and every
/// transform layer above it up to the first layer that flattens, and is projected from there
/// on its own. Faces of a box built from six sublayers therefore turn together with
/// perspective, and the renderer draws them back to front (by the depth of their centres),
/// hiding the ones that are not `isDoubleSided` while their backs face the viewer.
///
/// As Apple documents, a transform layer draws nothing of its own: its background, contents,
/// border, shadow, mask and `masksToBounds` are ignored, and its opacity applies to each of its
/// sublayers on its own rather than to them as a group.
open class TransformLayer: Layer {
    public override init() { super.init() }
}
