extension PreviewPreparer {
    /// The preparer program's part for the `optional` requirements of `@objc` protocols
    /// (appended to `mainProgramSource`).
    ///
    /// Swift without the Objective-C runtime has no optional requirements: a conforming class
    /// either has a method or the protocol must supply one, and nothing can ask an object whether
    /// it implements one. So each optional requirement leaves its protocol for one of its own
    /// (`OptionalRequirement_P_name`), to which every class of the sources that declares a method
    /// of that signature is declared to conform (the topmost such class: its subclasses inherit
    /// the conformance, and their overrides answer). A call `x?.name?(…)` or `x.name?(…)` becomes
    /// `(x as? OptionalRequirement_P_name)?.name(…)`: the object's method runs when it has one, and
    /// the call is nil otherwise, as on iOS. Requirements that are generic, throw or are `async`
    /// are left as they are (the compiler's message stands).
    static let optionalRequirementsSource = ##"""

        /// An `optional` requirement of an `@objc` protocol of the sources, and the protocol of its
        /// own that stands for it.
        struct OptionalRequirement {
            /// The method's base name and argument labels ("_" for none).
            var name: String
            var labels: [String]
            /// Its signature (`signatureKey`), to find the methods that implement it.
            var key: String
            /// The protocol it moves to.
            var helper: String
        }

        /// A method's signature as a key: each argument's label and type, and the result type, without
        /// spaces (nil: generic, throwing or async, which a stand-in protocol does not take).
        func signatureKey(_ f: FunctionDeclSyntax) -> String? {
            guard f.genericParameterClause == nil, f.signature.effectSpecifiers == nil else { return nil }
            let parameters = f.signature.parameterClause.parameters.map {
                $0.firstName.text + ":" + $0.type.trimmedDescription + ($0.ellipsis == nil ? "" : "...")
            }
            var result = f.signature.returnClause?.type.trimmedDescription ?? ""
            if result == "Void" || result == "()" { result = "" }
            return (parameters.joined(separator: ",") + "->" + result).filter { !$0.isWhitespace }
        }

        /// The name of the protocol a requirement of `protocolName` moves to.
        func helperName(_ protocolName: String, _ f: FunctionDeclSyntax, index: Int) -> String {
            "OptionalRequirement_" + protocolName.replacingAll(".", "_") + "_" + f.name.text
                + (index == 0 ? "" : "\(index)")
        }

        extension Index {
            /// Notes the optional requirements of an `@objc` protocol.
            func noteOptionalRequirements(of node: ProtocolDeclSyntax) {
                let name = visibleName(of: Syntax(node), name: node.name.text)
                guard !name.local else { return }
                var taken: [String: Int] = [:]
                for item in node.memberBlock.members {
                    guard let f = item.decl.as(FunctionDeclSyntax.self),
                        f.modifiers.contains(where: { $0.name.text == "optional" }), let key = signatureKey(f)
                    else { continue }
                    let count = taken[f.name.text, default: 0]
                    taken[f.name.text] = count + 1
                    optionalRequirements[f.name.text, default: []].append(
                        OptionalRequirement(
                            name: f.name.text,
                            labels: f.signature.parameterClause.parameters.map { $0.firstName.text }, key: key,
                            helper: helperName(name.name, f, index: count)))
                }
            }

            /// The optional requirement a call `name(labels…)` reaches, if one (by its labels when
            /// several share the name).
            func optionalRequirement(_ name: String, labels: [String]) -> OptionalRequirement? {
                guard let found = optionalRequirements[name] else { return nil }
                return found.first { $0.labels == labels } ?? (found.count == 1 ? found[0] : nil)
            }

            /// The class `name`'s superclass among the sources' classes (its qualified name), if one.
            func sourceSuperclass(of name: String) -> String? {
                guard let written = superclasses[name] else { return nil }
                if classes[written] != nil { return written }
                let last = written.split(separator: ".").last
                return classes.keys.first { $0.split(separator: ".").last == last }
            }
        }

