import Foundation
import QuartzCore

/// A type that lists loader previews: `loaderlab preview` compiles the user's files, finds
/// the types conforming to this protocol and shows every preview in the gallery, beside the
/// built-in loaders.
///
/// ```swift
/// struct SpinnerPreviews: LoaderPreviewProvider {
///     static var previews: [LoaderPreview] {
///         [LoaderPreview("Spinner") { root in root.addSublayer(SpinnerLayer(frame: root.bounds)) }]
///     }
/// }
/// ```
public protocol LoaderPreviewProvider { static var previews: [LoaderPreview] { get } }

/// One preview: a name, a viewport size, a background and the code that builds the loader.
public struct LoaderPreview {
    /// What the preview shows.
    public enum Content {
        /// A standalone loader, built into the preview's root layer.
        case layer((CALayer) -> Void)
        /// A pull-to-refresh header, built into a scroll view holding a list.
        case header((UIScrollView) -> Void)
    }

    public var name: String
    /// The viewport, in points.
    public var size: CGSize
    public var background: UIColor
    public var content: Content
    /// For a header: how far, in points, a scripted pull drags the list before letting go (`R`
    /// in the window, `--refreshing` headless); past the threshold of most iOS headers.
    public var refreshPull: CGFloat = LoaderPreview.defaultRefreshPull

    /// A standalone loader: `setUp` receives the preview's root layer (bounds = size, background
    /// `background`), the layer of the preview's `UIWindow`.
    public init(
        _ name: String, size: CGSize = CGSize(width: 200, height: 200),
        background: UIColor = LoaderPreview.defaultBackground, _ setUp: @escaping (CALayer) -> Void
    ) {
        self.name = name
        self.size = size
        self.background = background
        // The root is a window's layer: views the code adds to it are in that window.
        self.content = .layer { root in
            UIWindow.hosting(root)
            setUp(root)
        }
    }

    /// A pull-to-refresh header: `setUp` receives a UIScrollView of `size` holding a list; it adds its header view (at negative y, as iOS refresh headers do) and becomes the delegate. The mouse drag pulls the list.
    /// `refreshPull` is how far a scripted pull (`R`, `--refreshing`) drags before letting go:
    /// give a header whose threshold is past the default (100 points) a longer one.
    public static func header(
        _ name: String, size: CGSize = CGSize(width: 320, height: 400), background: UIColor = .white,
        refreshPull: CGFloat = LoaderPreview.defaultRefreshPull, _ setUp: @escaping (UIScrollView) -> Void
    ) -> LoaderPreview {
        // The scroll view is a subview of a window whose layer is the viewport's (its superlayer),
        // as a list on iOS is always in a view hierarchy (headers reach `scrollView.superview`).
        let content = Content.header { scrollView in
            if let viewport = scrollView.layer.superlayer {
                let window = UIWindow.hosting(viewport)
                if scrollView.superview == nil { window.addSubview(scrollView) }
            }
            setUp(scrollView)
        }
        var preview = LoaderPreview(name: name, size: size, background: background, content: content)
        if refreshPull.isFinite, refreshPull > 0 { preview.refreshPull = refreshPull }
        return preview
    }

    /// How far a header's scripted pull drags by default: 100 points.
    public static let defaultRefreshPull: CGFloat = 100

    private init(name: String, size: CGSize, background: UIColor, content: Content) {
        self.name = name
        self.size = size
        self.background = background
        self.content = content
    }

    /// The gallery's dark grey, rgb(28, 30, 40).
    public static let defaultBackground = UIColor(red: 28 / 255, green: 30 / 255, blue: 40 / 255, alpha: 1)
}

/// What a compiled preview library hands the host (one reference type shared by both sides):
/// the library's entry point returns one, retained, as an opaque pointer.
public final class LoaderPreviewList {
    public let previews: [LoaderPreview]

    public init(_ previews: [LoaderPreview]) {
        self.previews = previews
    }
}
