import Foundation
import SnapshotTesting
import Testing

@testable import PreviewHost

/// The preparer's rewrites for what Foundation on Linux answers otherwise than on iOS:
/// - key-value observers deriving from `NSObject`: Linux's `NSObject` declares no
///   `observeValue`, so the class that derives from it, on the way up from one that overrides
///   `observeValue`, derives from UIKit's `LoaderLabObservingObject` instead;
/// - `Bundle(for:)`: Linux's is the program's folder; UIKit's `Bundle(previewFor:)` is the
///   previewed code's resources.
@Suite("Preparing code for Foundation on Linux", .tags(.compiler))
struct PreviewPreparerFoundationTests {
    typealias Fixture = PreparerFixture

    @Test("the NSObject root of an observer's classes derives from LoaderLabObservingObject")
    func observerRootsAreReparented() throws {
        // `Refresher` overrides directly; `Base` is the root of `Derived`, which overrides in an
        // extension in another file; `Plain` derives from NSObject and observes nothing; `View`
        // overrides UIResponder's observeValue and keeps its superclass.
        let refresher = """
            import UIKit

            open class Refresher: NSObject, UIScrollViewDelegate {
                override open func observeValue(
                    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                    context: UnsafeMutableRawPointer?
                ) {
                    super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                }
            }

            class Base: Foundation.NSObject {}
            final class Plain: NSObject {}
            final class View: UIView {
                override func observeValue(
                    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                    context: UnsafeMutableRawPointer?
                ) {}
            }

            """
        let derived = """
            import UIKit

            class Derived: Base {}

            extension Derived {
                override func observeValue(
                    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                    context: UnsafeMutableRawPointer?
                ) {}
            }

            """
        let p = try Fixture.prepare([("Refresher.swift", refresher), ("Derived.swift", derived)])
        let expected = """
            import UIKit

            open class Refresher: LoaderLabObservingObject, UIScrollViewDelegate {
                override open func observeValue(
                    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                    context: UnsafeMutableRawPointer?
                ) {
                    super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                }
            }

            class Base: LoaderLabObservingObject {}
            final class Plain: NSObject {}
            final class View: UIView {
                override func observeValue(
                    forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                    context: UnsafeMutableRawPointer?
                ) {}
            }

            """
        #expect(p.texts["Refresher.swift"] == Fixture.header(p.path("Refresher.swift")) + expected)
        // "NSObject" (8 bytes) at column 23 of line 3 became 24 bytes; "Foundation.NSObject"
        // (19) at column 13 of line 12 likewise.
        typealias Shift = PreviewPreparer.ColumnShift
        #expect(
            p.preparation.columnShifts[p.path("Refresher.swift")] == [
                3: [Shift(column: 23, oldLength: 8, newLength: 24)],
                12: [Shift(column: 13, oldLength: 19, newLength: 24)],
            ])
        // `Derived` keeps its superclass (its override moves into its body, as any override in
        // an extension does).
        let derivedText = try #require(p.texts["Derived.swift"])
        #expect(derivedText.contains("class Derived: Base {"))
    }

    @Test("sources without an observeValue override keep NSObject")
    func othersAreLeftAlone() throws {
        let source = """
            import UIKit

            final class Holder: NSObject {
                func observeValue() {}
            }

            """
        let p = try Fixture.prepare([("Holder.swift", source)])
        #expect(p.texts["Holder.swift"] == nil)
    }

    @Test("Bundle(for:) becomes Bundle(previewFor:); other calls with a `for` label stay")
    func bundleForAClass() throws {
        let source = """
            import UIKit

            final class Arrow: UIView {
                static let bundle = Bundle(for: Arrow.self)
                let again = Foundation.Bundle.init(for: Arrow.self)
                func strings() -> String? {
                    Bundle(for: type(of: self)).path(forResource: "en", ofType: "lproj")
                }
                func other() { _ = value(for: 1) }
                func value(for key: Int) -> Int { key }
            }

            """
        let p = try Fixture.prepare([("Arrow.swift", source)])
        let expected = """
            import UIKit

            final class Arrow: UIView {
                static let bundle = Bundle(previewFor: Arrow.self)
                let again = Foundation.Bundle.init(previewFor: Arrow.self)
                func strings() -> String? {
                    Bundle(previewFor: type(of: self)).path(forResource: "en", ofType: "lproj")
                }
                func other() { _ = value(for: 1) }
                func value(for key: Int) -> Int { key }
            }

            """
        #expect(p.texts["Arrow.swift"] == Fixture.header(p.path("Arrow.swift")) + expected)
        // "for" (3 bytes) became "previewFor" (10) on lines 4, 5 and 7.
        typealias Shift = PreviewPreparer.ColumnShift
        #expect(
            p.preparation.columnShifts[p.path("Arrow.swift")] == [
                4: [Shift(column: 32, oldLength: 3, newLength: 10)],
                5: [Shift(column: 40, oldLength: 3, newLength: 10)],
                7: [Shift(column: 16, oldLength: 3, newLength: 10)],
            ])
    }
}
