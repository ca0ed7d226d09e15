//
//  SURefreshHeader.swift
//  Four dots: the pull-to-refresh header "SURefresh" (docs/loaders.md).
//
//  Four dots sit at the top, left, bottom and right of a 35×35 view. While the list is pulled,
//  one shape layer whose path joins the dots (four straight subpaths) "stretches" from one dot
//  to the next and "shrinks" into it, by moving its strokeStart and strokeEnd; each dot shows
//  when the line reaches it. Released past `SURefreshPullLen`, the header refreshes: the whole
//  view spins and each dot moves in and out twice per turn.
//

import QuartzCore
import UIKit

// The whole animated view's size.
private let SURefreshHeaderHeight: CGFloat = 35.0
// The dots' radius.
private let SURefreshPointRadius: CGFloat = 5.0
// How far the list is pulled before a release refreshes (the original project used 55).
private let SURefreshPullLen: CGFloat = 85.0
// How far each dot moves in while refreshing.
private let SURefreshTranslatLen: CGFloat = 5.0

// Colours.
private let topPointColor = UIColor(red: 90 / 255.0, green: 200 / 255.0, blue: 200 / 255.0, alpha: 1.0).cgColor
private let leftPointColor = UIColor(red: 250 / 255.0, green: 85 / 255.0, blue: 78 / 255.0, alpha: 1.0).cgColor
private let bottomPointColor = UIColor(red: 92 / 255.0, green: 201 / 255.0, blue: 105 / 255.0, alpha: 1.0).cgColor
private let rightPointColor = UIColor(red: 253 / 255.0, green: 175 / 255.0, blue: 75 / 255.0, alpha: 1.0).cgColor

class SURefreshHeader: UIView, UIScrollViewDelegate {
    /// Called when a refresh starts; call `endRefreshing()` when the load is done.
    var handle: (() -> Void)?

    private weak var scrollView: UIScrollView?
    private var lineLayer: CAShapeLayer!
    private var TopPointLayer: CAShapeLayer!
    private var BottomPointLayer: CAShapeLayer!
    private var LeftPointLayer: CAShapeLayer!
    private var rightPointLayer: CAShapeLayer!

    /// How far the list is pulled down, in points (`-contentOffset.y`).
    private var progress: CGFloat = 0 {
        didSet { progressDidChange() }
    }
    private var animating = false

    init() {
        super.init(frame: CGRect(x: 0, y: 0, width: SURefreshHeaderHeight, height: SURefreshHeaderHeight))
        initLayers()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // MARK: - Initial

    /// 1> The four dots at fixed places, one shape layer each, filled with its colour.
    /// 2> The line joining them: one shape layer whose path is four straight lines, each begun
    ///    with a move; its stroke ends start at 0.
    private func initLayers() {
        let centerLine = SURefreshHeaderHeight / 2
        let radius = SURefreshPointRadius
        // Top.
        let topPoint = CGPoint(x: centerLine, y: radius)
        TopPointLayer = layer(withPoint: topPoint, color: topPointColor)
        TopPointLayer.isHidden = false
        TopPointLayer.opacity = 0
        layer.addSublayer(TopPointLayer)
        // Left.
        let leftPoint = CGPoint(x: radius, y: centerLine)
        LeftPointLayer = layer(withPoint: leftPoint, color: leftPointColor)
        layer.addSublayer(LeftPointLayer)
        // Bottom.
        let bottomPoint = CGPoint(x: centerLine, y: SURefreshHeaderHeight - radius)
        BottomPointLayer = layer(withPoint: bottomPoint, color: bottomPointColor)
        layer.addSublayer(BottomPointLayer)
        // Right.
        let rightPoint = CGPoint(x: SURefreshHeaderHeight - radius, y: centerLine)
        rightPointLayer = layer(withPoint: rightPoint, color: rightPointColor)
        layer.addSublayer(rightPointLayer)

        lineLayer = CAShapeLayer()
        lineLayer.frame = bounds
        lineLayer.lineWidth = SURefreshPointRadius * 2
        lineLayer.lineCap = .round
        lineLayer.lineJoin = .round
        lineLayer.fillColor = topPointColor
        lineLayer.strokeColor = topPointColor
        let path = UIBezierPath()
        path.move(to: topPoint)
        path.addLine(to: leftPoint)
        path.move(to: leftPoint)
        path.addLine(to: bottomPoint)
        path.move(to: bottomPoint)
        path.addLine(to: rightPoint)
        path.move(to: rightPoint)
        path.addLine(to: topPoint)
        lineLayer.path = path.cgPath
        lineLayer.strokeStart = 0
        lineLayer.strokeEnd = 0
        layer.insertSublayer(lineLayer, above: TopPointLayer)
    }

    /// A hidden dot of radius `SURefreshPointRadius` centred on `center`.
    private func layer(withPoint center: CGPoint, color: CGColor) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(
            x: center.x - SURefreshPointRadius, y: center.y - SURefreshPointRadius,
            width: SURefreshPointRadius * 2, height: SURefreshPointRadius * 2)
        layer.fillColor = color
        layer.path = pointPath()
        layer.isHidden = true
        return layer
    }

