import Foundation

/// What building a preview needs: the compiler, and the compatibility modules (`UIKit`,
/// `QuartzCore`, `CoreGraphics`) built with this very `loaderlab`, whose symbols the preview
/// library takes from the preview process (`loaderlab-preview-process`, built beside it).
public struct PreviewToolchain: Sendable {
    /// `swiftc`.
    public var compiler: String
    /// The folder holding `UIKit.swiftmodule` and the modules it imports.
    public var modules: String

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// Finds the compiler (`LOADERLAB_SWIFTC`, else `swiftc` on PATH, else
    /// /opt/swift/usr/bin/swiftc) and the modules (`LOADERLAB_PREVIEW_MODULES`, else `Modules`
    /// next to the executable, where SwiftPM puts them). Throws naming what is missing.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> PreviewToolchain {
        let fm = FileManager.default
        var candidates: [String] = []
        if let c = environment["LOADERLAB_SWIFTC"], !c.isEmpty { candidates.append(c) }
        for dir in (environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(dir) + "/swiftc")
        }
        candidates.append("/opt/swift/usr/bin/swiftc")
        guard let compiler = candidates.first(where: { fm.isExecutableFile(atPath: $0) }) else {
            throw Missing(
                description: "no Swift compiler: swiftc is not on PATH (or set LOADERLAB_SWIFTC)")
        }
        let modules: String
        if let m = environment["LOADERLAB_PREVIEW_MODULES"], !m.isEmpty {
            modules = m
        } else {
            let exe =
                (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            modules = (exe as NSString).deletingLastPathComponent + "/Modules"
        }
        guard fm.fileExists(atPath: modules + "/UIKit.swiftmodule") else {
            throw Missing(
                description:
                    "the UIKit module built with loaderlab is not in \(modules): run `make` in the "
                    + "LoaderLab folder")
        }
        return PreviewToolchain(compiler: compiler, modules: modules)
    }
}
