import Foundation

/// Hears layers move in the tree through `CALayer`'s own methods (`addSublayer`, the
/// `insertSublayer` family, `removeFromSuperlayer`, setting `sublayers`): UIKit keeps its
/// views' windows and layout in step with where their layers are, also when iOS code puts a
/// view's layer straight into a layer (`root.addSublayer(spinner.layer)`).
///
/// Moves the host makes on engine layers are not heard.
package protocol CALayerTreeObserver: AnyObject {
    /// `layer` is about to move under `superlayer` (nil: out of the tree). What this returns
    /// is handed to `layerDidMove(_:context:)` for the same move.
    func layerWillMove(_ layer: CALayer, to superlayer: CALayer?) -> AnyObject?
    /// `layer` has moved.
    func layerDidMove(_ layer: CALayer, context: AnyObject?)
}

extension CALayer {
    private static let observerLock = NSLock()
    nonisolated(unsafe) private static var currentTreeObserver: (any CALayerTreeObserver)?

    /// The one observer of layer moves (UIKit's, once it has made a view); nil by default.
    package static var treeObserver: (any CALayerTreeObserver)? {
        get {
            observerLock.lock()
            defer { observerLock.unlock() }
            return currentTreeObserver
        }
        set {
            observerLock.lock()
            defer { observerLock.unlock() }
            currentTreeObserver = newValue
        }
    }
}