    private func pointPath() -> CGPath {
        return UIBezierPath(
            arcCenter: CGPoint(x: SURefreshPointRadius, y: SURefreshPointRadius), radius: SURefreshPointRadius,
            startAngle: 0, endAngle: .pi * 2, clockwise: true
        ).cgPath
    }

    // MARK: - Override

    override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toSuperview: newSuperview)
        if let newSuperview = newSuperview as? UIScrollView {
            scrollView = newSuperview
            center = CGPoint(x: newSuperview.center.x, y: center.y)
            // The original observes the scroll view's `contentOffset` with KVO, which is not
            // available here: as the scroll view's delegate the header hears the same changes
            // in `scrollViewDidScroll`.
            newSuperview.delegate = self
        } else if let scrollView = scrollView, scrollView.delegate === self {
            scrollView.delegate = nil
        }
    }

    // MARK: - UIScrollViewDelegate (in place of KVO on contentOffset)

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        progress = -scrollView.contentOffset.y
    }

    /// KVO reported the first offset change after the finger lifted, when `isDragging` is
    /// false; the delegate hears the lift itself here (`isDragging` is already false).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        progress = -scrollView.contentOffset.y
    }

    // MARK: - Property

    /// The original's `setProgress:`.
    private func progressDidChange() {
        // The header's place in the gap the pull opens: it hangs from the gap's top until the
        // gap is taller than the header, then stays centred in it, and stops in the middle of
        // the refreshing inset. (The original moves it only while not refreshing; here it keeps
        // its place in the gap while the inset opens and closes too.)
        if progress >= SURefreshPullLen {
            frame.origin.y = -(SURefreshPullLen - (SURefreshPullLen - SURefreshHeaderHeight) / 2)
        } else {
            if progress <= frame.size.height {
                frame.origin.y = -progress
            } else {
                frame.origin.y = -(frame.size.height + (progress - frame.size.height) / 2)
            }
        }
        // While not refreshing, the dots and the line follow the pull.
        if !animating {
            setLineLayerStroke(withProgress: progress)
        }
        // Past the threshold with the finger up: refresh.
        if progress >= SURefreshPullLen && !animating && !(scrollView?.isDragging ?? false) {
            startAni()
            handle?()
        }
    }

    // MARK: - Adjustment

    /// 3> The pull's length decides where the line starts and ends, and which dots show.
    private func setLineLayerStroke(withProgress progress: CGFloat) {
        var startProgress: CGFloat = 0
        var endProgress: CGFloat = 0

        // Hidden.
        if progress < 0 {
            TopPointLayer.opacity = 0
            adjustPointState(withIndex: 0)
        }
        // The top dot fades in.
        else if progress >= 0 && progress < (SURefreshPullLen - 40) {
            TopPointLayer.opacity = Float(progress / 20)
            adjustPointState(withIndex: 0)
        }
        // The animation proper, in 4 stages, one for each side.
        else if progress >= (SURefreshPullLen - 40) && progress < SURefreshPullLen {
            TopPointLayer.opacity = 1.0
            // Stage 0 … 3.
            let stage = Int((progress - (SURefreshPullLen - 40)) / 10)
            // The first half of each stage: the line stretches towards the next dot.
            let subProgress = (progress - (SURefreshPullLen - 40)) - CGFloat(stage * 10)
            if subProgress >= 0 && subProgress <= 5 {
                adjustPointState(withIndex: stage * 2)
                startProgress = CGFloat(stage) / 4.0
                endProgress = CGFloat(stage) / 4.0 + subProgress / 40.0 * 2
            }
            // The second half: the next dot shows and the line shrinks into it.
            if subProgress > 5 && subProgress < 10 {
                adjustPointState(withIndex: stage * 2 + 1)
                startProgress = CGFloat(stage) / 4.0 + (subProgress - 5) / 40.0 * 2
                if startProgress < CGFloat(stage + 1) / 4.0 - 0.1 {
                    startProgress = CGFloat(stage + 1) / 4.0 - 0.1
                }
                endProgress = CGFloat(stage + 1) / 4.0
            }
        }
        // Past the threshold: all four dots show.
        else {
            TopPointLayer.opacity = 1.0
            adjustPointState(withIndex: Int.max)
            startProgress = 1.0
            endProgress = 1.0
        }
        // Where the line starts and ends.
        lineLayer.strokeStart = startProgress
        lineLayer.strokeEnd = endProgress
    }

    /// `index`: the sub-stage, 0 … 7.
    private func adjustPointState(withIndex index: Int) {
        LeftPointLayer.isHidden = index > 1 ? false : true
        BottomPointLayer.isHidden = index > 3 ? false : true
        rightPointLayer.isHidden = index > 5 ? false : true
        lineLayer.strokeColor =
            index > 5 ? rightPointColor : index > 3 ? bottomPointColor : index > 1 ? leftPointColor : topPointColor
    }

    // MARK: - Animation

    /// Refreshing is two animations together: the whole view turns round and round, and each
    /// dot moves in and out twice in every turn.
    private func startAni() {
        animating = true
        UIView.animate(withDuration: 0.5) {
            guard let scrollView = self.scrollView else { return }
            var inset = scrollView.contentInset
            inset.top = SURefreshPullLen
            scrollView.contentInset = inset
        }
        addTranslationAni(to: TopPointLayer, xValue: 0, yValue: SURefreshTranslatLen)
        addTranslationAni(to: LeftPointLayer, xValue: SURefreshTranslatLen, yValue: 0)
        addTranslationAni(to: BottomPointLayer, xValue: 0, yValue: -SURefreshTranslatLen)
        addTranslationAni(to: rightPointLayer, xValue: -SURefreshTranslatLen, yValue: 0)
        addRotationAni(to: layer)
    }

    private func addTranslationAni(to layer: CALayer, xValue x: CGFloat, yValue y: CGFloat) {
        let translationKeyframeAni = CAKeyframeAnimation(keyPath: "transform")
        translationKeyframeAni.duration = 1.0
        translationKeyframeAni.repeatCount = HUGE
        translationKeyframeAni.isRemovedOnCompletion = false
        translationKeyframeAni.fillMode = .forwards
        translationKeyframeAni.timingFunction = CAMediaTimingFunction(name: .linear)
        let fromValue = NSValue(caTransform3D: CATransform3DMakeTranslation(0, 0, 0))
        let toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(x, y, 0))
        translationKeyframeAni.values = [fromValue, toValue, fromValue, toValue, fromValue]
        layer.add(translationKeyframeAni, forKey: "translationKeyframeAni")
    }

    private func addRotationAni(to layer: CALayer) {
        let rotationAni = CABasicAnimation(keyPath: "transform.rotation.z")
        rotationAni.fromValue = 0
        rotationAni.toValue = Double.pi * 2
        rotationAni.duration = 1.0
        rotationAni.timingFunction = CAMediaTimingFunction(name: .linear)
        rotationAni.repeatCount = HUGE
        rotationAni.fillMode = .forwards
        rotationAni.isRemovedOnCompletion = false
        layer.add(rotationAni, forKey: "rotationAni")
    }

    private func removeAni() {
        UIView.animate(
            withDuration: 0.5,
            animations: {
                guard let scrollView = self.scrollView else { return }
                var inset = scrollView.contentInset
                inset.top = 0
                scrollView.contentInset = inset
            },
            completion: { _ in
                self.TopPointLayer.removeAllAnimations()
                self.LeftPointLayer.removeAllAnimations()
                self.BottomPointLayer.removeAllAnimations()
                self.rightPointLayer.removeAllAnimations()
                self.layer.removeAllAnimations()
                self.adjustPointState(withIndex: 0)
                self.animating = false
                // The dots show the pull again from where the list is now.
                self.progress = -(self.scrollView?.contentOffset.y ?? 0)
            })
    }

    // MARK: - Stop

    func endRefreshing() {
        removeAni()
    }
}

extension UIScrollView {
    /// Puts a four-dots refresh header above the content, under everything else in the scroll
    /// view; `handle` runs when a refresh starts.
    @discardableResult
    func addRefreshHeader(withHandle handle: @escaping () -> Void) -> SURefreshHeader {
        let header = SURefreshHeader()
        header.handle = handle
        insertSubview(header, at: 0)
        return header
    }
}
