import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import RefreshKit

/// `UIRefreshControl`: iOS's own pull-to-refresh control, shown by assigning it to a scroll
/// view's `refreshControl`.
///
/// It sits in the gap a pull opens above the content (a strip `height` points tall, the scroll
/// view's width, behind the content), with iOS's spinner (`UIActivityIndicatorView`, medium)
/// at its middle and `attributedTitle` under it. The spinner fades in with the pull; a release
/// with the content pulled `threshold` points past its top begins refreshing: the spinner
/// turns, the top inset grows by `height` (over 0.3 s) to hold the control in view, and the
/// control sends `.valueChanged` to its targets and actions (`addTarget(_:action:for:)`,
/// `addAction(_:for:)`). `endRefreshing()` closes the inset again (0.3 s) and stops the
/// spinner. `beginRefreshing()` starts a refresh from code without sending `.valueChanged`,
/// as on iOS. Subclasses may add views of their own to it and override `layoutSubviews()`.
///
/// Deviations: the refresh begins on release past the threshold (iOS begins it while the
/// finger is still down); the inset it holds is in `contentInset` (iOS keeps it out of
/// `contentInset` and in `adjustedContentInset` only); `beginRefreshing()` also scrolls the
/// control into view; the spinner fades in with the pull instead of drawing its spokes one by
/// one.
open class UIRefreshControl: UIControl {
    /// The strip's height: the inset a refresh holds open.
    public static let height: CGFloat = 60
    /// How far past the content's top a release must pull to begin refreshing.
    public static let threshold: CGFloat = 80

    /// True from the start of a refresh until `endRefreshing()`.
    open private(set) var isRefreshing = false
    /// A line under the spinner (drawn with its first run's font and colour; nil: none).
    open var attributedTitle: NSAttributedString? {
        didSet {
            titleLabel.attributedText = attributedTitle
            titleLabel.isHidden = attributedTitle == nil
            setNeedsLayout()
        }
    }

    private let spinner = UIActivityIndicatorView(style: .medium)
    private let titleLabel = UILabel()
    /// The scroll view's refresh state machine while the control is its `refreshControl`.
    private var machine: RefreshControl?
    fileprivate weak var scrollView: UIScrollView?
    /// Set while `beginRefreshing()` starts a refresh: no `.valueChanged` for it.
    private var beganByCode = false

    /// A control with the system spinner, not yet in a scroll view (its frame is set when it
    /// becomes one's `refreshControl`).
    public init() {
        super.init(frame: .zero)
        setUpViews()
    }

    /// A control with the system spinner, not yet in a scroll view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpViews()
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    private func setUpViews() {
        spinner.hidesWhenStopped = false
        spinner.alpha = 0
        spinner.color = ownTintColor ?? UIColor.systemGray
        addSubview(spinner)
        titleLabel.isHidden = true
        titleLabel.textAlignment = .center
        titleLabel.font = UIFont.systemFont(ofSize: 12)
        titleLabel.textColor = UIColor.systemGray
        addSubview(titleLabel)
    }

    /// The spinner's colour: the tint set on the control, else iOS's grey (not the inherited
    /// tint).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        spinner.color = ownTintColor ?? UIColor.systemGray
    }

    /// The spinner in the middle of the strip (above the middle when there is a title), the
    /// title under it.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let hasTitle = attributedTitle != nil
        let titleHeight: CGFloat = hasTitle ? 16 : 0
        let spinnerSide = spinner.bounds.height
        let top = (bounds.height - spinnerSide - titleHeight - (hasTitle ? 4 : 0)) / 2
        spinner.center = CGPoint(x: bounds.midX, y: bounds.minY + top + spinnerSide / 2)
        titleLabel.frame = CGRect(
            x: bounds.minX, y: bounds.minY + top + spinnerSide + 4, width: bounds.width, height: titleHeight)
    }

    // MARK: Refreshing

    /// Begins a refresh from code: the inset opens and the spinner turns; no `.valueChanged` is
    /// sent. Nothing while refreshing, or before the control is a scroll view's.
    open func beginRefreshing() {
        guard let machine, let scrollView, !isRefreshing else { return }
        beganByCode = true
        machine.beginRefreshing(at: scrollView.now)
        beganByCode = false
    }

    /// Ends the refresh: the spinner stops and the inset closes over 0.3 s. Nothing unless
    /// refreshing.
    open func endRefreshing() {
        guard let machine, let scrollView, isRefreshing else { return }
        machine.endRefreshing(at: scrollView.now)
    }

    // MARK: In a scroll view

    /// Becomes `scrollView`'s refresh control: put behind its content above the top, and its
    /// pull watched.
    func attach(to scrollView: UIScrollView) {
        self.scrollView = scrollView
        frame = CGRect(
            x: 0, y: -Self.height, width: scrollView.bounds.width, height: Self.height)
        autoresizingMask = [.flexibleWidth]
        scrollView.insertSubview(self, at: 0)
        let machine = RefreshControl(
            scrollView: scrollView.model, headerHeight: Double(Self.height),
            threshold: Double(Self.threshold),
            refreshingInset: Double(Self.height))
        machine.beginAnimation = ScrollAnimation(duration: 0.3)
        machine.endAnimation = ScrollAnimation(duration: 0.3)
        machine.onOffsetChange = { [weak self] machine in self?.pullDidChange(machine) }
        machine.onStateChange = { [weak self] machine, old in self?.stateDidChange(machine, from: old) }
        self.machine = machine
    }

    /// Stops being `scrollView`'s refresh control (the inset is left as it is).
    func detach() {
        machine?.detach()
        machine = nil
        scrollView = nil
        removeFromSuperview()
    }

    private func pullDidChange(_ machine: RefreshControl) {
        guard !isRefreshing, machine.state != .ending else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spinner.alpha = CGFloat(min(max(machine.pullDistance / Double(Self.threshold), 0), 1))
        CATransaction.commit()
    }

    private func stateDidChange(_ machine: RefreshControl, from old: RefreshState) {
        switch machine.state {
        case .refreshing:
            isRefreshing = true
            spinner.alpha = 1
            spinner.startAnimating()
            if !beganByCode { sendActions(for: .valueChanged) }
        case .ending:
            isRefreshing = false
            spinner.stopAnimating()
            UIView.animate(withDuration: 0.3) { self.spinner.alpha = 0 }
        case .idle, .pulling:
            break
        }
    }
}

extension UIScrollView {
    /// The scroll view's `UIRefreshControl` (iOS 10): setting one puts it above the content
    /// and lets a pull begin its refresh; nil (or another) takes the old one away.
    public var refreshControl: UIRefreshControl? {
        get { associatedObjects.value(key: UnsafeRawPointer(refreshControlKey)) as? UIRefreshControl }
        set {
            let old = refreshControl
            guard old !== newValue else { return }
            old?.detach()
            newValue?.scrollView?.refreshControl = nil
            associatedObjects.set(
                newValue, key: UnsafeRawPointer(refreshControlKey), policy: .OBJC_ASSOCIATION_RETAIN_NONATOMIC
            )
            newValue?.attach(to: self)
        }
    }
}

/// The key `refreshControl` is kept under among a scroll view's associated objects.
nonisolated(unsafe) private let refreshControlKey = UnsafeMutableRawPointer.allocate(
    byteCount: 1, alignment: 1)
