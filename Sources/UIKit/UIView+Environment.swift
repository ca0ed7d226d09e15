import Foundation

extension UIView {
    /// `hitTest(_:with:)`'s rule: hidden, non-interactive and nearly transparent views (alpha
    /// below 0.01) and points outside `point(inside:with:)` hit nothing; else the frontmost
    /// subview's hit, or this view.
    func hitTestDefault(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event)
        else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }
}
