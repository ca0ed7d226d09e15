import Foundation

/// The bundled image resources.
public enum LoaderLabResources {
    /// The path of a bundled image, e.g. `imagePath("airplane.png")`, or nil when missing.
    public static func imagePath(_ name: String) -> String? {
        let url = Bundle.module.url(forResource: "images", withExtension: nil)?
            .appendingPathComponent(name)
        guard let url, FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url.path
    }
}
