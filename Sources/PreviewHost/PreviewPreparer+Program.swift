extension PreviewPreparer {
    /// The source preparer's program, built against the toolchain's SwiftParser on first use
    /// (`PreviewPreparer`). PreviewPreparerTests builds it with warnings as errors and checks
    /// it with `swift format lint`, as `make lint` checks the project's own files.
    static let programSource = mainProgramSource + optionalRequirementsSource + anyObjectLookupSource

    /// The program's main part: its passes over the files, and the `main` code at its end.
    static let mainProgramSource = ##"""
        // loaderlab-prepare: readies iOS Swift sources for the Swift compiler on Linux, with the
        // toolchain's own parser (SwiftParser), and finds the LoaderPreviewProvider types.
        //
        //   loaderlab-prepare OUTDIR FILE...
        //
        // Every FILE is parsed. A file that needs changing is written, changed, to OUTDIR/N/NAME (N its
        // place in the list, NAME its own file name), beginning with `#sourceLocation` naming the
        // original, so the compiler's messages and the debug information name the user's file and
        // lines. Standard output says what was found, one line each, fields separated by tabs:
        //
        //   provider NAME                        a LoaderPreviewProvider type, qualified, in file order
        //   prepared N                           FILE number N was written changed
        //   column N LINE COLUMN OLD NEW         on LINE of file N, the OLD bytes at COLUMN became NEW
        //                                        bytes (columns after them moved by NEW - OLD)
        //   layer N NAME MAKE COPY               a CALayer subclass declared in file N, and whether it has
        //                                        an init() (MAKE) and an init(layer:) (COPY) that can be
        //                                        called from its file's top level: 1 or 0
        //   registrar NAME                       a function, added to a file, that registers that file's
        //                                        layer classes with QuartzCore (to call before previews)
        //
        // The changes:
        // - overriding members of extensions move into their class's body, when the class is in the
        //   sources (Swift on Linux refuses overrides in extensions), and so do members of extensions
        //   that a subclass in the sources overrides (Linux refuses overriding them);
        // - `@objc`, `@objc(name)`, `@objcMembers`, `@IBOutlet`, `@IBAction` and `@IBSegueAction` are
        //   blanked out (they only ask for the Objective-C runtime, which Linux has not); an `@objc`
        //   protocol keeps its class bound (`: AnyObject`), and each of its `optional` requirements
        //   moves into a protocol of its own, which the classes implementing it are declared to conform
        //   to; a call `delegate?.didEnd?()` casts to that protocol (`(delegate as? P)?.didEnd ()`),
        //   nil when the object does not implement it, as on iOS;
        // - `#selector(m)` becomes `Selector("objcName", Type.m)`, the method reached through its type
        //   (the enclosing one, when not named), and `#selector(getter: p)` a key path selector;
        // - `#keyPath(Type.a.b)` becomes the string "a.b";
        // - `(value as AnyObject).cgPointValue` (a member iOS finds on any object by name) becomes
        //   `AnyObjectLookup(value).cgPointValue`, UIKit's stand-in for that lookup;
        // - `@NSManaged` becomes QuartzCore's `@Managed` (a layer's property managed by key);
        // - `import ObjectiveC` is blanked out (associated objects and selectors come with UIKit).
        // - `Bundle(for: T.self)` becomes `Bundle(previewFor: T.self)`, the previewed code's bundle.
        // - a class deriving from `NSObject` whose own or a subclass's `observeValue` overrides
        //   Foundation's (which Linux's `NSObject` lacks) derives from UIKit's
        //   `LoaderLabObservingObject` instead, an `NSObject` that declares it.
        // - a file declaring `CALayer` subclasses gets a function at its end registering how to make
        //   them (`CALayer.register(T.self, make: { T() }, copy: { T(layer: $0) })`), with the
        //   initialisers Swift's inheritance rules give each class.
        // Blanked text keeps its place, so lines and columns stay those of the original; a longer
        // replacement is reported by a `column` line.

        import SwiftParser
        import SwiftSyntax

        #if canImport(Glibc)
            import Glibc
        #endif

        /// A replacement of the bytes `start..<end` of a file by `text`.
        struct Edit {
            var start: Int
            var end: Int
            var text: [UInt8]
        }

        /// One file of the sources.
        final class Source {
            let index: Int
            let path: String
            let bytes: [UInt8]
            let tree: SourceFileSyntax
            let converter: SourceLocationConverter
            /// Changes inside the file's own text (attributes, selectors, key paths, protocols).
            var edits: [Edit] = []
            /// Members moved out of the file (blanked here), as byte ranges.
            var movedOut: [Range<Int>] = []
            /// Members moved into a class of this file, by the offset of the class's closing brace.
            var movedIn: [Int: [Moved]] = [:]

            init(index: Int, path: String, bytes: [UInt8]) {
                self.index = index
                self.path = path
                self.bytes = bytes
                tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
                converter = SourceLocationConverter(fileName: path, tree: tree)
            }

            func location(_ offset: Int) -> (line: Int, column: Int) {
                let l = converter.location(for: AbsolutePosition(utf8Offset: offset))
                return (l.line, l.column)
            }

            var changed: Bool { !edits.isEmpty || !movedOut.isEmpty || !movedIn.isEmpty }

            /// The bytes of `range` with this file's edits inside it applied.
            func rendered(_ range: Range<Int>) -> [UInt8] {
                var out: [UInt8] = []
                var at = range.lowerBound
                for edit in edits where edit.start >= range.lowerBound && edit.end <= range.upperBound {
                    out += bytes[at..<edit.start]
                    out += edit.text
                    at = edit.end
                }
                out += bytes[at..<range.upperBound]
                return out
            }
        }

        /// A member moved from an extension into its class.
        struct Moved {
            var source: Source
            var range: Range<Int>
        }

        /// The offsets a syntax node's text covers, without its trivia.
        func span(_ node: some SyntaxProtocol) -> Range<Int> {
            node.positionAfterSkippingLeadingTrivia
                .utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        }

        /// The name a declaration group gives its members' scope: a type's name, or the type an
        /// extension extends (as written, without spaces).
        func scopeName(_ node: Syntax) -> String? {
            if let d = node.as(ClassDeclSyntax.self) { return d.name.text }
            if let d = node.as(StructDeclSyntax.self) { return d.name.text }
            if let d = node.as(EnumDeclSyntax.self) { return d.name.text }
            if let d = node.as(ActorDeclSyntax.self) { return d.name.text }
            if let d = node.as(ProtocolDeclSyntax.self) { return d.name.text }
            if let d = node.as(ExtensionDeclSyntax.self) {
                return d.extendedType.trimmedDescription.filter { !$0.isWhitespace }
            }
            return nil
        }

        /// Code, where declared types are local: function and accessor bodies, closures.
        func isCode(_ node: Syntax) -> Bool {
            node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self)
                || node.is(AccessorBlockSyntax.self)
        }

        /// The qualified name of the type whose body holds `node` (nil: none). A type declared in code
        /// is named by its own name, as it is visible there.
        func enclosingType(of node: some SyntaxProtocol) -> String? {
            var names: [String] = []
            var current = node.parent
            while let n = current {
                if let name = scopeName(n) {
                    names.insert(name, at: 0)
                } else if isCode(n), !names.isEmpty {
                    break
                }
                current = n.parent
            }
            return names.isEmpty ? nil : names.joined(separator: ".")
        }

        /// The name a type declaration is visible by from the file's top level: qualified by the types
        /// around it; a type declared in code is not visible there, and gets its own name.
        func visibleName(of decl: Syntax, name: String) -> (name: String, local: Bool) {
            var names = [name]
            var current = decl.parent
            while let n = current {
                if isCode(n) { return (name, true) }
                if let outer = scopeName(n) { names.insert(outer, at: 0) }
                current = n.parent
            }
            return (names.joined(separator: "."), false)
        }

        /// The `#if` clauses around `node`, outermost first, as written: a member moves between two
        /// declarations only under the same conditions.
        func conditions(of node: some SyntaxProtocol) -> [String] {
            var found: [String] = []
            var current = node.parent
            while let n = current {
                if let clause = n.as(IfConfigClauseSyntax.self) {
                    found.insert(
                        clause.poundKeyword.text + " " + (clause.condition?.trimmedDescription ?? ""), at: 0)
                }
                current = n.parent
            }
            return found
        }

        let droppedAttributes: Set<String> = ["objc", "objcMembers", "IBOutlet", "IBAction", "IBSegueAction"]

        /// The Objective-C name of a method with these argument labels ("_" for none): `update:`,
        /// `handleWithSender:`, `tapped:forEvent:`.
        func objcName(_ base: String, labels: [String]) -> String {
            guard let first = labels.first else { return base }
            var name = base
            if first != "_" { name += "With" + first.prefix(1).uppercased() + first.dropFirst() }
            name += ":"
            for label in labels.dropFirst() { name += (label == "_" ? "" : label) + ":" }
            return name
        }

        /// What the first pass learns about every file: classes, methods, providers.
        final class Index: SyntaxVisitor {
            var source: Source!
            /// Classes visible from the top level, by qualified name: their file and body.
            var classes: [String: (source: Source, decl: ClassDeclSyntax)] = [:]
            /// Method argument labels by enclosing type, then base name.
            var methods: [String: [String: [[String]]]] = [:]
            /// Method argument labels by base name, whatever the type.
            var anyMethods: [String: [[String]]] = [:]
            var providers: [String] = []
            /// Each class's superclass as written (its first inherited type), by qualified name.
            var superclasses: [String: String] = [:]
            /// The names of the members each type declares with `override`, in its body or extensions.
            var overrides: [String: Set<String>] = [:]
            /// The `optional` requirements of `@objc` protocols, by base name.
            var optionalRequirements: [String: [OptionalRequirement]] = [:]
            /// The signatures (`signatureKey`) of the methods each type declares that a conformance in
            /// another file can use (not `private` or `fileprivate`), by qualified type, then base name.
            var methodKeys: [String: [String: [String]]] = [:]
            /// The initialisers each type declares, in its body or its extensions, by qualified name.
            var initializers: [String: [Initializer]] = [:]

            init() { super.init(viewMode: .sourceAccurate) }

            /// Notes `name` as overridden by the type around `node`, if `modifiers` say `override`.
            func note(_ name: String?, modifiers: DeclModifierListSyntax, of node: some SyntaxProtocol) {
                guard let name, modifiers.contains(where: { $0.name.text == "override" }),
                    let type = enclosingType(of: node)
                else { return }
                overrides[type, default: []].insert(name)
            }

            /// Whether the class named `sub` descends from the one named `base` through classes of the
            /// sources (by their names' last parts, as a superclass is written either way).
            func inherits(_ sub: String, from base: String) -> Bool {
                let baseName = base.split(separator: ".").last
                var current = sub
                for _ in 0..<32 {
                    guard let written = superclasses[current] else { return false }
                    let name = written.split(separator: ".").last
                    if name == baseName { return true }
                    guard let next = classes.keys.first(where: { $0.split(separator: ".").last == name })
                    else {
                        return false
                    }
                    current = next
                }
                return false
            }

            func provides(_ clause: InheritanceClauseSyntax?) -> Bool {
                clause?.inheritedTypes.contains { inherited in
                    inherited.type.tokens(viewMode: .sourceAccurate).contains {
                        $0.text == "LoaderPreviewProvider"
                    }
                } ?? false
            }

            func group(_ node: some DeclSyntaxProtocol, name: String, inheritance: InheritanceClauseSyntax?) {
                if provides(inheritance) { providers.append(visibleName(of: Syntax(node), name: name).name) }
            }

            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
                let visible = visibleName(of: Syntax(node), name: node.name.text)
                if !visible.local, classes[visible.name] == nil {
                    classes[visible.name] = (source, node)
                    superclasses[visible.name] =
                        node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
                }
                group(node, name: node.name.text, inheritance: node.inheritanceClause)
                return .visitChildren
            }
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
                group(node, name: node.name.text, inheritance: node.inheritanceClause)
                return .visitChildren
            }
            override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
                group(node, name: node.name.text, inheritance: node.inheritanceClause)
                return .visitChildren
            }
            override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
                group(node, name: node.name.text, inheritance: node.inheritanceClause)
                return .visitChildren
            }
            override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
                group(
                    node, name: node.extendedType.trimmedDescription.filter { !$0.isWhitespace },
                    inheritance: node.inheritanceClause)
                return .visitChildren
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                let labels = node.signature.parameterClause.parameters.map { $0.firstName.text }
                let name = node.name.text
                if let type = enclosingType(of: node) {
                    methods[type, default: [:]][name, default: []].append(labels)
                    if !node.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }),
                        let key = signatureKey(node)
                    {
                        methodKeys[type, default: [:]][name, default: []].append(key)
                    }
                }
                anyMethods[name, default: []].append(labels)
                note(name, modifiers: node.modifiers, of: node)
                return .visitChildren
            }
            override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                note(memberName(DeclSyntax(node)), modifiers: node.modifiers, of: node)
                return .visitChildren
            }
            override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
                if let type = enclosingType(of: node) {
                    initializers[type, default: []].append(Initializer(node, file: source.index))
                }
                return .visitChildren
            }
            override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
                guard isObjC(node.attributes) else { return .visitChildren }
                noteOptionalRequirements(of: node)
                return .visitChildren
            }
        }

        /// Whether `attributes` hold `@objc`.
        func isObjC(_ attributes: AttributeListSyntax) -> Bool {
            attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc" }
        }

        /// The name a member declaration declares (a function's, a property's), if one.
        func memberName(_ decl: DeclSyntax) -> String? {
            if let f = decl.as(FunctionDeclSyntax.self) { return f.name.text }
            if let v = decl.as(VariableDeclSyntax.self) {
                return v.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            return nil
        }

        /// The second pass over one file: the edits of its own text.
        final class Rewriter: SyntaxVisitor {
            let source: Source
            let index: Index

            init(source: Source, index: Index) {
                self.source = source
                self.index = index
                super.init(viewMode: .sourceAccurate)
            }

            func edit(_ range: Range<Int>, _ text: String) {
                source.edits.append(
                    Edit(start: range.lowerBound, end: range.upperBound, text: Array(text.utf8)))
            }

            /// Spaces over `range`, its line breaks kept.
            func blank(_ range: Range<Int>) {
                let text = source.bytes[range].map { $0 == 10 || $0 == 13 ? $0 : 32 }
                source.edits.append(Edit(start: range.lowerBound, end: range.upperBound, text: text))
            }

            override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
                let name = node.attributeName.trimmedDescription
                if droppedAttributes.contains(name) {
                    blank(span(node))
                } else if name == "NSManaged", node.arguments == nil {
                    // A layer's property Core Animation manages: QuartzCore's `@Managed` (the runtime
                    // that would supply `@NSManaged` accessors is absent: it links no more).
                    edit(span(node), "@Managed  ")
                }
                return .skipChildren
            }

            /// `import ObjectiveC` (or a part of it): the runtime's module is absent on Linux; what
            /// iOS code takes from it (associated objects, selectors) comes with UIKit.
            override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.path.first?.name.text == "ObjectiveC" { blank(span(node)) }
                return .skipChildren
            }

            override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
                // An @objc protocol is bound to classes (`weak var delegate: P?`); without @objc it
                // says so itself.
                guard isObjC(node.attributes) else { return .visitChildren }
                optionalRequirements(of: node)
                let bound: Set<String> = ["AnyObject", "class", "NSObjectProtocol"]
                if let clause = node.inheritanceClause {
                    let types = clause.inheritedTypes.map { $0.type.trimmedDescription }
                    if !types.contains(where: bound.contains), let last = clause.inheritedTypes.last {
                        edit(span(last.type).upperBound..<span(last.type).upperBound, ", AnyObject")
                    }
                } else {
                    let end = span(node.primaryAssociatedTypeClause.map(Syntax.init) ?? Syntax(node.name))
                        .upperBound
                    edit(end..<end, ": AnyObject")
                }
                return .visitChildren
            }

            /// `delegate?.didEnd?()`: a call of an optional requirement, through its own protocol.
            override func visit(_ node: OptionalChainingExprSyntax) -> SyntaxVisitorContinueKind {
                optionalRequirementCall(node)
                return .visitChildren
            }

            /// `(value as AnyObject).cgPointValue`: `AnyObjectLookup(value).cgPointValue`.
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                anyObjectLookup(node)
                return .visitChildren
            }

            /// `Bundle(for: T.self)` (or `Bundle.init(for:)`): the bundle of the previewed code, which
            /// holds its resources, is UIKit's `Bundle(previewFor:)` (Foundation's is the program's).
            override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
                guard node.label?.text == "for", let label = node.label,
                    let list = node.parent?.as(LabeledExprListSyntax.self), list.first?.id == node.id,
                    let call = list.parent?.as(FunctionCallExprSyntax.self)
                else { return .visitChildren }
                let callee = call.calledExpression.trimmedDescription.filter { !$0.isWhitespace }
                if ["Bundle", "Bundle.init", "Foundation.Bundle", "Foundation.Bundle.init"].contains(callee) {
                    edit(span(label), "previewFor")
                }
                return .visitChildren
            }

            override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
                switch node.macroName.text {
                case "selector": selector(node)
                case "keyPath": keyPath(node)
                default: break
                }
                return .visitChildren
            }

            /// `#selector(…)`: the method (or property) reached through its type.
            func selector(_ node: MacroExpansionExprSyntax) {
                guard node.arguments.count == 1, let argument = node.arguments.first,
                    node.trailingClosure == nil
                else { return }
                let label = argument.label?.text
                guard label == nil || label == "getter" || label == "setter" else { return }
                let start = span(node).lowerBound
                // The reference: its type as written (nil: the enclosing one), where the member's name
                // begins, and the member.
                let typeName: String?
                let memberStart: Int
                let member: DeclReferenceExprSyntax
                if let reference = argument.expression.as(DeclReferenceExprSyntax.self) {
                    typeName = nil
                    memberStart = span(reference).lowerBound
                    member = reference
                } else if let access = argument.expression.as(MemberAccessExprSyntax.self),
                    let base = access.base
                {
                    let written = base.trimmedDescription
                    member = access.declName
                    if written == "self" || written == "Self" {
                        typeName = nil
                        memberStart = span(access.declName).lowerBound
                    } else {
                        typeName = written
                        memberStart = span(base).lowerBound
                    }
                } else {
                    return
                }
                guard let type = typeName ?? enclosingType(of: node) else { return }
                let qualifier = typeName == nil ? type + "." : ""
                let name = member.baseName.text
                switch label {
                case "getter":
                    edit(start..<memberStart, "Selector(\"\(name)\", getter: \\" + qualifier)
                case "setter":
                    let setter = "set" + name.prefix(1).uppercased() + name.dropFirst() + ":"
                    edit(start..<memberStart, "Selector(\"\(setter)\", setter: \\" + qualifier)
                default:
                    let labels: [String]
                    if let names = member.argumentNames {
                        labels = names.arguments.map { $0.name.text }
                    } else {
                        let declared = index.methods[type]?[name] ?? index.anyMethods[name] ?? []
                        labels = Set(declared.map { $0.joined(separator: ":") }).count == 1 ? declared[0] : []
                    }
                    edit(start..<memberStart, "Selector(\"\(objcName(name, labels: labels))\", " + qualifier)
                }
            }

            /// `#keyPath(Type.a.b)`: the string "a.b", padded to the same length.
            func keyPath(_ node: MacroExpansionExprSyntax) {
                guard node.arguments.count == 1, let argument = node.arguments.first, argument.label == nil
                else {
                    return
                }
                var parts = argument.expression.trimmedDescription.split(separator: ".").map {
                    $0.trimmingWhitespace()
                }
                while parts.count > 1, let first = parts.first?.first, first.isUppercase {
                    parts.removeFirst()
                }
                let literal = "\"" + parts.joined(separator: ".") + "\""
                let range = span(node)
                let original = source.bytes[range]
                if original.contains(10) || original.count < literal.utf8.count {
                    edit(range, literal)
                } else {
                    edit(range, literal + String(repeating: " ", count: original.count - literal.utf8.count))
                }
            }
        }

        extension Substring {
            func trimmingWhitespace() -> String {
                String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            }
        }

        /// Finds the overriding members of extensions whose class is in the sources, and moves them.
        final class Mover: SyntaxVisitor {
            let source: Source
            let index: Index

            init(source: Source, index: Index) {
                self.source = source
                self.index = index
                super.init(viewMode: .sourceAccurate)
            }

            override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
                let name = node.extendedType.trimmedDescription.filter { !$0.isWhitespace }
                guard node.genericWhereClause == nil, !name.contains("<"), let target = index.classes[name],
                    conditions(of: node) == conditions(of: target.decl),
                    target.decl.memberBlock.rightBrace.presence == .present
                else { return .skipChildren }
                let brace = span(target.decl.memberBlock.rightBrace).lowerBound
                for item in node.memberBlock.members {
                    let overrides = modifiers(of: item.decl)?.contains { $0.name.text == "override" } ?? false
                    // A member a subclass overrides (an `@objc` one, on iOS) cannot stay either.
                    let overridden =
                        memberName(item.decl).map { member in
                            index.overrides.contains { type, names in
                                names.contains(member) && index.inherits(type, from: name)
                            }
                        } ?? false
                    guard overrides || overridden else { continue }
                    let range = span(item.decl)
                    source.movedOut.append(range)
                    target.source.movedIn[brace, default: []].append(Moved(source: source, range: range))
                }
                return .skipChildren
            }

            func modifiers(of decl: DeclSyntax) -> DeclModifierListSyntax? {
                if let d = decl.as(FunctionDeclSyntax.self) { return d.modifiers }
                if let d = decl.as(VariableDeclSyntax.self) { return d.modifiers }
                if let d = decl.as(SubscriptDeclSyntax.self) { return d.modifiers }
                if let d = decl.as(InitializerDeclSyntax.self) { return d.modifiers }
                return nil
            }
        }

        /// An initialiser a type declares, as a caller at the top level of a file can use it.
        struct Initializer {
            /// Its argument labels, each followed by a colon: "" for `init()`, "layer:".
            var labels: String
            /// A convenience initialiser (every one in an extension of a class is).
            var convenience: Bool
            /// Callable as `T(…)` giving a `T`: not failable, throwing, async, generic, private or
            /// unavailable.
            var usable: Bool
            /// For a `fileprivate` one, the only file it can be called from.
            var file: Int?

            init(labels: String, convenience: Bool, usable: Bool, file: Int?) {
                self.labels = labels
                self.convenience = convenience
                self.usable = usable
                self.file = file
            }

            init(_ node: InitializerDeclSyntax, file: Int) {
                labels = node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
                let modifiers = Set(node.modifiers.map { $0.name.text })
                var inExtension = false
                var current = node.parent
                while let n = current, scopeName(n) == nil { current = n.parent }
                inExtension = current?.is(ExtensionDeclSyntax.self) ?? false
                convenience = modifiers.contains("convenience") || inExtension
                let unavailable = node.attributes.contains {
                    $0.as(AttributeSyntax.self).map {
                        $0.attributeName.trimmedDescription == "available"
                            && $0.arguments?.trimmedDescription.contains("unavailable") == true
                    } ?? false
                }
                usable =
                    node.optionalMark == nil && node.signature.effectSpecifiers == nil
                    && node.genericParameterClause == nil && !modifiers.contains("private") && !unavailable
                self.file = modifiers.contains("fileprivate") ? file : nil
            }

            func callable(from file: Int) -> Bool { usable && (self.file == nil || self.file == file) }
        }

        /// QuartzCore's layer classes a class of the sources may descend from.
        let frameworkLayers: Set<String> = [
            "CALayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer", "CAReplicatorLayer", "CATransformLayer",
        ]

        /// The `CALayer` subclasses of the sources and the initialisers each has, by Swift's rules:
        /// a class that declares no designated initialiser inherits all of its superclass's; one that
        /// does has only its own, and inherits its superclass's convenience initialisers too when it
        /// implements every designated one of the superclass. (The framework's classes have
        /// `init()`, `init(layer:)`, the failable `init?(coder:)` and one of their own that code
        /// outside cannot override.)
        final class LayerClasses {
            let index: Index
            private var memo: [String: [String: Initializer]] = [:]

            init(index: Index) { self.index = index }

            /// The framework's initialisers, all designated.
            static let framework: [String: Initializer] = [
                "": Initializer(labels: "", convenience: false, usable: true, file: nil),
                "layer:": Initializer(labels: "layer:", convenience: false, usable: true, file: nil),
                "coder:": Initializer(labels: "coder:", convenience: false, usable: false, file: nil),
                "hosting:": Initializer(labels: "hosting:", convenience: false, usable: false, file: nil),
            ]

            /// The superclass of the class `name`: a class of the sources (its qualified name), or a
            /// framework layer class (its name), or nil.
            func superclass(of name: String) -> (source: String?, framework: String?) {
                guard let written = index.superclasses[name] else { return (nil, nil) }
                let last = written.split(separator: ".").last.map(String.init) ?? written
                if index.classes[written] != nil { return (written, nil) }
                if let found = index.classes.keys.first(where: {
                    $0.split(separator: ".").last.map(String.init) == last
                }) {
                    return (found, nil)
                }
                return (nil, frameworkLayers.contains(last) ? last : nil)
            }

            /// Whether the class `name` descends from a framework layer class through classes of the
            /// sources.
            func isLayer(_ name: String) -> Bool {
                var current = name
                for _ in 0..<32 {
                    let s = superclass(of: current)
                    if s.framework != nil { return true }
                    guard let next = s.source else { return false }
                    current = next
                }
                return false
            }

            /// The initialisers the class `name` has, by their labels.
            func initializers(of name: String, depth: Int = 0) -> [String: Initializer] {
                if let known = memo[name] { return known }
                let s = superclass(of: name)
                let inherited: [String: Initializer]
                if s.framework != nil {
                    inherited = Self.framework
                } else if let base = s.source, depth < 32 {
                    inherited = initializers(of: base, depth: depth + 1)
                } else {
                    inherited = [:]
                }
                let declared = index.initializers[name] ?? []
                var own: [String: Initializer] = [:]
                for i in declared { own[i.labels] = i }
                var result: [String: Initializer]
                if !declared.contains(where: { !$0.convenience }) {
                    result = inherited.merging(own) { _, new in new }
                } else {
                    result = own
                    let designated = inherited.filter { !$0.value.convenience }.keys
                    if designated.allSatisfy({ own[$0] != nil }) {
                        for (labels, i) in inherited where i.convenience && result[labels] == nil {
                            result[labels] = i
                        }
                    }
                }
                memo[name] = result
                return result
            }
        }

        /// Whether a type declaration is generic, and its modifiers (nil: not a type declaration).
        func genericity(_ node: Syntax) -> (Bool, DeclModifierListSyntax?) {
            if let d = node.as(ClassDeclSyntax.self) { return (d.genericParameterClause != nil, d.modifiers) }
            if let d = node.as(StructDeclSyntax.self) { return (d.genericParameterClause != nil, d.modifiers) }
            if let d = node.as(EnumDeclSyntax.self) { return (d.genericParameterClause != nil, d.modifiers) }
            return (false, nil)
        }

        /// Where a class can be named from to register it: nil when it cannot be made without type
        /// arguments (it or a type around it is generic) or is private twice over; else the type
        /// whose extension in the same file can name it (a nested class that is private, or is in a
        /// private type, is visible in its enclosing type's extensions), or "" for the file's top
        /// level.
        func registrationScope(_ decl: ClassDeclSyntax) -> String? {
            var scope = ""
            var current: Syntax? = Syntax(decl)
            while let n = current {
                let (generic, modifiers) = genericity(n)
                if generic { return nil }
                if let modifiers, modifiers.contains(where: { $0.name.text == "private" }),
                    let outer = enclosingType(of: n)
                {
                    if !scope.isEmpty { return nil }
                    scope = outer
                }
                current = n.parent
            }
            return scope
        }

        /// Adds to each file declaring layer classes a function registering them
        /// (`loaderLabRegisterLayerClassesN`); the report's `layer` and `registrar` lines.
        func registerLayerClasses(_ sources: [Source], index: Index) -> [String] {
            let layers = LayerClasses(index: index)
            var report: [String] = []
            // Registrations by file, then by the scope they are written in ("": the top level).
            var lines: [Int: [String: [String]]] = [:]
            let names = index.classes.keys.sorted {
                let a = index.classes[$0]!
                let b = index.classes[$1]!
                return (a.source.index, span(a.decl).lowerBound) < (b.source.index, span(b.decl).lowerBound)
            }
            for name in names where layers.isLayer(name) {
                let (source, decl) = index.classes[name]!
                let clauses = conditions(of: decl)
                let initializers = layers.initializers(of: name)
                let scope = registrationScope(decl)
                let reachable = scope != nil && clauses.allSatisfy { $0.hasPrefix("#if ") }
                let make = reachable && initializers[""]?.callable(from: source.index) == true
                let copy = reachable && initializers["layer:"]?.callable(from: source.index) == true
                report.append("layer\t\(source.index)\t\(name)\t\(make ? 1 : 0)\t\(copy ? 1 : 0)")
                guard make || copy, let scope else { continue }
                // Inside an extension of `scope`, the class is named from there.
                let named = scope.isEmpty ? name : String(name.dropFirst(scope.count + 1))
                let line = source.location(span(decl).lowerBound).line
                var text = "#sourceLocation(file: \(quoted(source.path)), line: \(line))\n"
                text += clauses.map { $0 + "\n" }.joined()
                text += "    CALayer.register(\(named).self, make: "
                text += make ? "{ \(named)() }" : "nil"
                text += ", copy: " + (copy ? "{ \(named)(layer: $0) }" : "nil") + ")\n"
                text += String(repeating: "#endif\n", count: clauses.count)
                lines[source.index, default: [:]][scope, default: []].append(text)
            }
            for source in sources {
                guard let scopes = lines[source.index] else { continue }
                let function = "loaderLabRegisterLayerClasses\(source.index)"
                var text = source.bytes.last == 10 ? "" : "\n"
                for (scope, registrations) in scopes.sorted(by: { $0.key < $1.key }) {
                    let body = "() {\n" + registrations.joined() + "}\n"
                    if scope.isEmpty {
                        text += "func \(function)" + body
                        report.append("registrar\t\(function)")
                    } else {
                        text += "extension \(scope) {\nstatic func \(function)" + body + "}\n"
                        report.append("registrar\t\(scope).\(function)")
                    }
                }
                let end = source.bytes.count
                source.edits.append(Edit(start: end, end: end, text: Array(text.utf8)))
            }
            return report
        }

        /// Classes that override `observeValue(forKeyPath:of:change:context:)` and derive, through
        /// classes of the sources, from `NSObject`: the first of them to derive from `NSObject`
        /// derives from `LoaderLabObservingObject` instead, which declares what iOS's `NSObject` does.
        func reparentObservers(_ sources: [Source], index: Index) {
            var roots: Set<String> = []
            for (type, names) in index.overrides where names.contains("observeValue") {
                var current = type
                for _ in 0..<32 {
                    guard let written = index.superclasses[current] else { break }
                    let name = written.split(separator: ".").last.map(String.init)
                    if name == "NSObject" {
                        roots.insert(current)
                        break
                    }
                    guard
                        let next = index.classes.keys.first(where: {
                            $0.split(separator: ".").last.map(String.init) == name
                        })
                    else { break }
                    current = next
                }
            }
            for root in roots.sorted() {
                guard let (source, decl) = index.classes[root],
                    let first = decl.inheritanceClause?.inheritedTypes.first
                else { continue }
                let range = span(first.type)
                let text = Array("LoaderLabObservingObject".utf8)
                source.edits.append(Edit(start: range.lowerBound, end: range.upperBound, text: text))
                source.edits = inOrder(source.edits)
            }
        }

        /// A file path as a string literal's contents.
        func quoted(_ path: String) -> String {
            "\"" + path.replacingAll("\\", "\\\\").replacingAll("\"", "\\\"") + "\""
        }

        extension String {
            func replacingAll(_ a: Character, _ b: String) -> String {
                var out = ""
                for c in self { if c == a { out += b } else { out.append(c) } }
                return out
            }
        }

        /// `edits` by where they start, those starting together in the order they were made.
        func inOrder(_ edits: [Edit]) -> [Edit] {
            edits.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(
                \.element)
        }

        /// The prepared text of `source`, and its column records.
        func prepare(_ source: Source) -> (text: [UInt8], columns: [String]) {
            var edits = source.edits.filter { e in !source.movedOut.contains { $0.contains(e.start) } }
            var columns: [String] = []
            // (Insertions of whole lines, which carry their own `#sourceLocation`, move no column.)
            for e in edits where e.text.count != e.end - e.start && !e.text.contains(10) {
                let at = source.location(e.start)
                columns.append(
                    "column\t\(source.index)\t\(at.line)\t\(at.column)\t\(e.end - e.start)\t\(e.text.count)")
            }
            for range in source.movedOut {
                edits.append(
                    Edit(
                        start: range.lowerBound, end: range.upperBound,
                        text: source.bytes[range].map {
                            $0 == 10 || $0 == 13 ? $0 : 32
                        }))
                // The moved member's own edits, reported where it came from.
                for e in source.edits
                where range.contains(e.start) && e.text.count != e.end - e.start && !e.text.contains(10) {
                    let at = source.location(e.start)
                    columns.append(
                        "column\t\(source.index)\t\(at.line)\t\(at.column)\t\(e.end - e.start)\t\(e.text.count)"
                    )
                }
            }
            for (brace, members) in source.movedIn {
                var text = ""
                for m in members {
                    let at = m.source.location(m.range.lowerBound)
                    text += "\n#sourceLocation(file: \(quoted(m.source.path)), line: \(at.line))\n"
                    text += String(repeating: " ", count: at.column - 1)
                    text += String(decoding: m.source.rendered(m.range), as: UTF8.self) + "\n"
                }
                let at = source.location(brace)
                text += "#sourceLocation(file: \(quoted(source.path)), line: \(at.line))\n"
                text += String(repeating: " ", count: at.column - 1)
                edits.append(Edit(start: brace, end: brace, text: Array(text.utf8)))
            }
            edits = inOrder(edits)
            var out = Array("#sourceLocation(file: \(quoted(source.path)), line: 1)\n".utf8)
            // A byte order mark is only allowed first: it is left out after the directive.
            var at = source.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            for e in edits {
                out += source.bytes[at..<e.start]
                out += e.text
                at = e.end
            }
            out += source.bytes[at...]
            return (out, columns)
        }

        func readFile(_ path: String) -> [UInt8]? {
            guard let f = fopen(path, "rb") else { return nil }
            defer { fclose(f) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, f)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            return ferror(f) == 0 ? bytes : nil
        }

        func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
            guard let f = fopen(path, "wb") else { return false }
            let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
            return fclose(f) == 0 && written == bytes.count
        }

        func fail(_ message: String) -> Never {
            fputs("loaderlab-prepare: \(message)\n", stderr)
            exit(1)
        }

        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else { fail("usage: loaderlab-prepare OUTDIR FILE...") }
        let outFolder = arguments[1]
        var sources: [Source] = []
        for (i, path) in arguments.dropFirst(2).enumerated() {
            guard let bytes = readFile(path) else { fail("cannot read \(path)") }
            sources.append(Source(index: i, path: path, bytes: bytes))
        }
        let index = Index()
        for source in sources {
            index.source = source
            index.walk(source.tree)
        }
        for source in sources {
            Rewriter(source: source, index: index).walk(source.tree)
            source.edits = inOrder(source.edits)
        }
        reparentObservers(sources, index: index)
        for source in sources { Mover(source: source, index: index).walk(source.tree) }

        var report: [String] = index.providers.map { "provider\t\($0)" }
        report += registerLayerClasses(sources, index: index)
        conformToOptionalRequirements(sources, index: index)
        for source in sources where source.changed {
            let (text, columns) = prepare(source)
            let folder = outFolder + "/\(source.index)"
            mkdir(folder, 0o755)
            let name = source.path.split(separator: "/").last.map(String.init) ?? source.path
            guard writeFile(folder + "/" + name, text) else { fail("cannot write \(folder)/\(name)") }
            report.append("prepared\t\(source.index)")
            report += columns
        }
        for line in report { print(line) }

        """##
}
