//
//  CYXRefreshHeader.swift
//  Three dots: the pull-to-refresh header after the Boss直聘 app (docs/loaders.md).
//
//  A white 50×10 view with three dots, all in the middle at first. While the list is pulled,
//  the outer dots spread apart and the view rises with them; released past
//  `RefreshFullOffset`, the dots blink one after another, as a wave.
//

import QuartzCore
import UIKit

/* The header's height. */
private let HeaderHeight: CGFloat = 10.0
/* The header's width. */
private let HeaderWidth: CGFloat = 50.0
/* The pull that refreshes, and the inset held while refreshing. */
private let RefreshFullOffset: CGFloat = 40
/* The dots' radius. */
private let RefreshArcRadius: CGFloat = 5
/* How far the outer dots move from the middle. */
private let RefreshMaxWidth: CGFloat = 20
/* The animation's time unit. */
private let KeyAnimationDuration: TimeInterval = 0.5
private let pointColor = UIColor(red: 90 / 255.0, green: 200 / 255.0, blue: 200 / 255.0, alpha: 1.0).cgColor

class CYXRefreshHeader: UIView, UIScrollViewDelegate {
    /* Called when a refresh starts. */
    var refresh: (() -> Void)?

    /* The first dot. */
    private lazy var firstPointLayer: CAShapeLayer = {
        let layer = CAShapeLayer()
        layer.fillColor = pointColor
        return layer
    }()
    /* The second dot. */
    private lazy var secondPointLayer: CAShapeLayer = {
        let layer = CAShapeLayer()
        layer.fillColor = pointColor
        return layer
    }()
    /* The third dot. */
    private lazy var thirdPointLayer: CAShapeLayer = {
        let layer = CAShapeLayer()
        layer.fillColor = pointColor
        return layer
    }()
    /* Weak: the scroll view holds the header. */
    private weak var scrollView: UIScrollView?
    /* Refreshing. */
    private var isAnimating = false
    /* The scroll view's offset. */
    private var offSet: CGFloat = 0

