import Foundation

/// The Swift files a preview is built from, and the preview providers in them.
///
/// Paths are files or folders; a folder stands for every `.swift` file below it, except
/// `Package.swift` manifests, hidden files, and what lies in hidden folders and in the folders
/// of build products and dependencies (`skippedFolders`: `.build`, `Pods`, `node_modules` …),
/// unless such a folder is itself one of the paths. Symbolic links are followed, each file is
/// taken by its real path once and each real folder is walked once, so a link loop ends and a
/// file reached through two links is compiled once; the walk stops with a `Problem` past
/// `maxFiles` files or `maxFolders` folders (a path as broad as `/usr` or a home folder).
///
/// Providers are found by reading the sources, not compiling them (as the first SwiftUI
/// previews were): a declaration
/// `struct|class|enum|actor|extension NAME … : … LoaderPreviewProvider … {` outside comments
/// and string literals. A provider nested in another type is found by its qualified name
/// (`Outer.Inner`); one inside a function is not visible and the build says so. This scan of
/// the text is what `collect` says "no providers" by; the build then takes the providers from
/// the Swift parser (`PreviewPreparer`), which finds them by the same rules, and falls back on
/// the scan's only when the parser cannot be had.
public struct PreviewSources: Equatable, Sendable {
    /// Every source file, by its real path (symbolic links resolved), sorted.
    public var files: [String]
    /// The provider types, qualified, in file order.
    public var providers: [String]
    /// The folders holding the sources: where `UIImage(named:)` looks and what is watched.
    public var folders: [String]
    /// The resources found beside the sources, by real path, sorted: what an iOS target copies
    /// into its bundle (`PreviewResources`), whole resource folders (`NAME.bundle`,
    /// `NAME.xcassets`, `LANG.lproj`, not walked into) and loose resource files (images, strings,
    /// property lists, JSON, fonts and sounds, by `resourceExtensions`; not `Info.plist`).
    public var resources: [String] = []

