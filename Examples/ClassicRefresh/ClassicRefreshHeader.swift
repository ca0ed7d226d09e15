//
//  ClassicRefreshHeader.swift
//  ClassicRefresh: the pull-to-refresh header most apps had before UIRefreshControl — an arrow
//  that turns over when the pull is far enough, a line of text saying what a release will do,
//  and a spinner while the list loads.
//
//  The header watches its scroll view with key-value observing, as refresh libraries do: the
//  content offset says how far the list is pulled, the pan gesture's state says when the finger
//  lets go. Released past the header's height, it holds the list open under it (the top inset
//  grows by its height) until `endRefreshing()`.
//

import UIKit

/// What the header is showing.
enum ClassicRefreshState {
    /// At rest, or pulled less than the threshold: "Pull down to refresh", arrow down.
    case idle
    /// Pulled past the threshold with the finger still down: "Release to refresh", arrow up.
    case triggered
    /// The list is held open while the action's load runs: "Loading…", spinner.
    case loading
}

private var ClassicRefreshKVOContext = 0

class ClassicRefreshHeader: UIView {
    /// Runs when a refresh starts; call `endRefreshing()` when the load is done.
    var action: (() -> Void)?

    var pullToRefreshText = "Pull down to refresh"
    var releaseToRefreshText = "Release to refresh"
    var loadingText = "Loading…"

    /// The colour of the text and the arrow.
    var textColor = UIColor(white: 0.4, alpha: 1) {
        didSet {
            titleLabel.textColor = textColor
            arrowView.tintColor = textColor
            activityView.color = textColor
        }
    }

    private(set) var state: ClassicRefreshState = .idle {
        didSet {
            if state != oldValue { stateDidChange(from: oldValue) }
        }
    }

    /// The square the arrow and the spinner are centred in, left of the text.
    fileprivate let indicatorSide: CGFloat = 20
    /// Between that square and the text.
    fileprivate let spacing: CGFloat = 10

    fileprivate let titleLabel = UILabel()
    fileprivate let arrowView = UIImageView(image: ClassicRefreshHeader.arrowImage())
    fileprivate let activityView = UIActivityIndicatorView(style: .medium)

    fileprivate weak var scrollView: UIScrollView?
    /// The scroll view's top inset before the header touched it.
    fileprivate var originalInsetTop: CGFloat = 0
    fileprivate var isObserving = false

