extension PreviewPreparer {
    /// The preparer program's part for members looked up on `AnyObject` (appended to
    /// `mainProgramSource`): `(value as AnyObject).cgPointValue`, as key-value observers read a
    /// change's value on iOS, where any object can be sent any method by name. Swift on Linux has
    /// no such lookup, so the expression becomes `AnyObjectLookup(value).cgPointValue` (UIKit's
    /// stand-in, whose members are implicitly unwrapped optionals as the lookup's results are):
    /// `AnyObjectLookup` is inserted before the parenthesis and ` as AnyObject` blanked out. Only
    /// the members `AnyObjectLookup` has are rewritten; another stays, and the compiler names it.
    static let anyObjectLookupSource = ##"""

        /// The members `AnyObjectLookup` answers (a static: this part follows the program's top-level
        /// code, which would run before a global's initial value).
        enum AnyObjectLookupMembers {
            static let names: Set<String> = [
                "cgPointValue", "cgSizeValue", "cgRectValue", "cgAffineTransformValue", "caTransform3DValue",
                "uiEdgeInsetsValue", "doubleValue", "floatValue", "intValue", "boolValue",
            ]
        }

        extension Rewriter {
            /// `(value as AnyObject).member`, a member of `AnyObjectLookupMembers.names`: the value in
            /// `AnyObjectLookup(…)`.
            func anyObjectLookup(_ node: MemberAccessExprSyntax) {
                guard AnyObjectLookupMembers.names.contains(node.declName.baseName.text),
                    let tuple = node.base?.as(TupleExprSyntax.self), tuple.elements.count == 1,
                    let element = tuple.elements.first, element.label == nil,
                    let sequence = element.expression.as(SequenceExprSyntax.self),
                    sequence.elements.count == 3
                else { return }
                let parts = Array(sequence.elements)
                guard let cast = parts[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
                    let type = parts[2].as(TypeExprSyntax.self), type.type.trimmedDescription == "AnyObject"
                else { return }
                let open = span(tuple.leftParen).lowerBound
                edit(open..<open, "AnyObjectLookup")
                blank(span(parts[0]).upperBound..<span(type).upperBound)
            }
        }

        """##
}