    /* The three dots' layers. */
    init() {
        super.init(frame: .zero)
        backgroundColor = UIColor.white
        frame = CGRect(x: 0, y: HeaderHeight, width: HeaderWidth, height: HeaderHeight)
        layer.addSublayer(firstPointLayer)
        layer.addSublayer(secondPointLayer)
        layer.addSublayer(thirdPointLayer)
        firstPointLayer.frame = CGRect(
            x: HeaderWidth / 2 - RefreshArcRadius, y: HeaderHeight / 2 - RefreshArcRadius,
            width: RefreshArcRadius * 2, height: RefreshArcRadius * 2)
        secondPointLayer.frame = CGRect(
            x: HeaderWidth / 2 - RefreshArcRadius, y: HeaderHeight / 2 - RefreshArcRadius,
            width: RefreshArcRadius * 2, height: RefreshArcRadius * 2)
        thirdPointLayer.frame = CGRect(
            x: HeaderWidth / 2 - RefreshArcRadius, y: HeaderHeight / 2 - RefreshArcRadius,
            width: RefreshArcRadius * 2, height: RefreshArcRadius * 2)
        firstPointLayer.path = pointPath().cgPath
        secondPointLayer.path = pointPath().cgPath
        thirdPointLayer.path = pointPath().cgPath
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // MARK: - Path

    private func pointPath() -> UIBezierPath {
        let path = UIBezierPath(
            arcCenter: CGPoint(x: RefreshArcRadius, y: RefreshArcRadius), radius: RefreshArcRadius,
            startAngle: 0, endAngle: .pi * 2, clockwise: true)
        return path
    }

    /* The superview changes: start or stop following the scroll view's offset. */
    override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toSuperview: newSuperview)
        if let newSuperview = newSuperview as? UIScrollView {
            scrollView = newSuperview
            center.x = newSuperview.frame.size.width / 2
            frame.origin.y = -frame.size.height
            // The original observes `contentOffset` with KVO, which is not available here: as
            // the scroll view's delegate the header hears the same changes in
            // `scrollViewDidScroll`.
            newSuperview.delegate = self
        } else if let scrollView = scrollView, scrollView.delegate === self {
            scrollView.delegate = nil
        }
    }

    // MARK: - UIScrollViewDelegate (in place of KVO on contentOffset)

    /* The offset changed. */
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        offSet = scrollView.contentOffset.y
        setOffSetUI()
    }

    /* KVO reported the first offset change after the finger lifted, when `dragging` is false;
       the delegate hears the lift itself here (`isDragging` is already false). */
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        offSet = scrollView.contentOffset.y
        setOffSetUI()
    }

    /* The dots follow the offset; at the threshold, refresh. */
    private func setOffSetUI() {
        if !isAnimating && offSet <= 0 {
            var scale = -offSet / RefreshFullOffset
            if scale > 1 { scale = 1 }
            if scale < 0 { scale = 0 }
            let centerX = HeaderWidth / 2
            let maxLeftX = centerX - RefreshMaxWidth
            let maxLeftDistance = centerX - maxLeftX
            let maxRightX = centerX + RefreshMaxWidth
            let maxRightDistance = maxRightX - centerX

            firstPointLayer.frame = CGRect(
                x: centerX - maxLeftDistance * scale - RefreshArcRadius, y: HeaderHeight / 2 - RefreshArcRadius,
                width: RefreshArcRadius * 2, height: RefreshArcRadius * 2)
            thirdPointLayer.frame = CGRect(
                x: centerX + maxRightDistance * scale - RefreshArcRadius, y: HeaderHeight / 2 - RefreshArcRadius,
                width: RefreshArcRadius * 2, height: RefreshArcRadius * 2)
            let topY = -(RefreshFullOffset / 2 - RefreshFullOffset / 2.0 * (1.0 - scale)) - RefreshArcRadius * 2  // the view rises
            frame.origin.y = topY
        }
        if -offSet >= RefreshFullOffset && !isAnimating && !(scrollView?.isDragging ?? false) {
            // Refresh.
            startAnimation()
            refresh?()
        }
    }

    /* The refresh animation. */
    private func startAnimation() {
        isAnimating = true
        UIView.animate(withDuration: 0.5) {
            guard let scrollView = self.scrollView else { return }
            var inset = scrollView.contentInset
            inset.top = RefreshFullOffset
            scrollView.contentInset = inset
        }
        var animation = opacityAnimation()
        firstPointLayer.add(animation, forKey: "opacity")

        animation = opacityAnimation()
        animation.beginTime = CACurrentMediaTime() + KeyAnimationDuration / 2
        secondPointLayer.add(animation, forKey: "opacity")

        animation = opacityAnimation()
        animation.beginTime = CACurrentMediaTime() + KeyAnimationDuration
        thirdPointLayer.add(animation, forKey: "opacity")
    }

    private func opacityAnimation() -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.duration = KeyAnimationDuration

        animation.repeatCount = .infinity
        animation.fillMode = .forwards
        animation.duration = KeyAnimationDuration * 2
        animation.values = [1.0, 0.0, 1.0, 1.0]
        return animation
    }

    /* The dots back in the middle. */
    private func initLayerFrame() {
        firstPointLayer.frame = CGRect(
            x: HeaderWidth / 2 - RefreshArcRadius, y: HeaderHeight / 2 - RefreshArcRadius,
            width: RefreshArcRadius * 2, height: RefreshArcRadius * 2)
        secondPointLayer.frame = CGRect(
            x: HeaderWidth / 2 - RefreshArcRadius, y: HeaderHeight / 2 - RefreshArcRadius,
            width: RefreshArcRadius * 2, height: RefreshArcRadius * 2)
        thirdPointLayer.frame = CGRect(
            x: HeaderWidth / 2 - RefreshArcRadius, y: HeaderHeight / 2 - RefreshArcRadius,
            width: RefreshArcRadius * 2, height: RefreshArcRadius * 2)
    }

    /* Stops the blinking. */
    private func stopAnimation() {
        UIView.animate(
            withDuration: 0.5,
            animations: {
                guard let scrollView = self.scrollView else { return }
                var inset = scrollView.contentInset
                inset.top = 0
                scrollView.contentInset = inset
            },
            completion: { _ in
                self.thirdPointLayer.removeAllAnimations()
                self.firstPointLayer.removeAllAnimations()
                self.secondPointLayer.removeAllAnimations()
                self.isAnimating = false
            })
    }

    // MARK: - Start/End

    /* Ends the refresh. */
    func endRefresh() {
        UIView.animate(
            withDuration: 0.5,
            animations: {
                guard let scrollView = self.scrollView else { return }
                var inset = scrollView.contentInset
                inset.top = 0
                scrollView.contentInset = inset
            },
            completion: { _ in
                self.stopAnimation()
                self.initLayerFrame()
            })
    }

    /* Starts a refresh from code. */
    func startRefresh() {
        guard let scrollView = scrollView else { return }
        scrollView.contentOffset = CGPoint(x: scrollView.contentOffset.x, y: -RefreshFullOffset)
        startAnimation()
    }
}

extension UIScrollView {
    /* Puts a three-dots refresh header above the content, under everything else in the scroll
       view; `action` runs when a refresh starts. */
    @discardableResult
    func setRefreshHeader(withAction action: @escaping () -> Void) -> CYXRefreshHeader {
        let header = CYXRefreshHeader()
        header.refresh = action
        insertSubview(header, at: 0)
        return header
    }
}
