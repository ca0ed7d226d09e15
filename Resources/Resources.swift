import Foundation

/// The bundled image resources.
public enum LoaderLabResources {
    /// The path of a bundled image, e.g. `imagePath("airplane.png")`, or nil when missing.
    public static func imagePath(_ name: String) -> String? {
        guard let images = imagesDirectory else { return nil }
        let path = images + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The bundled `images` folder. SwiftPM copies the resource bundle next to the
    /// executables that use it, and that is looked at first: `Bundle.module` looks there too,
    /// but making Foundation's bundle for it costs about a millisecond of the window's start.
    /// Anywhere else (a program moved away from its build) `Bundle.module` decides.
    static let imagesDirectory: String? = {
        if let executable = executablePath {
            let beside = directory(of: executable) + "/" + bundleName + "/images"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: beside, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                return beside
            }
        }
        return Bundle.module.url(forResource: "images", withExtension: nil)?.path
    }()

    /// SwiftPM's name for this target's resource bundle: the package's name and the target's.
    static let bundleName = "LoaderLab_LoaderLabResources.resources"

    /// The running program's own file (Linux: `/proc/self/exe`), or nil if it cannot be read.
    static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` without its last component ("/" for a file at the root).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
