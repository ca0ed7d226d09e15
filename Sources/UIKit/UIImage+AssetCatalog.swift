import Foundation

/// Images in asset catalogues, as `UIImage(named:)` finds them in an app's compiled catalogue.
///
/// Here the catalogue is read as written: a folder `NAME.xcassets` whose image sets are folders
/// `NAME.imageset` (at any depth: groups are folders) with a `Contents.json` listing the set's
/// files, each with its `scale` ("1x", "2x", "3x"). The set's image for the screen's scale is
/// taken, else the nearest larger, else the largest; a file without a scale (a single-scale or
/// vector set) counts as 1x. Deviations: PNG files only (a PDF or SVG entry is passed over), no
/// appearances, idioms, namespaces or slicing.
extension UIImage {
    /// The file and scale of the image set `name` in an asset catalogue directly in `folder`,
    /// for a screen of `screenScale`; nil when there is none.
    @_spi(LoaderLabHost) public static func assetCatalogImage(
        named name: String, in folder: String, screenScale: Double = Double(UIScreen.main.scale)
    ) -> (path: String, scale: Double)? {
        let fm = FileManager.default
        guard let entries = try? fm.contentsOfDirectory(atPath: folder) else { return nil }
        for catalogue in entries.sorted() where catalogue.hasSuffix(".xcassets") {
            if let set = imageSet(named: name, below: folder + "/" + catalogue),
                let found = bestImage(inSet: set, screenScale: screenScale)
            {
                return found
            }
        }
        return nil
    }

    /// The folder `name.imageset` below `folder`, searched breadth first.
    private static func imageSet(named name: String, below folder: String) -> String? {
        let fm = FileManager.default
        var pending = [folder]
        while !pending.isEmpty {
            let current = pending.removeFirst()
            guard let entries = try? fm.contentsOfDirectory(atPath: current) else { continue }
            for entry in entries.sorted() {
                let path = current + "/" + entry
                if entry == name + ".imageset" { return path }
                var isFolder: ObjCBool = false
                if fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                    !entry.hasSuffix(".imageset")
                {
                    pending.append(path)
                }
            }
        }
        return nil
    }

    /// The set's PNG for the screen's scale, else the nearest larger, else the largest.
    private static func bestImage(inSet set: String, screenScale wanted: Double) -> (
        path: String, scale: Double
    )? {
        guard let data = FileManager.default.contents(atPath: set + "/Contents.json"),
            let contents = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let images = contents["images"] as? [[String: Any]]
        else { return nil }
        let files: [(path: String, scale: Double)] = images.compactMap { image in
            guard let file = image["filename"] as? String, file.lowercased().hasSuffix(".png") else {
                return nil
            }
            let written = (image["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
            return (set + "/" + file, written)
        }
        let larger = files.filter { $0.scale >= wanted }.min { $0.scale < $1.scale }
        return larger ?? files.max { $0.scale < $1.scale }
    }
}