    /// The folders whose changes make a new build: those holding the sources, those holding
    /// loose resources, and each whole resource folder with the folders inside it (an asset
    /// catalogue keeps each image in a folder of its own), up to `maxFolders`; sorted.
    public var watchedFolders: [String] {
        var found = Set(folders)
        let files = FileManager.default
        for resource in resources {
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: resource, isDirectory: &isFolder) else { continue }
            found.insert((resource as NSString).deletingLastPathComponent)
            guard isFolder.boolValue else { continue }
            found.insert(resource)
            let inside = files.enumerator(atPath: resource)
            while let relative = inside?.nextObject() as? String, found.count < Self.maxFolders {
                let path = resource + "/" + relative
                if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    found.insert(path)
                }
            }
        }
        return found.sorted()
    }

    /// The most Swift files a preview is built from: past it the paths are taken as too broad
    /// and the walk stops there.
    public static let maxFiles = 500
    /// The most folders walked, for paths that hold few Swift files below very many folders.
    public static let maxFolders = 2_000
    /// Folders of build products, version control and dependency managers, skipped while
    /// walking (as every hidden folder is) unless named as a path themselves.
    public static let skippedFolders: Set<String> = [
        ".build", ".git", "Pods", "Carthage", "DerivedData", "node_modules",
    ]
    /// The folder kinds taken whole as resources, by extension.
    public static let resourceFolderExtensions: Set<String> = ["bundle", "xcassets", "lproj"]
    /// The files taken as resources, by extension (lower case).
    public static let resourceExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "pdf", "json", "strings", "stringsdict", "plist", "ttf", "otf",
        "caf", "wav", "mp3", "m4a", "aiff",
    ]

    /// What was found, for a caller to print: "12 Swift files in 3 folders".
    public var summary: String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let found = "\(count(files.count, "Swift file")) in \(count(folders.count, "folder"))"
        return resources.isEmpty ? found : found + ", \(count(resources.count, "resource"))"
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case missing(String)
        case notSwift(String)
        case unreadable(String)
        case noSources([String])
        case noProviders([String])
        /// The walk stopped at `seen` Swift files, past `limit` (`maxFiles`).
        case tooManyFiles([String], seen: Int, limit: Int)
        /// The walk stopped at `seen` folders, past `limit` (`maxFolders`).
        case tooManyFolders([String], seen: Int, limit: Int)

        public var description: String {
            let narrower =
                "name a narrower folder (the one holding your loader and its preview provider) or the files"
            return switch self {
            case .missing(let p): "\(p): no such file or folder"
            case .notSwift(let p): "\(p): not a Swift file (.swift) or a folder"
            case .unreadable(let p): "\(p): cannot be read"
            case .noSources(let ps): "no Swift files in \(ps.joined(separator: ", "))"
            case .noProviders(let ps):
                "no type conforming to LoaderPreviewProvider in \(ps.joined(separator: ", ")) "
                    + "(declare one: struct MyPreviews: LoaderPreviewProvider { static var previews… })"
            case .tooManyFiles(let ps, let seen, let limit):
                "stopped looking in \(ps.joined(separator: ", ")) at \(seen) Swift files, more than the "
                    + "\(limit) a preview is built from: \(narrower)"
            case .tooManyFolders(let ps, let seen, let limit):
                "stopped looking in \(ps.joined(separator: ", ")) at \(seen) folders, more than the "
                    + "\(limit) walked for a preview: \(narrower)"
            }
        }
    }

    /// The sources under `paths` (relative paths are taken from the working directory).
    public static func collect(_ paths: [String]) throws -> PreviewSources {
        let fm = FileManager.default
        var walk = Walk(paths: paths)
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: absolute, isDirectory: &isFolder) else {
                throw Problem.missing(path)
            }
            guard let real = realPath(absolute) else { throw Problem.unreadable(path) }
            if isFolder.boolValue {
                // Named explicitly: walked even when hidden or a skipped folder.
                try walk.walk(real)
            } else {
                guard absolute.hasSuffix(".swift") else { throw Problem.notSwift(path) }
                try walk.add(real)
            }
        }
        guard !walk.files.isEmpty else { throw Problem.noSources(paths) }
        let sorted = walk.files.sorted()
        var providers: [String] = []
        for file in sorted {
            guard let data = fm.contents(atPath: file) else { throw Problem.unreadable(file) }
            providers += providerTypes(in: String(decoding: data, as: UTF8.self))
        }
        guard !providers.isEmpty else { throw Problem.noProviders(paths) }
        let folders = Array(Set(sorted.map { ($0 as NSString).deletingLastPathComponent })).sorted()
        var sources = PreviewSources(files: sorted, providers: providers, folders: folders)
        sources.resources = walk.resources.sorted()
        return sources
    }

    /// The walk below the paths: the files found and the folders walked, both by real path.
    private struct Walk {
        let paths: [String]
        var files: Set<String> = []
        var visited: Set<String> = []
        var resources: Set<String> = []

        /// Counts a Swift file (by its real path), stopping past `maxFiles`.
        mutating func add(_ realFile: String) throws {
            files.insert(realFile)
            if files.count > PreviewSources.maxFiles {
                throw Problem.tooManyFiles(paths, seen: files.count, limit: PreviewSources.maxFiles)
            }
        }

        /// Walks the folder at `real` (a real path) and those below it not walked yet. Entries'
        /// types come from `readdir`, so only symbolic links (and file systems that do not say)
        /// cost a `stat`; a folder that cannot be read is passed over.
        mutating func walk(_ real: String) throws {
            var pending = [real]
            while let folder = pending.popLast() {
                guard visited.insert(folder).inserted else { continue }
                if visited.count > PreviewSources.maxFolders {
                    throw Problem.tooManyFolders(paths, seen: visited.count, limit: PreviewSources.maxFolders)
                }
                for (name, kind) in PreviewSources.entries(of: folder) where !name.hasPrefix(".") {
                    let path = folder == "/" ? "/" + name : folder + "/" + name
                    switch kind {
                    case .folder:
                        if PreviewSources.isResourceFolder(name) {
                            resources.insert(path)
                        } else if !PreviewSources.skippedFolders.contains(name) {
                            pending.append(path)
                        }
                    case .file:
                        if name.hasSuffix(".swift"), name != "Package.swift" {
                            try add(path)
                        } else if PreviewSources.isResourceFile(name) {
                            resources.insert(path)
                        }
                    case .link:
                        // Followed to where it leads; the link's own name decides as above.
                        var info = stat()
                        guard stat(path, &info) == 0, let target = PreviewSources.realPath(path) else {
                            continue  // dangling, or not ours to read
                        }
                        if info.st_mode & S_IFMT == S_IFDIR {
                            if PreviewSources.isResourceFolder(name) {
                                resources.insert(target)
                            } else if !PreviewSources.skippedFolders.contains(name), !visited.contains(target)
                            {
                                pending.append(target)
                            }
                        } else if info.st_mode & S_IFMT == S_IFREG, name.hasSuffix(".swift"),
                            name != "Package.swift", target.hasSuffix(".swift")
                        {
                            try add(target)
                        } else if info.st_mode & S_IFMT == S_IFREG, PreviewSources.isResourceFile(name) {
                            resources.insert(target)
                        }
                    case .other:
                        continue
                    }
                }
            }
        }
    }

    private enum EntryKind { case folder, file, link, other }

    /// Whether a folder of this name is a resource taken whole (`Arrows.xcassets`).
    static func isResourceFolder(_ name: String) -> Bool {
        resourceFolderExtensions.contains((name as NSString).pathExtension)
    }

    /// Whether a file of this name is a resource (`arrow@2x.png`; not `Info.plist`, which a
    /// target's build reads rather than copies).
    static func isResourceFile(_ name: String) -> Bool {
        name != "Info.plist" && resourceExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// The names in `folder` (without `.` and `..`) and what each is; none if it cannot be read.
    private static func entries(of folder: String) -> [(String, EntryKind)] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var found: [(String, EntryKind)] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard name != ".", name != ".." else { continue }
            let kind: EntryKind =
                switch Int(entry.pointee.d_type) {
                case Int(DT_DIR): .folder
                case Int(DT_REG): .file
                case Int(DT_LNK), Int(DT_UNKNOWN): .link  // resolved with stat
                default: .other
                }
            found.append((name, kind))
        }
        return found
    }

    /// `path` with every symbolic link, `.` and `..` resolved; nil if a part cannot be read.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The qualified names of the types in `source` declared (or extended) as conforming to
    /// `LoaderPreviewProvider`.
    static func providerTypes(in source: String) -> [String] {
        let code = SourceText.code(source)
        // Type declarations with their inheritance clause, and the braces that nest them.
        let pattern =
            #"\b(struct|class|enum|actor|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)\s*(<[^>{]*>)?\s*(:[^{]*)?\{|\{|\}"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = code as NSString
        // One entry per open brace: the type it opens, if any.
        var scopes: [String?] = []
        var found: [String] = []
        for match in regex.matches(in: code, range: NSRange(location: 0, length: ns.length)) {
            let text = ns.substring(with: match.range)
            if text == "}" {
                _ = scopes.popLast()
                continue
            }
            guard match.range(at: 2).location != NSNotFound else {
                scopes.append(nil)
                continue
            }
            let name = ns.substring(with: match.range(at: 2))
            // `class var`, `class func`: a member, not a type.
            guard !["var", "let", "func", "subscript", "init", "deinit"].contains(name) else {
                scopes.append(nil)
                continue
            }
            // A type is visible by its qualified name only when every enclosing scope is a type.
            let enclosing = scopes.allSatisfy { $0 != nil } ? scopes.compactMap { $0 } : nil
            let qualified = enclosing.map { ($0 + [name]).joined(separator: ".") }
            scopes.append(qualified ?? "")
            guard match.range(at: 4).location != NSNotFound else { continue }
            let inherits = ns.substring(with: match.range(at: 4))
            let conforms = inherits.split(whereSeparator: { ",:& \n\t\r".contains($0) })
                .contains { $0 == "LoaderPreviewProvider" }
            if conforms { found.append(qualified ?? name) }
        }
        return found
    }
}

