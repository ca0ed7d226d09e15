import Foundation

/// How long a preview process may go without answering before it is taken as hung and stopped.
///
/// A window's frame must come within `frame` (2 s: fifty times a slow frame, and as long as a
/// person waits before thinking the window is stuck). Headless work has no frames to answer:
/// there the process reports progress (a scene update, a recorded frame) and may be quiet for
/// `headless` (10 s: encoding a long recording's last frames is quiet work of the engine's own).
/// Loading the library and making the previews may take `start`.
///
/// `LOADERLAB_PREVIEW_DEADLINE=SECONDS` sets all three (a test of a hang need not wait 10 s; a
/// slow machine may want more). Values that are not finite and positive are ignored.
public struct PreviewDeadlines: Equatable, Sendable {
    public var frame = 2.0
    public var headless = 10.0
    public var start = 10.0

    public init() {}

    /// The defaults, or `LOADERLAB_PREVIEW_DEADLINE`'s.
    public static func current(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> PreviewDeadlines {
        var d = PreviewDeadlines()
        if let text = environment["LOADERLAB_PREVIEW_DEADLINE"], let s = Double(text), s.isFinite, s > 0 {
            d.frame = s
            d.headless = s
            d.start = s
        }
        return d
    }
}
