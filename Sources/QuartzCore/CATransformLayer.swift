import Foundation
import LayerKit

/// `CATransformLayer`: a layer that keeps its sublayers in 3D instead of flattening them into
/// its plane, so faces placed round a point (a cube's six sides) turn together and are drawn
/// back to front.
///
/// As Apple documents, it draws nothing of its own: its background, contents, border, shadow,
/// mask and `masksToBounds` are ignored, and its opacity applies to each sublayer on its own.
open class CATransformLayer: CALayer {
    package override class func makeEngineLayer() -> Layer { TransformLayer() }

}