/// Swift source with comments and string literals blanked out (same length, newlines kept), for
/// scanning declarations without being fooled by text.
enum SourceText {
    static func code(_ source: String) -> String {
        var out: [UInt8] = []
        let s = Array(source.utf8)
        out.reserveCapacity(s.count)
        var i = 0
        var blockDepth = 0
        func blank(_ c: UInt8) { out.append(c == UInt8(ascii: "\n") ? c : UInt8(ascii: " ")) }
        while i < s.count {
            let c = s[i]
            let next = i + 1 < s.count ? s[i + 1] : 0
            if blockDepth > 0 {
                if c == UInt8(ascii: "*"), next == UInt8(ascii: "/") {
                    blockDepth -= 1
                    out += [32, 32]
                    i += 2
                } else if c == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                    blockDepth += 1
                    out += [32, 32]
                    i += 2
                } else {
                    blank(c)
                    i += 1
                }
            } else if c == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while i < s.count, s[i] != UInt8(ascii: "\n") {
                    blank(s[i])
                    i += 1
                }
            } else if c == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                blockDepth = 1
                out += [32, 32]
                i += 2
            } else if c == UInt8(ascii: "\"") {
                // A string literal: "…", or a multi-line """…""" (escapes skipped; an
                // interpolation's braces are blanked with the rest).
                let triple = i + 2 < s.count && s[i + 1] == c && s[i + 2] == c
                let quote = triple ? 3 : 1
                for _ in 0..<quote {
                    blank(s[i])
                    i += 1
                }
                while i < s.count {
                    if s[i] == UInt8(ascii: "\\") {
                        blank(s[i])
                        if i + 1 < s.count { blank(s[i + 1]) }
                        i += 2
                        continue
                    }
                    if s[i] == c, !triple || (i + 2 < s.count && s[i + 1] == c && s[i + 2] == c) {
                        for _ in 0..<quote {
                            blank(s[i])
                            i += 1
                        }
                        break
                    }
                    if !triple, s[i] == UInt8(ascii: "\n") { break }
                    blank(s[i])
                    i += 1
                }
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
