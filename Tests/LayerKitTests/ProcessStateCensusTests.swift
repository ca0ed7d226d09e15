import Foundation
import Testing

/// Process-wide mutable state is written down: every declaration of it in `Sources` has a row in
/// ARCHITECTURE.md's "Process-wide state" table, which says why it is the process's and not a
/// scene's, a tile's or a window's, and every row names a declaration that exists. State that
/// belongs to a scene goes on the scene (`Scene.attachment`), so a new static that is not in the
/// table fails here until it is moved or its row is written.
///
/// What counts (`ProcessStateCensus.declarations(in:)`), read line by line outside comments and
/// string literals:
/// - a stored `static var` (with `weak`/`unowned`), that is one with an initial value or with
///   no accessor block: `static var x: T { … }` is computed, a protocol's `{ get }` too;
/// - a `static let` of a lock or a locked box (`Mutex`, `Locked`, `NSLock`) and a `shared`
///   instance;
/// - a stored `var` at file scope.
///
/// A `@TaskLocal` is bound to a call, not the process, and is left out. The sources and the
/// page are read from the repository (three folders above this file); nothing is run.
@Suite struct ProcessStateCensusTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LayerKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the repository

    /// One declaration: the file's name and the declared name.
    struct Declaration: Hashable, CustomStringConvertible {
        let file: String
        let name: String
        var description: String { "\(file): \(name)" }
    }

    @Test func everyProcessWideDeclarationIsInTheArchitecturePage() throws {
        let sources = Self.repository.appendingPathComponent("Sources")
        var found: Set<Declaration> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for name in ProcessStateCensus.declarations(in: text) {
                found.insert(Declaration(file: url.lastPathComponent, name: name))
            }
        }
        let page = try String(
            contentsOf: Self.repository.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let listed = ProcessStateCensus.rows(in: page)
        #expect(!found.isEmpty && !listed.isEmpty)
        let unlisted = found.subtracting(listed).sorted { $0.description < $1.description }
        let gone = listed.subtracting(found).sorted { $0.description < $1.description }
        #expect(unlisted.isEmpty, "not in ARCHITECTURE.md's process-wide table: \(unlisted)")
        #expect(gone.isEmpty, "in ARCHITECTURE.md's table but not declared: \(gone)")
    }

    /// The reading itself, on a source with each kind of line.
    @Test func storedStaticsLocksAndGlobalsCountComputedOnesDoNot() {
        let source = #"""
            // static var commented = 0
            /// static var documented = 0
            enum State {
                nonisolated(unsafe) static var count = 0
                nonisolated(unsafe) static var optional: String?
                nonisolated(unsafe) static weak var owner: AnyObject?
                static var computed: Int { count + 1 }
                static var requirement: Int { get }
                static var reporter: (String) -> Void = { _ in }
                private static let lock = NSLock()
                static let box = Mutex<Int>(0)
                static let registry: Locked<Set<Int>> = Locked([])
                public static let shared = State()
                static let constant = 3
                @TaskLocal static var bound: Int?
                let message = "have `static var previews: [LoaderPreview]`"
            }
            var global = 1
            public var globalComputed: Float { 1 }
            let text = """
                static var insideAString = 0
                """
            """#
        #expect(
            ProcessStateCensus.declarations(in: source)
                == ["count", "optional", "owner", "reporter", "lock", "box", "registry", "shared", "global"])
    }

    /// Rows name the file in the first column and the declarations, as `Type.name`, in the second.
    @Test func rowsAreReadFromTheirSectionOnly() {
        let page = """
            ## Process-wide state

            | File | State | Why |
            |---|---|---|
            | `A.swift` | `A.one`, `A.two` | a reason |
            | `B.swift` | `global` | another |

            ## Next

            | `C.swift` | `C.three` | not in the section |
            """
        #expect(
            ProcessStateCensus.rows(in: page)
                == [
                    Declaration(file: "A.swift", name: "one"), Declaration(file: "A.swift", name: "two"),
                    Declaration(file: "B.swift", name: "global"),
                ])
    }
}

/// Finds process-wide state in Swift source and in the architecture page's table
/// (`ProcessStateCensusTests`).
enum ProcessStateCensus {
    /// The names of the process-wide declarations in `source`, in order.
    static func declarations(in source: String) -> [String] {
        var names: [String] = []
        var inMultilineString = false
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            if inMultilineString || quotes > 0 {
                if quotes % 2 == 1 { inMultilineString.toggle() }
                continue
            }
            let code = withoutStrings(line)
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || trimmed.contains("@TaskLocal") { continue }
            if let name = storedStatic(in: trimmed) ?? lockOrShared(in: trimmed) {
                names.append(name)
            } else if !code.hasPrefix(" "), let name = storedGlobal(in: trimmed) {
                names.append(name)
            }
        }
        return names
    }

    /// The line with its string literals emptied.
    static func withoutStrings(_ line: String) -> String {
        line.replacingOccurrences(of: #""(?:[^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
    }

    /// `name` when `line` declares a stored static variable.
    static func storedStatic(in line: String) -> String? {
        guard let match = line.range(of: #"\bstatic (weak |unowned )?var \w+"#, options: .regularExpression)
        else { return nil }
        return storedName(line, match)
    }

    /// `name` when `line` declares a stored variable at file scope.
    static func storedGlobal(in line: String) -> String? {
        let pattern = #"^((public|private|fileprivate|package|internal|nonisolated\(unsafe\)) )*var \w+"#
        guard let match = line.range(of: pattern, options: .regularExpression) else { return nil }
        return storedName(line, match)
    }

    /// The declared name when the declaration `match` in `line` is stored: it has an initial
    /// value before any accessor block, or no accessor block.
    static func storedName(_ line: String, _ match: Range<String.Index>) -> String? {
        let rest = line[match.upperBound...]
        let brace = rest.firstIndex(of: "{")
        let equals = rest.firstIndex(of: "=")
        if let brace, equals.map({ $0 > brace }) ?? true { return nil }
        return line[match].split(separator: " ").last.map(String.init)
    }

    /// `name` when `line` declares a static lock, locked box or shared instance.
    static func lockOrShared(in line: String) -> String? {
        let pattern = #"\bstatic let (shared\b|\w+\s*(:\s*)?(=\s*)?(Mutex|Locked|NSLock)\b)"#
        guard let match = line.range(of: pattern, options: .regularExpression) else { return nil }
        let declared = line[match].dropFirst("static let ".count)
        return declared.prefix { $0.isLetter || $0.isNumber || $0 == "_" }.description
    }

    /// The declarations named in the "Process-wide state" section's table of `page`.
    static func rows(in page: String) -> Set<ProcessStateCensusTests.Declaration> {
        var rows: Set<ProcessStateCensusTests.Declaration> = []
        var inSection = false
        for line in page.split(separator: "\n") {
            if line.hasPrefix("## ") { inSection = line == "## Process-wide state" }
            guard inSection, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let file = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            for item in cells[1].split(separator: ",") {
                let qualified = item.trimmingCharacters(in: CharacterSet(charactersIn: "` "))
                let name = qualified.split(separator: ".").last.map(String.init) ?? qualified
                rows.insert(.init(file: file, name: name))
            }
        }
        return rows
    }
}
