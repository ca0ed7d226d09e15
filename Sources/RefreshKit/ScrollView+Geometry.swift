import LayerKit

/// Changes of the content size, the viewport, the offset and the inset, and where the offset
/// goes after them (UIKit's inset policy).
extension ScrollView {
    // MARK: Geometry changes

    /// Changes the content size; if the offset ends up outside the new range while not
    /// dragging, it bounces back.
    public func setContentSize(_ size: Size, at time: Double) {
        advance(to: time)
        contentSize = Self.sanitized(size)
        boundsDidChange()
    }

    /// Changes the viewport (bounds) size; same rules as `setContentSize(_:at:)`.
    public func setViewportSize(_ size: Size, at time: Double) {
        advance(to: time)
        viewportSize = Self.sanitized(size)
        boundsDidChange()
    }

    func boundsDidChange() {
        if isDragging {
            reanchorDrag()
        } else if case .animating(let a) = motion, a.to >= minContentOffsetY, a.to <= maxContentOffsetY {
            return
        } else {
            settle(velocity: velocity)
        }
    }

    /// Sets the offset. Without an animation it jumps there and stops any motion; with one it
    /// moves there over the animation's duration and curve (`setContentOffset(_:animated:)`).
    /// While dragging, the offset moves at once and the drag continues from there.
    /// A non-finite offset is ignored.
    public func setContentOffset(_ offset: Point, animation: ScrollAnimation? = nil, at time: Double) {
        advance(to: time)
        guard offset.isFinite else { return }
        if isDragging {
            contentOffset = offset
            reanchorDrag()
            notifyOffset()
            return
        }
        contentOffset.x = offset.x
        if let animation, animation.duration > 0, offset.y != contentOffset.y {
            motion = .animating(
                OffsetAnimation(start: self.time, from: contentOffset.y, to: offset.y, animation: animation))
        } else {
            motion = nil
            let changed = contentOffset.y != offset.y
            contentOffset.y = offset.y
            if changed { notifyOffset() }
        }
    }

    /// Where the offset goes when the inset changes and the scroll view is not being dragged.
    public enum InsetAdjustment: Hashable, Sendable {
        /// UIKit's behaviour: an offset resting at the old top follows to the new top; any other
        /// offset stays unless it is now outside the scrollable range, in which case it moves to
        /// the nearest edge.
        case automatic
        /// Scroll so the top edge (with the new inset) is shown: the offset goes to
        /// `−contentInset.top` wherever it was. This is how a refresh control started from code
        /// brings its header into view.
        case revealTop
    }

    /// Sets `contentInset` (at once, as UIKit) and moves the offset as `adjustment` says, over
    /// `animation` when given. While dragging, the offset stays under the finger and the new
    /// rest position applies on release. Non-finite components count as 0.
    public func setContentInset(
        _ inset: EdgeInsets, animation: ScrollAnimation? = nil,
        adjustment: InsetAdjustment = .automatic, at time: Double
    ) {
        advance(to: time)
        let newInset = inset.sanitized
        guard newInset != contentInset else { return }
        let oldTop = minContentOffsetY
        contentInset = newInset
        defer { notifyInset() }

        if isDragging {
            // The offset stays under the finger: re-derive the drag's anchor from where the
            // content is now, so the next move continues from here with the new edge.
            reanchorDrag()
            return
        }
        let y = contentOffset.y
        let target: Double
        switch adjustment {
        case .revealTop:
            target = minContentOffsetY
        case .automatic:
            let wasResting = abs(y - oldTop) <= Self.restTolerance && !isDecelerating
            target = wasResting ? minContentOffsetY : min(max(y, minContentOffsetY), maxContentOffsetY)
        }
        if target != y {
            // As `UIView.animate { scrollView.contentInset = … }`: the offset is set to its end
            // at once, so observers (the delegate's `scrollViewDidScroll`) hear it once; what
            // animates is the bounds on screen, which observers slide over
            // `offsetChangeAnimation` while they are told.
            motion = nil
            contentOffset.y = target
            if let animation, animation.duration > 0 { offsetChangeAnimation = animation }
            notifyOffset()
            offsetChangeAnimation = nil
        } else if case .animating(let a) = motion, a.to >= minContentOffsetY, a.to <= maxContentOffsetY {
            // An offset animation still heading somewhere valid keeps going.
        } else if case .decelerating = motion {
            // A flick was planned against the old edges: replan it from here.
            settle(velocity: velocity)
        } else if motion != nil {
            // A bounce or an offset animation whose end is no longer a valid rest position:
            // the offset is in range now (target == y), so it stays, as UIKit's would.
            motion = nil
        }
    }
}