        extension Rewriter {
            /// The optional requirements of an `@objc` protocol leave it (blanked), each for a protocol
            /// of its own declared at the end of the file, at the requirement's line.
            func optionalRequirements(of node: ProtocolDeclSyntax) {
                let clauses = conditions(of: node)
                let name = visibleName(of: Syntax(node), name: node.name.text)
                guard !name.local, clauses.allSatisfy({ $0.hasPrefix("#if ") }) else { return }
                var taken: [String: Int] = [:]
                for item in node.memberBlock.members {
                    guard let f = item.decl.as(FunctionDeclSyntax.self),
                        f.modifiers.contains(where: { $0.name.text == "optional" }), signatureKey(f) != nil
                    else { continue }
                    let count = taken[f.name.text, default: 0]
                    taken[f.name.text] = count + 1
                    let helper = helperName(name.name, f, index: count)
                    // The attributes the attribute pass blanks (`@objc`) are left to it; the others go
                    // with the requirement.
                    for attribute in f.attributes {
                        let name = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription ?? ""
                        if !droppedAttributes.contains(name) { blank(span(attribute)) }
                    }
                    let start = span(f.modifiers.first.map(Syntax.init) ?? Syntax(f.funcKeyword)).lowerBound
                    blank(start..<span(f).upperBound)
                    var declaration = "func " + f.name.text + f.signature.trimmedDescription
                    for modifier in f.modifiers where modifier.name.text == "mutating" {
                        declaration = "mutating " + declaration
                    }
                    let line = source.location(span(f).lowerBound).line
                    let end = source.bytes.count
                    let newline = source.bytes.last == 10 ? "" : "\n"
                    edit(
                        end..<end,
                        newline + "#sourceLocation(file: \(quoted(source.path)), line: \(line))\n"
                            + clauses.map { $0 + "\n" }.joined()
                            + "protocol \(helper): AnyObject { \(declaration) }\n"
                            + String(repeating: "#endif\n", count: clauses.count))
                }
            }

            /// `x?.name?(…)` or `x.name?(…)`, a call of an optional requirement: `(x as? P)?.name(…)`.
            func optionalRequirementCall(_ node: OptionalChainingExprSyntax) {
                guard let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id,
                    let member = node.expression.as(MemberAccessExprSyntax.self), let base = member.base,
                    let requirement = index.optionalRequirement(
                        member.declName.baseName.text,
                        labels: call.arguments.map { $0.label?.text ?? "_" })
                else { return }
                if let chained = base.as(OptionalChainingExprSyntax.self) {
                    let inner = span(chained.expression)
                    edit(inner.lowerBound..<inner.lowerBound, "(")
                    edit(inner.upperBound..<inner.upperBound, " as? \(requirement.helper))")
                } else {
                    let whole = span(base)
                    edit(whole.lowerBound..<whole.lowerBound, "(")
                    edit(whole.upperBound..<whole.upperBound, " as? \(requirement.helper))?")
                }
                blank(span(node.questionMark))
            }
        }

        /// Declares each class of the sources that implements an optional requirement (the topmost
        /// of a line of classes that do) to conform to the requirement's own protocol, at the end of
        /// the class's file.
        func conformToOptionalRequirements(_ sources: [Source], index: Index) {
            let requirements = index.optionalRequirements.values.flatMap { $0 }.sorted { $0.helper < $1.helper }
            guard !requirements.isEmpty else { return }
            func implements(_ type: String, _ r: OptionalRequirement) -> Bool {
                index.methodKeys[type]?[r.name]?.contains(r.key) ?? false
            }
            for r in requirements {
                for name in index.classes.keys.sorted() where implements(name, r) {
                    var ancestor = index.sourceSuperclass(of: name)
                    var inherited = false
                    for _ in 0..<32 {
                        guard let a = ancestor else { break }
                        if implements(a, r) { inherited = true }
                        ancestor = index.sourceSuperclass(of: a)
                    }
                    let (source, decl) = index.classes[name]!
                    let clauses = conditions(of: decl)
                    let atTopLevel = registrationScope(decl) == ""
                    guard !inherited, atTopLevel, clauses.allSatisfy({ $0.hasPrefix("#if ") }) else { continue }
                    let line = source.location(span(decl).lowerBound).line
                    let end = source.bytes.count
                    let newline = source.bytes.last == 10 ? "" : "\n"
                    let text =
                        newline + "#sourceLocation(file: \(quoted(source.path)), line: \(line))\n"
                        + clauses.map { $0 + "\n" }.joined() + "extension \(name): \(r.helper) {}\n"
                        + String(repeating: "#endif\n", count: clauses.count)
                    source.edits.append(Edit(start: end, end: end, text: Array(text.utf8)))
                }
            }
        }

        """##
}
