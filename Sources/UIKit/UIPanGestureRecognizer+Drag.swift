import Foundation

extension UIPanGestureRecognizer {
    /// The scroll view whose drag this is (nil: a recognizer made by code, which sees none).
    private var scrollView: UIScrollView? {
        guard let scrollView = view as? UIScrollView, scrollView.panGestureRecognizer === self else {
            return nil
        }
        return scrollView
    }

    /// How far the finger moved since the drag began, less what `setTranslation(_:in:)` set:
    /// `y` positive downward, `x` always 0 (the drag is vertical here); zero when no drag is in
    /// progress. The vector is the same in every unrotated view, so `view` is not used.
    public func translation(in view: UIView?) -> CGPoint {
        guard let scrollView, scrollView.isDragging else { return .zero }
        return CGPoint(
            x: -translationOffset.x, y: CGFloat(scrollView.model.panTranslation) - translationOffset.y)
    }

    /// Makes the translation read `translation` from here on (as UIKit does, to measure the
    /// rest of the drag from now).
    public func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard let scrollView, scrollView.isDragging else { return }
        translationOffset = CGPoint(
            x: -translation.x, y: CGFloat(scrollView.model.panTranslation) - translation.y)
    }

    /// The finger's velocity, points per second: `y` positive downward, measured over the drag's
    /// last 0.1 s; `x` always 0. Zero when no drag is in progress.
    public func velocity(in view: UIView?) -> CGPoint {
        guard let scrollView, scrollView.isDragging else { return .zero }
        return CGPoint(x: 0, y: CGFloat(scrollView.model.panVelocity))
    }
}
