import LayerKit

/// The pan gesture: the finger drags the content, with the rubber band past the edges.
extension ScrollView {
    // MARK: Pan gesture

    /// The finger goes down and the pan begins: any motion stops where it is (touching moving
    /// content catches it), and the content follows the finger from here. Nothing happens while
    /// `isScrollEnabled` is false (the pan's later calls then find no drag).
    public func panBegan(at time: Double) {
        advance(to: time)
        guard isScrollEnabled else { return }
        motion = nil
        isTracking = true
        isDragging = true
        dragTranslation = 0
        velocityTracker.reset()
        velocityTracker.add(time: self.time, position: 0)
        reanchorDrag()
        notifyDrag(.began)
    }

    /// The finger moved; `translation` is the total finger movement since `panBegan` (as
    /// `UIPanGestureRecognizer.translation(in:)`; positive y pulls the content down). Past an
    /// edge the content follows with the rubber band. Ignored when not dragging or non-finite.
    public func panChanged(translation: Point, at time: Double) {
        advance(to: time)
        guard isDragging, translation.y.isFinite else { return }
        dragTranslation = translation.y
        velocityTracker.add(time: self.time, position: translation.y)
        let y = constrain(dragBase - dragTranslation)
        if y != contentOffset.y {
            contentOffset.y = y
            notifyOffset()
        }
    }

    /// The finger lifts with the pan's `velocity` (points/s, as
    /// `UIPanGestureRecognizer.velocity(in:)`; positive y moves the content down). Outside the
    /// content the offset bounces back to the edge; inside it, a flick decelerates at
    /// `decelerationRate` and bounces if it runs past an edge. A release past an edge thrown
    /// hard toward the content snaps back and keeps scrolling into it. Ignored when not dragging.
    public func panEnded(velocity: Point, at time: Double) {
        advance(to: time)
        guard isDragging else { return }
        let fingerVelocity = velocity.y.isFinite ? velocity.y : 0
        isDragging = false
        isTracking = false
        // The content moves opposite to the offset and, past an edge, slower than the finger.
        var v = -fingerVelocity
        let y = contentOffset.y
        let d = viewportSize.height
        if y < minContentOffsetY {
            v *= ScrollPhysics.rubberBandSlope(
                distance: ScrollPhysics.rubberBandInverse(offset: minContentOffsetY - y, dimension: d),
                dimension: d)
        } else if y > maxContentOffsetY {
            v *= ScrollPhysics.rubberBandSlope(
                distance: ScrollPhysics.rubberBandInverse(offset: y - maxContentOffsetY, dimension: d),
                dimension: d)
        }
        settle(velocity: v)
        notifyDrag(.ended(velocity: v))
    }

    /// The finger lifts; the release velocity is measured from the `panChanged` samples of the
    /// last 0.1 s (0 if the finger rested longer than that).
    public func panEnded(at time: Double) {
        advance(to: time)
        let v = velocityTracker.velocity(at: self.time)
        panEnded(velocity: Point(x: 0, y: v), at: time)
    }

    /// The pan was cancelled: like lifting the finger with no velocity.
    public func panCancelled(at time: Double) {
        panEnded(velocity: .zero, at: time)
    }

    // MARK: Drag mapping

    /// Offset shown for an unconstrained (finger-following) offset `u`: rubber band past an edge.
    func constrain(_ u: Double) -> Double {
        let lo = minContentOffsetY
        let hi = maxContentOffsetY
        let d = viewportSize.height
        if u < lo { return lo - ScrollPhysics.rubberBand(distance: lo - u, dimension: d) }
        if u > hi { return hi + ScrollPhysics.rubberBand(distance: u - hi, dimension: d) }
        return u
    }

    /// The unconstrained offset that `constrain` maps to `y`.
    func unconstrain(_ y: Double) -> Double {
        let lo = minContentOffsetY
        let hi = maxContentOffsetY
        let d = viewportSize.height
        if y < lo { return lo - ScrollPhysics.rubberBandInverse(offset: lo - y, dimension: d) }
        if y > hi { return hi + ScrollPhysics.rubberBandInverse(offset: y - hi, dimension: d) }
        return y
    }

    /// Keeps the content exactly where it is under the finger after the edges moved.
    func reanchorDrag() {
        dragBase = unconstrain(contentOffset.y) + dragTranslation
    }
}