    /// The header's height, which is also how far the list must be pulled.
    static let defaultHeight: CGFloat = 60

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        commonInit()
    }

    private func commonInit() {
        autoresizingMask = .flexibleWidth
        backgroundColor = .clear

        titleLabel.font = UIFont.systemFont(ofSize: 14)
        titleLabel.textColor = textColor
        titleLabel.textAlignment = .center
        titleLabel.text = pullToRefreshText
        addSubview(titleLabel)

        arrowView.tintColor = textColor
        addSubview(arrowView)

        activityView.color = textColor
        activityView.hidesWhenStopped = true
        addSubview(activityView)
    }

    deinit {
        removeScrollViewObservers()
    }

    override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toSuperview: newSuperview)
        removeScrollViewObservers()
        guard let scrollView = newSuperview as? UIScrollView else { return }
        self.scrollView = scrollView
        scrollView.alwaysBounceVertical = true
        originalInsetTop = scrollView.contentInset.top
        frame = CGRect(
            x: 0, y: -bounds.height, width: scrollView.bounds.width, height: bounds.height)
        addScrollViewObservers(to: scrollView)
    }

    // MARK: - Refreshing

    /// Holds the list open under the header and calls the action.
    @objc func beginRefreshing() {
        guard state != .loading, let scrollView = scrollView else { return }
        state = .loading
        // The offset is left where the finger let go: the list settles at the new top.
        let height = bounds.height
        UIView.animate(withDuration: 0.25, animations: {
            scrollView.contentInset.top += height
        })
        action?()
    }

    /// Lets the list slide back up and shows the header's resting text and arrow again.
    @objc func endRefreshing() {
        guard state == .loading, let scrollView = scrollView else { return }
        let height = bounds.height
        UIView.animate(withDuration: 0.3, animations: {
            scrollView.contentInset.top -= height
        }, completion: { _ in
            self.state = .idle
        })
    }

    // MARK: - State

    private func stateDidChange(from oldState: ClassicRefreshState) {
        switch state {
        case .idle:
            titleLabel.text = pullToRefreshText
            activityView.stopAnimating()
            arrowView.isHidden = false
            if oldState == .triggered {
                UIView.animate(withDuration: 0.2) {
                    self.arrowView.transform = .identity
                }
            } else {
                arrowView.transform = .identity
            }
        case .triggered:
            titleLabel.text = releaseToRefreshText
            UIView.animate(withDuration: 0.2) {
                self.arrowView.transform = CGAffineTransform(rotationAngle: .pi)
            }
        case .loading:
            titleLabel.text = loadingText
            arrowView.isHidden = true
            activityView.startAnimating()
        }
        setNeedsLayout()
    }

    /// Called for every new offset: turns the arrow as the pull crosses the threshold, and
    /// starts the refresh when the finger has let go past it.
    fileprivate func scrollViewContentOffsetDidChange(_ contentOffset: CGPoint) {
        guard state != .loading, let scrollView = scrollView else { return }
        let pull = -(contentOffset.y + originalInsetTop)
        if scrollView.isDragging {
            if state == .idle && pull >= bounds.height {
                state = .triggered
            } else if state == .triggered && pull < bounds.height {
                state = .idle
            }
        } else if state == .triggered {
            beginRefreshing()
        }
    }

    fileprivate func scrollViewPanStateDidChange(_ panState: UIGestureRecognizer.State) {
        if panState == .ended && state == .triggered {
            beginRefreshing()
        }
    }

    // MARK: - Arrow

    /// A downward arrow, 16×24 points, drawn once as a template: the image view tints it.
    static func arrowImage() -> UIImage {
        let size = CGSize(width: 16, height: 24)
        let renderer = UIGraphicsImageRenderer(size: size)
        let image = renderer.image { _ in
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 8, y: 2))
            path.addLine(to: CGPoint(x: 8, y: 21))
            path.move(to: CGPoint(x: 2, y: 15))
            path.addLine(to: CGPoint(x: 8, y: 21))
            path.addLine(to: CGPoint(x: 14, y: 15))
            path.lineWidth = 2
            path.lineCapStyle = .round
            path.lineJoinStyle = .round
            UIColor.black.setStroke()
            path.stroke()
        }
        return image.withRenderingMode(.alwaysTemplate)
    }
}

// MARK: - KVO

extension ClassicRefreshHeader {
    fileprivate func addScrollViewObservers(to scrollView: UIScrollView) {
        guard !isObserving else { return }
        scrollView.addObserver(
            self, forKeyPath: #keyPath(UIScrollView.contentOffset), options: [.new, .old],
            context: &ClassicRefreshKVOContext)
        scrollView.addObserver(
            self, forKeyPath: #keyPath(UIScrollView.panGestureRecognizer.state), options: [.new],
            context: &ClassicRefreshKVOContext)
        isObserving = true
    }

    fileprivate func removeScrollViewObservers() {
        guard isObserving, let scrollView = scrollView else { return }
        scrollView.removeObserver(
            self, forKeyPath: #keyPath(UIScrollView.contentOffset), context: &ClassicRefreshKVOContext)
        scrollView.removeObserver(
            self, forKeyPath: #keyPath(UIScrollView.panGestureRecognizer.state),
            context: &ClassicRefreshKVOContext)
        isObserving = false
    }

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard context == &ClassicRefreshKVOContext else {
            super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
            return
        }
        if keyPath == #keyPath(UIScrollView.contentOffset) {
            guard let offset = change?[.newKey] as? CGPoint else { return }
            scrollViewContentOffsetDidChange(offset)
        } else if keyPath == #keyPath(UIScrollView.panGestureRecognizer.state) {
            guard let rawValue = change?[.newKey] as? Int,
                let panState = UIGestureRecognizer.State(rawValue: rawValue)
            else { return }
            scrollViewPanStateDidChange(panState)
        }
    }
}

// MARK: - Layout

extension ClassicRefreshHeader {
    /// The arrow (or the spinner) and the text side by side, centred together in the header.
    override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel.sizeToFit()
        let textSize = titleLabel.bounds.size
        let totalWidth = indicatorSide + spacing + textSize.width
        let left = floor((bounds.width - totalWidth) / 2)
        let indicatorCenter = CGPoint(x: left + indicatorSide / 2, y: bounds.midY)
        arrowView.center = indicatorCenter
        activityView.center = indicatorCenter
        titleLabel.frame = CGRect(
            x: left + indicatorSide + spacing, y: floor((bounds.height - textSize.height) / 2),
            width: textSize.width, height: textSize.height)
    }
}
