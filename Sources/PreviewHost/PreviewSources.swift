import Foundation

/// The Swift files a preview is built from, and the preview providers in them.
///
/// Paths are files or folders; a folder stands for every `.swift` file below it, except in
/// hidden folders and SwiftPM's `.build`, and except `Package.swift` manifests. Providers are
/// found by reading the sources, not compiling them (as the first SwiftUI previews were): a
/// declaration `struct|class|enum|actor|extension NAME … : … LoaderPreviewProvider … {` outside
/// comments and string literals. A provider nested in another type is found by its qualified
/// name (`Outer.Inner`); one inside a function is not visible and the build says so.
public struct PreviewSources: Equatable, Sendable {
    /// Every source file, absolute and sorted.
    public var files: [String]
    /// The provider types, qualified, in file order.
    public var providers: [String]
    /// The folders holding the sources: where `UIImage(named:)` looks and what is watched.
    public var folders: [String]

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case missing(String)
        case notSwift(String)
        case unreadable(String)
        case noSources([String])
        case noProviders([String])

        public var description: String {
            switch self {
            case .missing(let p): "\(p): no such file or folder"
            case .notSwift(let p): "\(p): not a Swift file (.swift) or a folder"
            case .unreadable(let p): "\(p): cannot be read"
            case .noSources(let ps): "no Swift files in \(ps.joined(separator: ", "))"
            case .noProviders(let ps):
                "no type conforming to LoaderPreviewProvider in \(ps.joined(separator: ", ")) "
                    + "(declare one: struct MyPreviews: LoaderPreviewProvider { static var previews… })"
            }
        }
    }

    /// The sources under `paths` (relative paths are taken from the working directory).
    public static func collect(_ paths: [String]) throws -> PreviewSources {
        let fm = FileManager.default
        var files: Set<String> = []
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: absolute, isDirectory: &isFolder) else {
                throw Problem.missing(path)
            }
            if isFolder.boolValue {
                files.formUnion(swiftFiles(under: absolute))
            } else {
                guard absolute.hasSuffix(".swift") else { throw Problem.notSwift(path) }
                files.insert(absolute)
            }
        }
        guard !files.isEmpty else { throw Problem.noSources(paths) }
        let sorted = files.sorted()
        var providers: [String] = []
        for file in sorted {
            guard let data = fm.contents(atPath: file) else { throw Problem.unreadable(file) }
            providers += providerTypes(in: String(decoding: data, as: UTF8.self))
        }
        guard !providers.isEmpty else { throw Problem.noProviders(paths) }
        let folders = Array(Set(sorted.map { ($0 as NSString).deletingLastPathComponent })).sorted()
        return PreviewSources(files: sorted, providers: providers, folders: folders)
    }

    private static func swiftFiles(under folder: String) -> [String] {
        var found: [String] = []
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else { return [] }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                found += swiftFiles(under: path)
            } else if name.hasSuffix(".swift"), name != "Package.swift" {
                found.append(path)
            }
        }
        return found
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
