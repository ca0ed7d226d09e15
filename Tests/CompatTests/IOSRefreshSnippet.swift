// Written as iOS refresh libraries are written (this target compiles in Swift 5 mode, as
// previews are): a header kept in an associated object of the scroll view, which finds its
// scroll view when it is added to it and follows the pull with key-value observing.
#if canImport(UIKit)
    import Foundation
    import UIKit

    private var refreshHeaderKey: UInt8 = 0

    /// The header's states, as the libraries name them.
    enum KVORefreshState {
        /// At rest, or pulled less than the header's height.
        case idle
        /// Pulled past the threshold: letting go refreshes.
        case pulling
        case refreshing
    }

    /// A pull-to-refresh header in the style of MJRefresh and ESPullToRefresh: it watches the
    /// scroll view's `contentOffset` and its pan's `state` with KVO, shows its state in a dot
    /// (dark grey, red when letting go would refresh, blue while refreshing) and holds the list
    /// open by its height while refreshing.
    final class KVORefreshHeader: UIView {
        static let height: CGFloat = 54
        private static var kvoContext = 0

        private(set) var state = KVORefreshState.idle {
            didSet {
                guard state != oldValue else { return }
                updateIndicator()
                onStateChange?(state)
            }
        }
        var refreshingBlock: (() -> Void)?
        var onStateChange: ((KVORefreshState) -> Void)?

        private weak var scrollView: UIScrollView?
        private weak var pan: UIPanGestureRecognizer?
        private var originalInsetTop: CGFloat = 0
        private let indicator = CAShapeLayer()

        init(refreshingBlock: @escaping () -> Void) {
            self.refreshingBlock = refreshingBlock
            super.init(
                frame: CGRect(x: 0, y: -KVORefreshHeader.height, width: 0, height: KVORefreshHeader.height))
            autoresizingMask = .flexibleWidth
            layer.addSublayer(indicator)
            updateIndicator()
        }

        required init?(coder aDecoder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            indicator.frame = CGRect(x: bounds.midX - 12, y: bounds.midY - 12, width: 24, height: 24)
            indicator.path = UIBezierPath(ovalIn: indicator.bounds).cgPath
            CATransaction.commit()
        }

        // MARK: Following the scroll view

        override func willMove(toSuperview newSuperview: UIView?) {
            super.willMove(toSuperview: newSuperview)
            removeObservers()
            guard let scrollView = newSuperview as? UIScrollView else { return }
            self.scrollView = scrollView
            frame = CGRect(
                x: 0, y: -KVORefreshHeader.height, width: scrollView.bounds.width,
                height: KVORefreshHeader.height)
            scrollView.alwaysBounceVertical = true
            originalInsetTop = scrollView.contentInset.top
            addObservers()
        }

        private func addObservers() {
            let options: NSKeyValueObservingOptions = [.new, .old]
            scrollView?.addObserver(
                self, forKeyPath: "contentOffset", options: options, context: &KVORefreshHeader.kvoContext)
            pan = scrollView?.panGestureRecognizer
            pan?.addObserver(
                self, forKeyPath: "state", options: options, context: &KVORefreshHeader.kvoContext)
        }

        private func removeObservers() {
            scrollView?.removeObserver(
                self, forKeyPath: "contentOffset", context: &KVORefreshHeader.kvoContext)
            pan?.removeObserver(self, forKeyPath: "state", context: &KVORefreshHeader.kvoContext)
            scrollView = nil
            pan = nil
        }

        override func observeValue(
            forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
            context: UnsafeMutableRawPointer?
        ) {
            guard context == &KVORefreshHeader.kvoContext else {
                super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                return
            }
            if keyPath == "contentOffset", let offset = change?[.newKey] as? CGPoint {
                scrollViewContentOffsetDidChange(offset)
            } else if keyPath == "state", let raw = change?[.newKey] as? Int,
                let panState = UIGestureRecognizer.State(rawValue: raw)
            {
                panStateDidChange(panState)
            }
        }

        private func scrollViewContentOffsetDidChange(_ offset: CGPoint) {
            guard state != .refreshing, let scrollView = scrollView, scrollView.isDragging else { return }
            let pulled = -offset.y - originalInsetTop
            state = pulled >= KVORefreshHeader.height ? .pulling : .idle
        }

        private func panStateDidChange(_ panState: UIGestureRecognizer.State) {
            if panState == .ended && state == .pulling {
                beginRefreshing()
            }
        }

        // MARK: Refreshing

        func beginRefreshing() {
            guard state != .refreshing, let scrollView = scrollView else { return }
            state = .refreshing
            UIView.animate(withDuration: 0.25) {
                scrollView.contentInset.top = self.originalInsetTop + KVORefreshHeader.height
            }
            refreshingBlock?()
        }

        func endRefreshing() {
            guard state == .refreshing, let scrollView = scrollView else { return }
            UIView.animate(
                withDuration: 0.25,
                animations: { scrollView.contentInset.top = self.originalInsetTop },
                completion: { _ in self.state = .idle })
        }

        private func updateIndicator() {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            switch state {
            case .idle: indicator.fillColor = UIColor.darkGray.cgColor
            case .pulling: indicator.fillColor = UIColor.red.cgColor
            case .refreshing: indicator.fillColor = UIColor.blue.cgColor
            }
            CATransaction.commit()
        }
    }

    extension UIScrollView {
        /// The refresh header, kept with the scroll view (setting one puts it above the content).
        var kvoRefreshHeader: KVORefreshHeader? {
            get {
                return objc_getAssociatedObject(self, &refreshHeaderKey) as? KVORefreshHeader
            }
            set {
                if let old = kvoRefreshHeader, old !== newValue {
                    old.removeFromSuperview()
                }
                if let header = newValue, header.superview !== self {
                    insertSubview(header, at: 0)
                }
                objc_setAssociatedObject(
                    self, &refreshHeaderKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            }
        }

        @discardableResult
        func addKVORefreshHeader(refreshingBlock: @escaping () -> Void) -> KVORefreshHeader {
            let header = KVORefreshHeader(refreshingBlock: refreshingBlock)
            kvoRefreshHeader = header
            return header
        }
    }

    struct KVORefreshPreviews: LoaderPreviewProvider {
        static var refreshes = 0

        static var previews: [LoaderPreview] {
            [
                LoaderPreview.header("KVO refresh", size: CGSize(width: 320, height: 400)) { scrollView in
                    scrollView.addKVORefreshHeader {
                        KVORefreshPreviews.refreshes += 1
                    }
                }
            ]
        }
    }
#endif
