import QuartzCore

/// `tintColor` and `contentMode`.
///
/// A view's tint is its own when set, else its superview's, else the system blue; setting it
/// (or moving a view under a new superview) calls `tintColorDidChange()` on every view whose
/// tint it changes, as UIKit does. (Here the tint colours nothing by itself — there are no
/// template images or controls — but code reads it to colour its layers.)
extension UIView {
    /// Tells this view and the subviews that inherit its tint.
    func tintColorDidChangeInSubtree() {
        tintColorDidChange()
        for view in subviews where view.ownTintColor == nil {
            view.tintColorDidChangeInSubtree()
        }
    }

    /// `UIView.ContentMode`, each the layer gravity it stands for (UIKit's raw values).
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill
        /// Stretched like `scaleToFill`, and drawn again when the size changes.
        case redraw
        case center
        case top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }

        init(_ gravity: CALayerContentsGravity) {
            let all: [ContentMode] = [
                .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .top, .bottom, .left, .right,
                .topLeft, .topRight, .bottomLeft, .bottomRight,
            ]
            self = all.first { $0.gravity == gravity } ?? .scaleToFill
        }
    }
}
