//
//  RefreshView.swift
//  Airplane: the pull-to-refresh view of an iOS animation course (docs/loaders.md).
//
//  A view above the list with a dashed circle and a small airplane. The pull draws the circle
//  (its strokeEnd) and fades the airplane in; released with the view fully revealed, the
//  circle's dashes chase each other round and the airplane flies the circle.
//

import QuartzCore
import UIKit

protocol RefreshViewDelegate {
    func refreshViewDidRefresh(_ refreshView: RefreshView)
}

class RefreshView: UIView, UIScrollViewDelegate {
    /// The sky behind the circle (the course shows a background image there).
    static let skyColor = UIColor(red: 120 / 255.0, green: 190 / 255.0, blue: 240 / 255.0, alpha: 1.0)

    var delegate: RefreshViewDelegate?
    var scrollView: UIScrollView?
    var progress: CGFloat = 0.0

    var isRefreshing = false

    let ovalShapeLayer: CAShapeLayer = CAShapeLayer()
    let airplaneLayer: CALayer = CALayer()

    init(frame: CGRect, scrollView: UIScrollView) {
        super.init(frame: frame)
        self.scrollView = scrollView
        // The course's table view controller forwards scrollViewDidScroll and
        // scrollViewWillEndDragging to this view; here the view is the scroll view's delegate.
        scrollView.delegate = self

        // The background: an image view in the course ("refresh-view-bg.png", aspect fill,
        // clipped), a flat sky colour here.
        let bgView = UIView(frame: bounds)
        bgView.backgroundColor = RefreshView.skyColor
        addSubview(bgView)

        ovalShapeLayer.strokeColor = UIColor.white.cgColor  // the stroke's colour
        ovalShapeLayer.fillColor = UIColor.clear.cgColor  // what fills the closed shape
        ovalShapeLayer.lineWidth = 4.0  // the stroke's width
        ovalShapeLayer.lineDashPattern = [2, 3]  // dashes: where the line is drawn and where it breaks

        let refreshRadius = frame.size.height / 2 * 0.8

        // The circle, a UIBezierPath oval.
        ovalShapeLayer.path = UIBezierPath(
            ovalIn: CGRect(
                x: frame.size.width / 2 - refreshRadius, y: frame.size.height / 2 - refreshRadius,
                width: 2 * refreshRadius, height: 2 * refreshRadius)
        ).cgPath

        layer.addSublayer(ovalShapeLayer)

        let airplaneImage = UIImage(named: "icon-plane")
        airplaneLayer.opacity = 1.0
        airplaneLayer.contents = airplaneImage?.cgImage
        airplaneLayer.bounds = CGRect(
            x: 0.0, y: 0.0, width: (airplaneImage?.size.width)!, height: (airplaneImage?.size.height)!)
        airplaneLayer.position = CGPoint(x: frame.size.width / 2 + frame.size.height / 2 * 0.8, y: frame.size.height / 2)

        layer.addSublayer(airplaneLayer)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    // MARK: Scroll View Delegate methods

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let offsetY = CGFloat(max(-(scrollView.contentOffset.y + scrollView.contentInset.top), 0.0))
        self.progress = min(max(offsetY / frame.size.height, 0.0), 1.0)

        if !isRefreshing {
            redrawFromProgress(self.progress)
        }
    }

    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        if !isRefreshing && self.progress >= 1.0 {
            delegate?.refreshViewDidRefresh(self)
            beginRefreshing()
        }
    }

    // MARK: Animating the refresh view

    func beginRefreshing() {
        isRefreshing = true

        UIView.animate(withDuration: 0.3) {
            var newInsets = self.scrollView!.contentInset
            newInsets.top += self.frame.size.height
            self.scrollView!.contentInset = newInsets
        }

        // The circle: a group of two basic animations, its start and its end, which together
        // look like the dashes going round.
        let strokeStartAnimation = CABasicAnimation(keyPath: "strokeStart")
        strokeStartAnimation.fromValue = -0.5
        strokeStartAnimation.toValue = 1

        let strokeEndAnimation = CABasicAnimation(keyPath: "strokeEnd")
        strokeEndAnimation.fromValue = 0.0
        strokeEndAnimation.toValue = 1.0

        let strokeAnimationGroup = CAAnimationGroup()
        strokeAnimationGroup.duration = 1.5
        strokeAnimationGroup.repeatDuration = 5.0
        strokeAnimationGroup.animations = [strokeStartAnimation, strokeEndAnimation]

        ovalShapeLayer.add(strokeAnimationGroup, forKey: nil)

        // The airplane flies the circle's own path (a keyframe animation along a path) and
        // turns once on the way, so that it seems to fly.
        let flightAnimation = CAKeyframeAnimation(keyPath: "position")
        flightAnimation.path = ovalShapeLayer.path
        flightAnimation.calculationMode = .paced

        let airplaneOrientationAnimation = CABasicAnimation(keyPath: "transform.rotation")
        airplaneOrientationAnimation.fromValue = 0
        airplaneOrientationAnimation.toValue = 2 * Double.pi

        let flightAnimationGroup = CAAnimationGroup()
        flightAnimationGroup.duration = 1.5
        flightAnimationGroup.repeatDuration = 5.0
        flightAnimationGroup.animations = [flightAnimation, airplaneOrientationAnimation]

        airplaneLayer.add(flightAnimationGroup, forKey: nil)
    }

    func endRefreshing() {
        isRefreshing = false

        UIView.animate(
            withDuration: 0.3, delay: 0.0, options: .curveEaseOut,
            animations: {
                var newInsets = self.scrollView!.contentInset
                newInsets.top -= self.frame.size.height
                self.scrollView!.contentInset = newInsets
            },
            completion: { _ in
                // finished
            })
    }

    func redrawFromProgress(_ progress: CGFloat) {
        ovalShapeLayer.strokeEnd = progress
        airplaneLayer.opacity = Float(progress)
    }
}
