import LayerKit
import RefreshKit

/// A pull-to-refresh header: the original's view, driven by a `RefreshControl` set up as the original
/// behaves.
protocol RefreshHeader: AnyObject {
    /// The header view's own layer (view-backing), named `header`.
    var layer: Layer { get }
    var control: RefreshControl? { get }
    var debugPaths: [(name: String, path: Path, toLayer: String)] { get }
    /// The original's thresholds, inset changes and simulated load.
    static var refreshSettings: RefreshSettings { get }
    /// `willMoveToSuperview:` / `init(frame:scrollView:)`: observe the control and take place
    /// in the scroll view's content (the caller adds `layer` to it).
    func attach(to control: RefreshControl)
    /// The scroll view's width changed.
    func layoutInScrollView()
}

/// How a header's refresh control behaves, per its original.
struct RefreshSettings {
    var headerHeight: Double
    /// Releasing pulled at least this far refreshes.
    var threshold: Double
    /// The inset the content is held at while refreshing.
    var refreshingInset: Double
    var beginAnimation: ScrollAnimation
    var endAnimation: ScrollAnimation
    /// Seconds after which a refresh ends by itself (the demo's simulated load).
    var simulatedLoad: Double
}

extension RefreshHeader {
    /// The refresh state machine on `scrollView`, set up with `refreshSettings`.
    static func makeControl(scrollView: ScrollView) -> RefreshControl {
        let settings = refreshSettings
        let control = RefreshControl(
            scrollView: scrollView, headerHeight: settings.headerHeight, threshold: settings.threshold,
            refreshingInset: settings.refreshingInset)
        control.beginAnimation = settings.beginAnimation
        control.endAnimation = settings.endAnimation
        control.simulatedLoadDuration = settings.simulatedLoad
        return control
    }
}
