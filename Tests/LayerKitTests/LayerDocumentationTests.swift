import Foundation
import LayerKit
import Testing

/// Every property of the tables (`LayerTable`, `ShapeTable`, `GradientTable`, `TextTable`,
/// `ReplicatorTable`) is documented where it is stored, as Core Animation's headers document
/// theirs: the `///` comment above its field in the group struct gives its default ("Defaults
/// to …") and says "Animatable." exactly when the table makes it animatable ("Not animatable."
/// otherwise), and that a change "animates implicitly" exactly when the table says so. A field
/// added to a table without such a comment fails here. The sources are read from the
/// repository (three folders above this file); nothing is run.
@Suite struct LayerDocumentationTests {
    @Test func layerPropertiesAreDocumented() throws {
        try checkDocumentation(of: LayerTable.all)
    }

    @Test func shapePropertiesAreDocumented() throws {
        try checkDocumentation(of: ShapeTable.all)
    }

    @Test func gradientPropertiesAreDocumented() throws {
        try checkDocumentation(of: GradientTable.all)
    }

    @Test func textPropertiesAreDocumented() throws {
        try checkDocumentation(of: TextTable.all)
    }

    @Test func replicatorPropertiesAreDocumented() throws {
        try checkDocumentation(of: ReplicatorTable.all)
    }

    /// The reading itself: a field without a comment has none, a comment is read across its
    /// lines, and a field of the same name in another struct is not taken for it.
    @Test func docCommentsAreReadFromTheirStructOnly() {
        let source = """
            /// Not a struct Group.
            public struct Other {
                /// Defaults to 2. Not
                /// animatable.
                public var width: Double = 2
            }

            /// The group.
            public struct Group: Hashable {
                /// Defaults to 1. Animatable.
                public var width: Double = 1
                public var height = 0.0
                struct Inner {
                    /// Defaults to 3. Animatable.
                    var depth = 3
                }
                public var depth: Int {
                    get { 0 }
                }
            }
            """
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let other = Self.fieldDocumentation(of: "Other", in: lines)
        #expect(other["width"] == "Defaults to 2. Not animatable.")
        let group = Self.fieldDocumentation(of: "Group", in: lines)
        #expect(group["width"] == "Defaults to 1. Animatable.")
        #expect(group["height"] == "")
        #expect(group["depth"] == "")
        #expect(Self.fieldDocumentation(of: "Missing", in: lines).isEmpty)
    }

    // MARK: Checking a table

    func checkDocumentation<Group: LayerPropertyGroup>(of entries: [LayerPropertyEntry<Group>]) throws {
        let group = String(describing: Group.self)
        let fields = try Self.fieldDocumentation(of: group)
        #expect(!fields.isEmpty, "no struct \(group) with fields in Sources/LayerKit")
        #expect(!entries.isEmpty)
        for entry in entries {
            guard let field = Self.fieldName(of: entry.storage) else {
                Issue.record("\(group): the storage of \"\(entry.key)\" names no field (\(entry.storage))")
                continue
            }
            guard let doc = fields[field] else {
                Issue.record("\(group).\(field) (\"\(entry.key)\"): no stored field of that name")
                continue
            }
            let name = "\(group).\(field)"
            #expect(doc.contains("Default"), "\(name) does not give its default: \"\(doc)\"")
            switch entry.animating {
            case .implicit, .explicitOnly:
                #expect(
                    doc.contains("Animatable.") && !doc.contains("Not animatable."),
                    "\(name) is animatable (\(entry.animating)) but its comment does not say so: \"\(doc)\"")
            case .none:
                #expect(
                    doc.contains("Not animatable.") && !doc.contains("Animatable."),
                    "\(name) is not animatable but its comment does not say so: \"\(doc)\"")
            }
            #expect(
                doc.contains("animates implicitly") == (entry.animating == .implicit),
                "\(name) is \(entry.animating) but its comment says otherwise of implicit animation: \"\(doc)\""
            )
        }
    }

    /// The field a group's key path stores in (`\LayerProperties.isHidden` → `isHidden`).
    static func fieldName(of storage: AnyKeyPath) -> String? {
        let description = String(describing: storage)
        guard description.hasPrefix("\\"), let dot = description.lastIndex(of: ".") else { return nil }
        let name = description[description.index(after: dot)...]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(name)
    }

    // MARK: Reading the sources

    /// The engine's sources: Sources/LayerKit, three folders above this file.
    static var engineSources: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // LayerKitTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // the repository
            .appendingPathComponent("Sources/LayerKit")
    }

    /// The doc comment of each field `struct group` declares, from whichever engine source
    /// declares it.
    static func fieldDocumentation(of group: String) throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: engineSources.path)
        for name in names.sorted() where name.hasSuffix(".swift") {
            let text = try String(contentsOf: engineSources.appendingPathComponent(name), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let fields = fieldDocumentation(of: group, in: lines)
            if !fields.isEmpty { return fields }
        }
        return [:]
    }

    /// The doc comment (its `///` lines joined by spaces, "" for none) of each `var` or `let`
    /// declared directly in `struct group` in `lines`: the fields of the struct's own body,
    /// not those of a nested type or an accessor's body.
    static func fieldDocumentation(of group: String, in lines: [Substring]) -> [String: String] {
        guard let start = lines.firstIndex(where: { declaresStruct(group, $0) }) else { return [:] }
        var fields: [String: String] = [:]
        var depth = 0
        for i in start..<lines.count {
            let line = lines[i].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("//") { continue }
            if depth == 1, let name = declaredName(line) { fields[name] = docComment(above: i, in: lines) }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if depth <= 0 && i > start { break }
        }
        return fields
    }

    /// True when `line` declares `struct group`.
    static func declaresStruct(_ group: String, _ line: Substring) -> Bool {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { return false }
        let words = line.split(separator: " ")
        guard let s = words.firstIndex(of: "struct"), s + 1 < words.count else { return false }
        return words[s + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" } == group
    }

    /// The name a `var` or `let` declaration line declares, after its attributes and modifiers.
    static func declaredName(_ line: String) -> String? {
        let words = line.split(separator: " ")
        guard let v = words.firstIndex(where: { $0 == "var" || $0 == "let" }), v + 1 < words.count else {
            return nil
        }
        guard words[..<v].allSatisfy({ $0.first?.isLetter == true || $0.hasPrefix("@") }) else { return nil }
        let name = words[v + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// The `///` lines right above line `index` (attribute lines between are skipped), their
    /// text joined by spaces.
    static func docComment(above index: Int, in lines: [Substring]) -> String {
        var texts: [String] = []
        var i = index - 1
        while i >= 0 {
            let line = lines[i].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("@") {
                i -= 1
                continue
            }
            guard line.hasPrefix("///") else { break }
            let text = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { texts.insert(text, at: 0) }
            i -= 1
        }
        return texts.joined(separator: " ")
    }
}
