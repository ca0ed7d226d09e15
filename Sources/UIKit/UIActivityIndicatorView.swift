import Foundation
@_spi(LoaderLabHost) import QuartzCore

/// `UIActivityIndicatorView`: the spinner of iOS 13 and later — eight spokes around a circle,
/// the brightest one stepping clockwise to the next spoke eight times a second, the ones behind
/// it fading.
///
/// **Sources for the drawing** (Apple documents none of it):
/// - Spoke count, shape, opacities and step rate: Flutter's `CupertinoActivityIndicator`
///   (flutter/flutter, `packages/flutter/lib/src/cupertino/activity_indicator.dart`), whose
///   constants say they were extracted from iOS 13.2: 8 ticks; for a spinner of radius r
///   (10 points for the 20-point indicator) each tick is a rounded rectangle r/5 wide, corner
///   radius r/10 (a capsule), from r/3 to r out from the centre; the ticks' alphas from the
///   tick behind the brightest one, going backwards, are 147, 122, 97, 72, 47, 47, 47, 47
///   (of 255); the brightest tick is tick `floor(8·t) − 1` (mod 8) of a 1-second cycle, so the
///   pattern moves one tick clockwise every 1/8 s, discretely; tick i is i·45° clockwise from
///   12 o'clock. The default colour is theirs, rgb(60, 60, 68) (iOS's light mode), with the
///   brightest tick's alpha, 147/255.
/// - Sizes: 20×20 points for `.medium` (and `.white`, `.gray`), 37×37 for `.large` (and
///   `.whiteLarge`), as Chameleon's UIKit (BigZaphod/Chameleon,
///   `UIKit/Classes/UIActivityIndicatorView.m`) and Apple's older UIKit catalogue give them;
///   `.large` is drawn at the same proportions with r = 18.5.
/// - Older iOS drew 12 spokes, each 0.8 s cycle in 12 discrete frames (Chameleon); the
///   deprecated styles here draw the modern spinner, as iOS 13 does.
///
/// Here the opacities are relative to `color` (the brightest spoke is `color` itself: 1, then
/// 122/147, 97/147, 72/147 and 47/147 behind it), so the default colour reproduces Flutter's
/// alphas and a custom one (`.white`) has its brightest spoke at full strength.
///
/// **Built from layers.** Eight spoke layers (rounded `CALayer`s in `color`), each with a
/// discrete `CAKeyframeAnimation` of its opacity over the 1-second cycle (eight equal steps),
/// repeating forever from `startAnimating()`: it runs on the scene's clock, so a headless
/// render at any time shows what the window shows then. The spinner keeps its size and sits
/// at the centre of the view's bounds, whatever their size.
///
/// `hidesWhenStopped` (default true) hides the view while it is stopped — also before the
/// first `startAnimating()`. A stopped spinner that is not hidden shows the first step.
open class UIActivityIndicatorView: UIView {
    /// `UIActivityIndicatorView.Style`, with iOS's raw values.
    public enum Style: Int, Sendable {
        /// Deprecated on iOS 13 (`.large`): large, white.
        case whiteLarge = 0
        /// Deprecated on iOS 13 (`.medium`): medium, white.
        case white = 1
        /// Deprecated on iOS 13 (`.medium`): medium, grey.
        case gray = 2
        case medium = 100
        case large = 101

        /// The side of the spinner, in points.
        var side: CGFloat {
            switch self {
            case .whiteLarge, .large: 37
            case .white, .gray, .medium: 20
            }
        }

        /// The colour the style draws in.
        var defaultColor: UIColor {
            switch self {
            case .whiteLarge, .white: .white
            case .gray: .gray
            case .medium, .large: UIColor(red: 60 / 255, green: 60 / 255, blue: 68 / 255, alpha: 147 / 255)
            }
        }
    }

    /// The number of spokes.
    static let spokeCount = 8
    /// One turn of the pattern, in seconds (one step is an eighth of it).
    static let cycleDuration: CFTimeInterval = 1
    /// Each spoke's opacity relative to the brightest, by how many steps it is behind it.
    static let trail: [Float] = [147, 122, 97, 72, 47, 47, 47, 47].map { $0 / 147 }
    /// The key of each spoke's animation.
    static let animationKey = "activityIndicatorStep"

    private var spokes: [CALayer] = []
    private var ownColor: UIColor?

    open private(set) var isAnimating = false

    open var style: UIActivityIndicatorView.Style = .medium {
        didSet {
            updateSpokes()
            invalidateIntrinsicContentSize()
        }
    }

    /// The spokes' colour (the style's unless set; nil restores it).
    open var color: UIColor! {
        get { ownColor ?? style.defaultColor }
        set {
            ownColor = newValue
            updateSpokes()
        }
    }

    /// Hidden while stopped (true by default).
    open var hidesWhenStopped = true {
        didSet { isHidden = hidesWhenStopped && !isAnimating }
    }

    /// A medium spinner (20×20) at the centre of `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// A spinner of the style, its view the spinner's size.
    public init(style: UIActivityIndicatorView.Style) {
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        self.style = style
        setUp()
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    private func setUp() {
        isUserInteractionEnabled = false
        spokes = (0..<Self.spokeCount).map { _ in CALayer() }
        for spoke in spokes { layer.addSublayer(spoke) }
        updateSpokes()
        isHidden = hidesWhenStopped
    }

    /// Shows the view and starts stepping (from the first step); nothing if already running.
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        for (i, spoke) in spokes.enumerated() {
            let step = CAKeyframeAnimation(keyPath: "opacity")
            step.values = (0..<Self.spokeCount).map { Self.opacity(ofSpoke: i, atStep: $0) }
            step.calculationMode = .discrete
            step.duration = Self.cycleDuration
            step.repeatCount = .infinity
            spoke.add(step, forKey: Self.animationKey)
        }
    }

    /// Stops stepping, and hides the view if `hidesWhenStopped`.
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        for spoke in spokes { spoke.removeAnimation(forKey: Self.animationKey) }
        if hidesWhenStopped { isHidden = true }
    }

    /// The style's size.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: style.side, height: style.side)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        intrinsicContentSize
    }

    override func boundsSizeDidChange(from oldSize: CGSize) {
        updateSpokes()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateSpokes()
    }

    /// Spoke `i`'s opacity at step `step` of the cycle: the brightest spoke at step s is
    /// s − 1, the others by how far they are behind it.
    static func opacity(ofSpoke i: Int, atStep step: Int) -> Float {
        let behind = ((step - 1 - i) % spokeCount + spokeCount) % spokeCount
        return trail[behind]
    }

    /// Places the spokes around the centre of the bounds, in the style's size and the colour.
    private func updateSpokes() {
        let radius = style.side / 2
        let width = radius / 5
        let length = radius * 2 / 3
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let fill = color.cgColor
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, spoke) in spokes.enumerated() {
            spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
            spoke.cornerRadius = width / 2
            spoke.backgroundColor = fill
            // The anchor is the spinner's centre, `radius` below the spoke's outer end.
            spoke.anchorPoint = CGPoint(x: 0.5, y: radius / length)
            spoke.position = center
            spoke.transform = CATransform3DMakeRotation(
                CGFloat(i) * 2 * .pi / CGFloat(Self.spokeCount), 0, 0, 1)
            spoke.opacity = Self.opacity(ofSpoke: i, atStep: 0)
        }
        CATransaction.commit()
    }
}
