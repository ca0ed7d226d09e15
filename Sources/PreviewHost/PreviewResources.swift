import Foundation

/// The resources of a preview's sources, laid out as an iOS target's bundle lays them out: each
/// resource folder (`Header.bundle`, `Assets.xcassets`, `en.lproj`) and loose resource file
/// (`arrow@2x.png`) found beside the sources (`PreviewSources.resources`) at the top of one
/// folder, by its own name. Xcode copies a target's resources so, flattening the folders they
/// were in; the preview's `Bundle(for:)` is this folder (UIKit's Bundle+Resources.swift).
///
/// Entries are symbolic links to the originals, so the folder costs nothing and an edited image
/// is seen by the next preview process. Two resources of one name would collide in a bundle
/// (Xcode refuses the build); here the first in path order is linked and the others are named
/// in `Assembly.duplicates`.
enum PreviewResources {
    struct Assembly: Equatable {
        /// The folder, or nil when there were no resources (none is made).
        var folder: String?
        /// Resources left out because an earlier one has their name, with the one linked.
        var duplicates: [(left: String, kept: String)]

        static func == (a: Assembly, b: Assembly) -> Bool {
            a.folder == b.folder && a.duplicates.elementsEqual(b.duplicates) { $0 == $1 }
        }
    }

    /// Links `resources` (real paths) into a new folder at `folder`; makes nothing if there are
    /// none. Throws if the folder or a link cannot be made.
    static func assemble(_ resources: [String], into folder: String) throws -> Assembly {
        guard !resources.isEmpty else { return Assembly(folder: nil, duplicates: []) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var linked: [String: String] = [:]
        var duplicates: [(left: String, kept: String)] = []
        for resource in resources.sorted() {
            let name = (resource as NSString).lastPathComponent
            if let kept = linked[name] {
                duplicates.append((resource, kept))
                continue
            }
            try fm.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: resource)
            linked[name] = resource
        }
        return Assembly(folder: folder, duplicates: duplicates)
    }
}
