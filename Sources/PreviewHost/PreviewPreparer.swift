import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Readies a preview's sources for the Swift compiler on Linux, and finds their
/// `LoaderPreviewProvider` types, with the toolchain's own Swift parser.
///
/// iOS code uses shapes Swift refuses without the Objective-C runtime: overrides declared in
/// extensions, `@objc`, `@IBOutlet`, `#selector`, `#keyPath`. The preparer rewrites them in
/// copies of the files it changes (README, "iOS code: what is rewritten"); a file it does not
/// change is compiled as it is. Each copy begins with `#sourceLocation` naming the original and
/// keeps its lines, so the compiler's messages and the debug information a crash report reads
/// name the user's own file and line; the few replacements longer than what they replace are
/// listed (`ColumnShift`), and the builder moves the compiler's columns back through them.
///
/// The parser is SwiftParser, which ships with the toolchain as host libraries for macros
/// (`usr/lib/swift/host`: `.swiftinterface` modules and `libSwiftParser.so` …). The preparer is
/// a small program (`PreviewPreparer.programSource`) that `swiftc` builds against them on first
/// use, once per toolchain and program text (~10 s), into a cache (`$LOADERLAB_CACHE`, else
/// `$XDG_CACHE_HOME/loaderlab`, else `~/.cache/loaderlab`) shared by every `loaderlab`; each
/// build then runs it once over all the files. When it cannot be built (no host libraries, no
/// cache) or fails, the build says so once and goes on as before: the providers found by
/// scanning the text (`PreviewSources.providerTypes`), the sources compiled as they are.
public final class PreviewPreparer: @unchecked Sendable {
    /// What the preparer made of the sources.
    public struct Preparation: Equatable, Sendable {
        /// The provider types, qualified, in file order.
        public var providers: [String]
        /// The prepared copy of each file that needed one, by the file's path.
        public var prepared: [String: String]
        /// The replacements that changed a line's length, by file and line.
        public var columnShifts: [String: [Int: [ColumnShift]]]
        /// The `CALayer` subclasses of the sources, in file order.
        public var layerClasses: [LayerClass] = []
        /// The functions the prepared copies declare that register their layer classes with
        /// QuartzCore (`CALayer.register`), to be called before the previews are made.
        public var registrars: [String] = []

        /// The files to compile in place of `files`.
        public func compiled(_ files: [String]) -> [String] {
            files.map { prepared[$0] ?? $0 }
        }

        /// `column` on `line` of `file` in the prepared copy, as a column of the original.
        public func originalColumn(file: String, line: Int, column: Int) -> Int {
            guard let shifts = columnShifts[file]?[line] else { return column }
            var moved = 0
            for s in shifts.sorted(by: { $0.column < $1.column }) {
                let start = s.column + moved
                if column < start { break }
                // Inside the replacement: its start.
                if column < start + s.newLength { return s.column }
                moved += s.newLength - s.oldLength
            }
            return column - moved
        }

        /// `d` moved back to the original file and column.
        public func original(_ d: PreviewDiagnostic) -> PreviewDiagnostic {
            var d = d
            if let file = prepared.first(where: { $0.value == d.file })?.key { d.file = file }
            d.column = originalColumn(file: d.file, line: d.line, column: d.column)
            return d
        }

