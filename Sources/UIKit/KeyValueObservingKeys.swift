import Foundation

/// The keys UIKit's classes notify observers of, their values boxed as a change dictionary
/// holds them on iOS (geometry in `NSValue`, enums and flags in `NSNumber`), and the Swift key
/// paths that name them.
///
/// - `UIScrollView`: `contentOffset`, `contentSize`, `contentInset`, `frame`, `bounds` (which
///   changes with the offset, as on iOS) and `panGestureRecognizer` (so the key path
///   `panGestureRecognizer.state` is observable on the scroll view);
/// - `UIGestureRecognizer`: `state`.
///
/// The values of a view's `frame`, `bounds` and `center` and of a recognizer's `enabled` can
/// be read (for `.initial`, and for keys announced with `willChangeValue(forKey:)`), but only
/// the keys above notify by themselves.
enum KeyValueObservingKeys {
    static let observableDescription =
        "a UIScrollView's contentOffset, contentSize, contentInset, frame, bounds and "
        + "panGestureRecognizer.state, a UIGestureRecognizer's state"

    /// The value of `key` of `object`, boxed; nil for a key it does not know.
    static func value(of object: AnyObject, forKey key: String) -> Any? {
        if let scrollView = object as? UIScrollView {
            switch key {
            case "contentOffset": return NSValue(cgPoint: scrollView.contentOffset)
            case "contentSize": return NSValue(cgSize: scrollView.contentSize)
            case "contentInset": return NSValue(uiEdgeInsets: scrollView.contentInset)
            case "panGestureRecognizer": return scrollView.panGestureRecognizer
            default: break
            }
        }
        if let view = object as? UIView {
            switch key {
            case "frame": return NSValue(cgRect: view.frame)
            case "bounds": return NSValue(cgRect: view.bounds)
            case "center": return NSValue(cgPoint: view.center)
            default: return nil
            }
        }
        if let recognizer = object as? UIGestureRecognizer {
            switch key {
            case "state": return NSNumber(value: recognizer.state.rawValue)
            case "enabled": return NSNumber(value: recognizer.isEnabled)
            default: return nil
            }
        }
        return nil
    }

    /// The value at a key path of one or more keys ("panGestureRecognizer.state").
    static func value(of object: AnyObject, forKeyPath keyPath: String) -> Any? {
        var current: Any? = object
        for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            guard let o = current as? NSObject else { return nil }
            current = value(of: o, forKey: String(key))
        }
        return current
    }

    /// The key path string of a Swift key path UIKit notifies (`\UIScrollView.contentOffset`
    /// → "contentOffset"), for a root of that class or any subclass; nil for another.
    static func name<Root, Value>(of keyPath: KeyPath<Root, Value>) -> String? {
        // A key path's root is its static type: the table is built for that same root (a
        // subclass's `\.contentOffset` is not equal to `\UIScrollView.contentOffset`).
        if let root = Root.self as? any ScrollViewKeyPathRoot.Type {
            return scrollViewNames(root)[keyPath]
        }
        if let root = Root.self as? any GestureRecognizerKeyPathRoot.Type {
            return gestureRecognizerNames(root)[keyPath]
        }
        return nil
    }

    private static func scrollViewNames<S: ScrollViewKeyPathRoot>(_: S.Type) -> [AnyKeyPath: String] {
        [
            \S.contentOffset: "contentOffset", \S.contentSize: "contentSize", \S.contentInset: "contentInset",
            \S.frame: "frame", \S.bounds: "bounds",
            \S.panGestureRecognizer.state: "panGestureRecognizer.state",
        ]
    }

    private static func gestureRecognizerNames<G: GestureRecognizerKeyPathRoot>(_: G.Type) -> [AnyKeyPath:
        String]
    {
        [\G.state: "state"]
    }
}

/// Scroll views and their subclasses, as generic roots of key paths.
protocol ScrollViewKeyPathRoot: UIScrollView {}
extension UIScrollView: ScrollViewKeyPathRoot {}

/// Gesture recognizers and their subclasses, as generic roots of key paths.
protocol GestureRecognizerKeyPathRoot: UIGestureRecognizer {}
extension UIGestureRecognizer: GestureRecognizerKeyPathRoot {}
