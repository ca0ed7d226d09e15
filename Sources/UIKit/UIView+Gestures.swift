import Foundation

extension UIView {
    /// Attaches a recognizer to the view (it becomes the recognizer's `view`; one added to
    /// another view leaves the first). Nothing here makes touches, so an added recognizer never
    /// recognises a gesture nor sends its actions: it is kept as set, as libraries read it back.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.view, old !== self { old.removeGestureRecognizer(gestureRecognizer) }
        guard !attachedGestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches a recognizer added with `addGestureRecognizer(_:)`; its `view` becomes nil.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let index = attachedGestureRecognizers.firstIndex(where: { $0 === gestureRecognizer }) else {
            return
        }
        attachedGestureRecognizers.remove(at: index)
        gestureRecognizer.view = nil
    }

    /// The recognizers added to the view, in order; nil when there are none (as UIKit answers).
    /// Setting it replaces them.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for r in attachedGestureRecognizers { r.view = nil }
            attachedGestureRecognizers = []
            for r in newValue ?? [] { addGestureRecognizer(r) }
        }
    }

}