        /// The compiler's output with each message's location moved back as `original(_:)`
        /// moves it (the source lines and carets under them are the prepared copy's).
        public func originalOutput(_ output: String) -> String {
            output.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                guard let d = PreviewDiagnostic.parse(String(line)).first else { return String(line) }
                let o = original(d)
                guard o != d else { return String(line) }
                return o.description
            }.joined(separator: "\n")
        }
    }

    /// A `CALayer` subclass of the sources (through classes of the sources), and whether it has
    /// an `init()` and an `init(layer:)` that its file's top level can call, by Swift's rules of
    /// initialiser inheritance: what its registration gives QuartzCore to make it with.
    public struct LayerClass: Equatable, Sendable {
        /// Its name, qualified when nested.
        public var name: String
        /// The file declaring it.
        public var file: String
        public var hasInit: Bool
        public var hasCopyInit: Bool
    }

    /// A replacement on one line: `oldLength` bytes at `column` became `newLength` bytes.
    public struct ColumnShift: Equatable, Sendable {
        public var column: Int
        public var oldLength: Int
        public var newLength: Int
    }

    public enum Outcome: Sendable {
        case prepared(Preparation)
        /// The parser cannot be had (or failed): why.
        case unavailable(String)
        /// A newer build cancelled this one.
        case cancelled
    }

    /// `swiftc`.
    public let compiler: String
    /// The toolchain's host libraries (`…/lib/swift/host`), or why there are none.
    let hostLibraries: Result<String, Unavailable>
    /// Where the built program is kept, or nil to build it into `scratch` for this process.
    let cacheFolder: String?
    /// A folder of this process's own, for a program that cannot be cached.
    let scratch: String
    /// Progress worth a line on standard error (the first build takes a while).
    let log: @Sendable (String) -> Void

    private let lock = NSLock()
    private var program: Result<String, Unavailable>?
    private let building = NSLock()

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// A preparer for `compiler`'s toolchain. `LOADERLAB_SWIFT_HOST_LIBS` names the host
    /// libraries' folder instead of the one beside the compiler; `LOADERLAB_CACHE` the cache.
    public init(
        compiler: String, scratch: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.compiler = compiler
        self.scratch = scratch
        self.log = log
        hostLibraries = Self.hostLibraries(compiler: compiler, environment: environment)
        cacheFolder = Self.cacheFolder(environment)
    }

    /// The folder holding SwiftParser's module and library for `compiler`.
    static func hostLibraries(compiler: String, environment: [String: String]) -> Result<String, Unavailable>
    {
        let folder: String
        if let given = environment["LOADERLAB_SWIFT_HOST_LIBS"], !given.isEmpty {
            folder = given
        } else {
            // swiftc is a link to swift-frontend in the toolchain's bin folder.
            let real = realPath(compiler) ?? compiler
            let bin = (real as NSString).deletingLastPathComponent
            folder = ((bin as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
                "lib/swift/host")
        }
        let fm = FileManager.default
        for needed in [
            "SwiftParser.swiftmodule", "SwiftSyntax.swiftmodule", "libSwiftParser.so", "libSwiftSyntax.so",
        ]
        where !fm.fileExists(atPath: folder + "/" + needed) {
            return .failure(
                Unavailable(description: "the toolchain has no SwiftParser (\(folder)/\(needed) is missing)"))
        }
        return .success(folder)
    }

    static func cacheFolder(_ environment: [String: String]) -> String? {
        if let c = environment["LOADERLAB_CACHE"], !c.isEmpty { return c }
        if let x = environment["XDG_CACHE_HOME"], x.hasPrefix("/") { return x + "/loaderlab" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/loaderlab" }
        return nil
    }

    /// Prepares `files` into `folder` (made if missing) with the program run by `child`, which
    /// a newer build may cancel.
    func prepare(_ files: [String], into folder: String, child: ChildProcess) -> Outcome {
        let program: String
        switch builtProgram() {
        case .success(let p): program = p
        case .failure(let why): return .unavailable(why.description)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return .unavailable("cannot make \(folder): \(error)")
        }
        let result: ChildProcess.Result
        do {
            result = try child.run(program, [folder] + files)
        } catch {
            return .unavailable("\(error)")
        }
        if result.wasCancelled { return .cancelled }
        guard result.status == 0 else {
            let last = result.output.split(separator: "\n").suffix(8).joined(separator: "\n")
            return .unavailable("the source preparer failed (status \(result.status)):\n\(last)")
        }
        return .prepared(Self.read(result.output, files: files, folder: folder))
    }

    /// The preparation the program's report describes (see `programSource`).
    static func read(_ report: String, files: [String], folder: String) -> Preparation {
        var p = Preparation(providers: [], prepared: [:], columnShifts: [:])
        for line in report.split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch f.first {
            case "provider" where f.count == 2:
                p.providers.append(f[1])
            case "prepared" where f.count == 2:
                guard let i = Int(f[1]), files.indices.contains(i) else { continue }
                p.prepared[files[i]] = folder + "/\(i)/" + (files[i] as NSString).lastPathComponent
            case "layer" where f.count == 5:
                guard let i = Int(f[1]), files.indices.contains(i) else { continue }
                p.layerClasses.append(
                    LayerClass(name: f[2], file: files[i], hasInit: f[3] == "1", hasCopyInit: f[4] == "1"))
            case "registrar" where f.count == 2:
                p.registrars.append(f[1])
            case "column" where f.count == 6:
                let n = f.dropFirst().compactMap { Int($0) }
                guard n.count == 5, files.indices.contains(n[0]) else { continue }
                p.columnShifts[files[n[0]], default: [:]][n[1], default: []].append(
                    ColumnShift(column: n[2], oldLength: n[3], newLength: n[4]))
            default:
                continue
            }
        }
        return p
    }

    // MARK: - The program

    /// The program's path, built if need be (once per process at most: a failure is kept).
    func builtProgram() -> Result<String, Unavailable> {
        building.lock()
        defer { building.unlock() }
        if let program = lock.withLock({ program }) { return program }
        let built = buildProgram()
        lock.withLock { program = built }
        return built
    }

    /// How the program is compiled. Unoptimised: it builds in three quarters of the time and
    /// runs as fast, its time being SwiftParser's (optimised in the toolchain).
    static let buildFlags = ["-Onone", "-swift-version", "5"]

    /// The cache key: the program's text, its flags and the toolchain it is built with.
    func key(hostLibraries: String) -> String {
        var text =
            Self.programSource + "\u{0}" + Self.buildFlags.joined(separator: " ") + "\u{0}"
            + (Self.realPath(compiler) ?? compiler) + "\u{0}" + hostLibraries
        for file in [
            Self.realPath(compiler) ?? compiler, hostLibraries + "/libSwiftSyntax.so",
            hostLibraries + "/libSwiftParser.so",
        ] {
            var info = stat()
            if stat(file, &info) == 0 {
                text += "\u{0}\(info.st_size) \(info.st_mtim.tv_sec) \(info.st_mtim.tv_nsec)"
            }
        }
        // FNV-1a, 64 bits: stable across processes (Hasher is not).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private func buildProgram() -> Result<String, Unavailable> {
        let host: String
        switch hostLibraries {
        case .success(let h): host = h
        case .failure(let why): return .failure(why)
        }
        let name = "loaderlab-prepare-" + key(hostLibraries: host)
        let fm = FileManager.default
        var folder = scratch
        if let cacheFolder,
            (try? fm.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)) != nil,
            fm.isWritableFile(atPath: cacheFolder)
        {
            folder = cacheFolder
        }
        let binary = folder + "/" + name
        if fm.isExecutableFile(atPath: binary) { return .success(binary) }
        // One build at a time among every loaderlab sharing the cache: the others wait, then
        // find it built.
        let lockFile = open(folder + "/loaderlab-prepare.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if lockFile >= 0 {
            while flock(lockFile, LOCK_EX) != 0, errno == EINTR {}
        }
        defer { if lockFile >= 0 { close(lockFile) } }
        if fm.isExecutableFile(atPath: binary) { return .success(binary) }

        log("building the Swift source preparer against \(host) (once for this toolchain)…")
        let started = Date()
        let work = folder + "/build-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? fm.removeItem(atPath: work) }
        do {
            try fm.createDirectory(atPath: work, withIntermediateDirectories: true)
            try Self.programSource.write(toFile: work + "/main.swift", atomically: false, encoding: .utf8)
        } catch {
            return .failure(Unavailable(description: "cannot write the source preparer in \(work): \(error)"))
        }
        let arguments =
            Self.buildFlags + [
                "-module-name", "LoaderLabPrepare", "-I", host, "-L", host,
                "-Xlinker", "-rpath", "-Xlinker", host, "-module-cache-path", work + "/ModuleCache",
                work + "/main.swift", "-o", work + "/" + name,
            ]
        let result: ChildProcess.Result
        do {
            result = try ChildProcess().run(compiler, arguments)
        } catch {
            return .failure(Unavailable(description: "cannot build the source preparer: \(error)"))
        }
        guard result.status == 0 else {
            let last = result.output.split(separator: "\n").prefix(12).joined(separator: "\n")
            return .failure(Unavailable(description: "the source preparer does not build:\n\(last)"))
        }
        guard rename(work + "/" + name, binary) == 0 else {
            return .failure(
                Unavailable(
                    description:
                        "cannot put the source preparer in \(folder): \(String(cString: strerror(errno)))"))
        }
        let seconds = (Date().timeIntervalSince(started) * 10).rounded() / 10
        log("built the Swift source preparer in \(seconds) s: \(binary)")
        return .success(binary)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
