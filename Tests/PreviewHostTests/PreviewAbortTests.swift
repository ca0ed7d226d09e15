import Foundation
import SnapshotTesting
import Testing

/// A preview that aborts (a failed `as!` cast ends in `abort()`, where the runtime's backtracer
/// stops unwinding) is reported as a crash with the runtime's words and the user's own line,
/// from the frames the preview process records on SIGABRT.
@Suite("Aborts in previews", .tags(.compiler, .subprocess), .serialized)
struct PreviewAbortTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    static let source = """
        import UIKit

        final class Dial {
            func angle(of layer: CALayer) -> CGFloat {
                let stored: Any = layer.name ?? ""
                return stored as! CGFloat
            }
        }

        struct DialPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("dial", size: CGSize(width: 40, height: 40)) { layer in
                        layer.opacity = Float(Dial().angle(of: layer))
                    }
                ]
            }
        }
        """

    @Test("a failed as! cast: exit 1, the cast the runtime names, and the line of the cast")
    func failedCast() throws {
        let scratch = try Scratch()
        let source = try clock.folder("Dial", Self.source, in: scratch)
        let out = scratch.path + "/dial.png"
        let r = try clock.loaderlab(["preview", source, "--render", "dial", "--out", out], scratch)
        #expect(r.status == 1, "\(r.err)")
        #expect(
            r.err.contains(
                "“dial” crashed: Could not cast value of type 'Swift.String' to 'Foundation.CGFloat'"),
            "\(r.err)")
        #expect(r.err.contains("at Dial.swift:6 in Dial.angle(of:)"), "\(r.err)")
        #expect(!r.err.contains("*** Signal") && !r.err.contains("abort called from"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
