//
//  UIScrollView+ClassicRefresh.swift
//  ClassicRefresh: the scroll view's side — the header kept on the scroll view itself, as an
//  associated object, and one call to put it there.
//

import UIKit

private var classicHeaderKey: UInt8 = 0

extension UIScrollView {
    /// The refresh header added with `addPullToRefresh(action:)`, if any.
    var classicHeader: ClassicRefreshHeader? {
        get {
            return objc_getAssociatedObject(self, &classicHeaderKey) as? ClassicRefreshHeader
        }
        set {
            classicHeader?.removeFromSuperview()
            objc_setAssociatedObject(self, &classicHeaderKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }

    /// Puts a refresh header above the content (at negative y, its own height tall), behind the
    /// rows, replacing any earlier one; `action` runs when a refresh starts.
    @discardableResult
    func addPullToRefresh(action: @escaping () -> Void) -> ClassicRefreshHeader {
        let height = ClassicRefreshHeader.defaultHeight
        let header = ClassicRefreshHeader(
            frame: CGRect(x: 0, y: -height, width: bounds.width, height: height))
        header.action = action
        classicHeader = header
        insertSubview(header, at: 0)
        return header
    }

    /// Ends the header's refresh: the list slides back up.
    func endPullToRefresh() {
        classicHeader?.endRefreshing()
    }
}
