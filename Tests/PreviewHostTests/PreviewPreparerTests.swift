import Foundation
import SnapshotTesting
import Testing

@testable import PreviewHost

/// The source preparer's rewrites, file by file: each expected text is the input as the
/// preparer must leave it, worked out by hand (`⟦…⟧` marks what it blanks out, byte for byte).
@Suite("Preparing iOS sources", .tags(.compiler))
struct PreviewPreparerTests {
    typealias Fixture = PreparerFixture

    @Test("attributes that only ask for the Objective-C runtime are blanked, @NSManaged is @Managed")
    func attributes() throws {
        let source = """
            import UIKit

            @objcMembers
            @IBDesignable
            final class Ring: UIView {
                @IBOutlet weak var title: UILabel!
                @IBInspectable var lineWidth: CGFloat = 2
                @objc dynamic var progress: CGFloat = 0
                @objc(startAnimating) func start() {}
                @IBAction func tapped(_ sender: Any) {}
                @IBAction private func reset() {}
                @nonobjc func plain() {}
            }

            final class RingLayer: CALayer {
                @NSManaged var progress: CGFloat
            }

            """
        let p = try Fixture.prepare([("Ring.swift", source)])
        let expected = Fixture.blanked(
            """
            import UIKit

            ⟦@objcMembers⟧
            @IBDesignable
            final class Ring: UIView {
                ⟦@IBOutlet⟧ weak var title: UILabel!
                @IBInspectable var lineWidth: CGFloat = 2
                ⟦@objc⟧ dynamic var progress: CGFloat = 0
                ⟦@objc(startAnimating)⟧ func start() {}
                ⟦@IBAction⟧ func tapped(_ sender: Any) {}
                ⟦@IBAction⟧ private func reset() {}
                @nonobjc func plain() {}
            }

            final class RingLayer: CALayer {
                @Managed⟦  ⟧ var progress: CGFloat
            }

            """)
        // (RingLayer, a layer class, is registered at the end.)
        let registrar = """
            func loaderLabRegisterLayerClasses0() {
            #sourceLocation(file: "\(p.path("Ring.swift"))", line: 15)
                CALayer.register(RingLayer.self, make: { RingLayer() }, copy: { RingLayer(layer: $0) })
            }

            """
        #expect(p.texts["Ring.swift"] == Fixture.header(p.path("Ring.swift")) + expected + registrar)
        #expect(p.written == ["0", "0/Ring.swift"])
        // Blanks keep every column.
        #expect(p.preparation.columnShifts.isEmpty)
        #expect(p.preparation.providers.isEmpty)
    }

    @Test("imports of the Objective-C runtime's module are blanked, other imports stay")
    func objectiveCImports() throws {
        let source = """
            import UIKit
            import ObjectiveC
            import ObjectiveC.runtime
            @_implementationOnly import ObjectiveC
            import Foundation

            private var key = 0

            """
        let p = try Fixture.prepare([("Keys.swift", source)])
        let expected = Fixture.blanked(
            """
            import UIKit
            ⟦import ObjectiveC⟧
            ⟦import ObjectiveC.runtime⟧
            ⟦@_implementationOnly import ObjectiveC⟧
            import Foundation

            private var key = 0

            """)
        #expect(p.texts["Keys.swift"] == Fixture.header(p.path("Keys.swift")) + expected)
        #expect(p.preparation.columnShifts.isEmpty)
    }

    @Test("overriding members of an extension move into their class, from where they were written")
    func overridesMoveIntoTheClass() throws {
        let source = """
            import UIKit

            class Spinner: UIView {
                let ring = CAShapeLayer()
            }

            extension Spinner {
                override func layoutSubviews() {
                    super.layoutSubviews()
                    ring.frame = bounds
                }

                func start() {}

                override var intrinsicContentSize: CGSize {
                    CGSize(width: 40, height: 40)
                }

                @objc override func didMoveToWindow() {
                    perform(#selector(start), with: nil, afterDelay: 0)
                }
            }

            extension UIView {
                override open func didMoveToWindow() {}
            }

            """
        let p = try Fixture.prepare([("Spinner.swift", source)])
        let file = p.path("Spinner.swift")
        // The members land before the class's closing brace, each after a #sourceLocation giving
        // its own line, rewritten as they would be in place; the brace's line is given back
        // after them. An extension of a class that is not in the sources (UIView) stays as it
        // is.
        let expected = Fixture.blanked(
            """
            import UIKit

            class Spinner: UIView {
                let ring = CAShapeLayer()

            #sourceLocation(file: "\(file)", line: 8)
                override func layoutSubviews() {
                    super.layoutSubviews()
                    ring.frame = bounds
                }

            #sourceLocation(file: "\(file)", line: 15)
                override var intrinsicContentSize: CGSize {
                    CGSize(width: 40, height: 40)
                }

            #sourceLocation(file: "\(file)", line: 19)
                ⟦@objc⟧ override func didMoveToWindow() {
                    perform(Selector("start", Spinner.start), with: nil, afterDelay: 0)
                }
            #sourceLocation(file: "\(file)", line: 5)
            }

            extension Spinner {
                ⟦override func layoutSubviews() {⟧
            ⟦        super.layoutSubviews()⟧
            ⟦        ring.frame = bounds⟧
            ⟦    }⟧

                func start() {}

                ⟦override var intrinsicContentSize: CGSize {⟧
            ⟦        CGSize(width: 40, height: 40)⟧
            ⟦    }⟧

                ⟦@objc override func didMoveToWindow() {⟧
            ⟦        perform(#selector(start), with: nil, afterDelay: 0)⟧
            ⟦    }⟧
            }

            extension UIView {
                override open func didMoveToWindow() {}
            }

            """)
        #expect(p.texts["Spinner.swift"] == Fixture.header(file) + expected)
        // The moved member's own rewrites are done where it lands, and their columns noted
        // at the line it came from (`#selector(` at column 17 of line 20, 26 bytes instead).
        #expect(
            p.preparation.columnShifts == [
                file: [20: [PreviewPreparer.ColumnShift(column: 17, oldLength: 10, newLength: 26)]]
            ])
    }

    @Test("a member moves to its class in another file, nested or under the same #if, and not otherwise")
    func overridesMoveAcrossFiles() throws {
        let views = """
            import UIKit

            enum Loaders {
                final class Dots: UIView {}
            }

            #if canImport(UIKit)
            final class Bar: UIView {}
            #endif

            final class Plain: UIView {
            }

            """
        let overrides = """
            import UIKit

            extension Loaders.Dots {
                override func layoutSubviews() {}
            }

            #if canImport(UIKit)
            extension Bar {
                override func layoutSubviews() {}
            }
            #endif

            extension Plain {
                override func didMoveToWindow() {}
            }

            #if os(iOS)
            extension Plain {
                override func layoutSubviews() {}
            }
            #endif

            """
        let p = try Fixture.prepare([("Views.swift", views), ("Overrides.swift", overrides)])
        let v = p.path("Views.swift")
        let o = p.path("Overrides.swift")
        // A brace after other text on its line comes back at its own column (30 and 25 spaces).
        let expectedViews = """
            import UIKit

            enum Loaders {
                final class Dots: UIView {
            #sourceLocation(file: "\(o)", line: 4)
                override func layoutSubviews() {}
            #sourceLocation(file: "\(v)", line: 4)
            \(String(repeating: " ", count: 30))}
            }

            #if canImport(UIKit)
            final class Bar: UIView {
            #sourceLocation(file: "\(o)", line: 9)
                override func layoutSubviews() {}
            #sourceLocation(file: "\(v)", line: 8)
            \(String(repeating: " ", count: 25))}
            #endif

            final class Plain: UIView {

            #sourceLocation(file: "\(o)", line: 14)
                override func didMoveToWindow() {}
            #sourceLocation(file: "\(v)", line: 12)
            }

            """
        // The extension under `#if os(iOS)` (false here) keeps its member: the class is not
        // under that condition.
        let expectedOverrides = Fixture.blanked(
            """
            import UIKit

            extension Loaders.Dots {
                ⟦override func layoutSubviews() {}⟧
            }

            #if canImport(UIKit)
            extension Bar {
                ⟦override func layoutSubviews() {}⟧
            }
            #endif

            extension Plain {
                ⟦override func didMoveToWindow() {}⟧
            }

            #if os(iOS)
            extension Plain {
                override func layoutSubviews() {}
            }
            #endif

            """)
        #expect(p.texts["Views.swift"] == Fixture.header(v) + expectedViews)
        #expect(p.texts["Overrides.swift"] == Fixture.header(o) + expectedOverrides)
        #expect(p.written == ["0", "0/Views.swift", "1", "1/Overrides.swift"])
    }

    @Test("an extension's member that a subclass overrides moves into its class too")
    func overriddenMembersMove() throws {
        let source = """
            import UIKit

            class RefreshHeader: UIView {}

            extension RefreshHeader {
                @objc func startAnimating() {}
                @objc var arrowColor: UIColor { .gray }
                func helper() {}
            }

            final class ArrowHeader: RefreshHeader {
                override func startAnimating() {}
            }

            extension ArrowHeader {
                override var arrowColor: UIColor { .red }
            }

            """
        let p = try Fixture.prepare([("Header.swift", source)])
        let file = p.path("Header.swift")
        // `startAnimating` and `arrowColor` are overridden below RefreshHeader (one in the
        // subclass's body, one in its extension, itself moved); `helper` is not, and stays.
        let expected = Fixture.blanked(
            """
            import UIKit

            class RefreshHeader: UIView {
            #sourceLocation(file: "\(file)", line: 6)
                ⟦@objc⟧ func startAnimating() {}

            #sourceLocation(file: "\(file)", line: 7)
                ⟦@objc⟧ var arrowColor: UIColor { .gray }
            #sourceLocation(file: "\(file)", line: 3)
            \(String(repeating: " ", count: 29))}

            extension RefreshHeader {
                ⟦@objc func startAnimating() {}⟧
                ⟦@objc var arrowColor: UIColor { .gray }⟧
                func helper() {}
            }

            final class ArrowHeader: RefreshHeader {
                override func startAnimating() {}

            #sourceLocation(file: "\(file)", line: 16)
                override var arrowColor: UIColor { .red }
            #sourceLocation(file: "\(file)", line: 13)
            }

            extension ArrowHeader {
                ⟦override var arrowColor: UIColor { .red }⟧
            }

            """)
        #expect(p.texts["Header.swift"] == Fixture.header(file) + expected)
    }

    @Test("optional requirements move to protocols of their own, which calls cast to")
    func optionalRequirements() throws {
        let source = """
            import UIKit

            @objc protocol RefreshHeaderDelegate {
                @objc optional func headerDidBeginRefreshing(_ header: RefreshHeader)
                @objc optional func heightForRefreshing() -> CGFloat
                func headerDidEndRefreshing()
            }

            final class RefreshHeader: UIView {
                weak var delegate: RefreshHeaderDelegate?
                func begin() {
                    delegate?.headerDidBeginRefreshing?(self)
                    let height = delegate?.heightForRefreshing?() ?? 60
                    _ = height
                }
            }

            class Owner: UIView, RefreshHeaderDelegate {
                func heightForRefreshing() -> CGFloat { 80 }
                func headerDidEndRefreshing() {}
            }

            final class SubOwner: Owner {
                override func heightForRefreshing() -> CGFloat { 90 }
            }

            """
        let p = try Fixture.prepare([("Header.swift", source)])
        let file = p.path("Header.swift")
        // Each requirement's protocol goes at the end of the file, at the requirement's line; the
        // topmost class implementing one conforms to it, at the class's line (its subclass
        // inherits the conformance).
        let delegate = "OptionalRequirement_RefreshHeaderDelegate_"
        let expected = Fixture.blanked(
            """
            import UIKit

            ⟦@objc⟧ protocol RefreshHeaderDelegate: AnyObject {
                ⟦@objc⟧ ⟦optional func headerDidBeginRefreshing(_ header: RefreshHeader)⟧
                ⟦@objc⟧ ⟦optional func heightForRefreshing() -> CGFloat⟧
                func headerDidEndRefreshing()
            }

            final class RefreshHeader: UIView {
                weak var delegate: RefreshHeaderDelegate?
                func begin() {
                    delegate?.headerDidBeginRefreshing⟦?⟧(self)
                    let height = delegate?.heightForRefreshing⟦?⟧() ?? 60
                    _ = height
                }
            }

            class Owner: UIView, RefreshHeaderDelegate {
                func heightForRefreshing() -> CGFloat { 80 }
                func headerDidEndRefreshing() {}
            }

            final class SubOwner: Owner {
                override func heightForRefreshing() -> CGFloat { 90 }
            }
            #sourceLocation(file: "\(file)", line: 4)
            protocol \(delegate)headerDidBeginRefreshing: AnyObject { func headerDidBeginRefreshing(_ header: RefreshHeader) }
            #sourceLocation(file: "\(file)", line: 5)
            protocol \(delegate)heightForRefreshing: AnyObject { func heightForRefreshing() -> CGFloat }
            #sourceLocation(file: "\(file)", line: 18)
            extension Owner: \(delegate)heightForRefreshing {}

            """
        )
        .replacingOccurrences(
            of: "delegate?.headerDidBeginRefreshing",
            with: "(delegate as? \(delegate)headerDidBeginRefreshing)?.headerDidBeginRefreshing"
        )
        .replacingOccurrences(
            of: "delegate?.heightForRefreshing",
            with: "(delegate as? \(delegate)heightForRefreshing)?.heightForRefreshing")
        #expect(p.texts["Header.swift"] == Fixture.header(file) + expected)
        // `: AnyObject` (after the protocol's name, column 37 of line 3) and the casts move columns.
        let cast1 = " as? \(delegate)headerDidBeginRefreshing)".utf8.count
        let cast2 = " as? \(delegate)heightForRefreshing)".utf8.count
        #expect(
            p.preparation.columnShifts == [
                file: [
                    3: [PreviewPreparer.ColumnShift(column: 37, oldLength: 0, newLength: 11)],
                    12: [
                        PreviewPreparer.ColumnShift(column: 9, oldLength: 0, newLength: 1),
                        PreviewPreparer.ColumnShift(column: 17, oldLength: 0, newLength: cast1),
                    ],
                    13: [
                        PreviewPreparer.ColumnShift(column: 22, oldLength: 0, newLength: 1),
                        PreviewPreparer.ColumnShift(column: 30, oldLength: 0, newLength: cast2),
                    ],
                ]
            ])
    }

    @Test("#selector becomes a Selector reaching the method through its type, with its Objective-C name")
    func selectors() throws {
        let source = """
            import UIKit

            final class Wave: UIView {
                var link: CADisplayLink?
                @objc var progress: CGFloat = 0

                func start() {
                    link = CADisplayLink(target: self, selector: #selector(step(_:)))
                    perform(#selector(stop), with: nil, afterDelay: 2)
                    let a = #selector(Wave.step)
                    let b = #selector(self.handle(sender:))
                    let c = #selector(getter: progress)
                    let d = #selector(setter: Wave.progress)
                    let e = #selector(update)
                    _ = [a, b, c, d, e]
                }

                @objc func step(_ link: CADisplayLink) {}
                @objc func stop() {}
                @objc func handle(sender: Any) {}
                @objc func update(_ value: Any?) {}
            }

            extension Wave {
                func restart() {
                    DispatchQueue.main.async { [weak self] in
                        self?.perform(#selector(Wave.stop), with: nil, afterDelay: 1)
                    }
                }
            }

            enum Outer {
                final class Inner: NSObject {
                    func go() -> Selector { #selector(fire) }
                    @objc func fire() {}
                }
            }

            """
        let p = try Fixture.prepare([("Wave.swift", source)])
        // `step` and `update` are named from their declarations (one argument each: `step:`,
        // `update:`); `handle(sender:)` is `handleWithSender:`; a nested type by its path.
        let expected = Fixture.blanked(
            #"""
            import UIKit

            final class Wave: UIView {
                var link: CADisplayLink?
                ⟦@objc⟧ var progress: CGFloat = 0

                func start() {
                    link = CADisplayLink(target: self, selector: Selector("step:", Wave.step(_:)))
                    perform(Selector("stop", Wave.stop), with: nil, afterDelay: 2)
                    let a = Selector("step:", Wave.step)
                    let b = Selector("handleWithSender:", Wave.handle(sender:))
                    let c = Selector("progress", getter: \Wave.progress)
                    let d = Selector("setProgress:", setter: \Wave.progress)
                    let e = Selector("update:", Wave.update)
                    _ = [a, b, c, d, e]
                }

                ⟦@objc⟧ func step(_ link: CADisplayLink) {}
                ⟦@objc⟧ func stop() {}
                ⟦@objc⟧ func handle(sender: Any) {}
                ⟦@objc⟧ func update(_ value: Any?) {}
            }

            extension Wave {
                func restart() {
                    DispatchQueue.main.async { [weak self] in
                        self?.perform(Selector("stop", Wave.stop), with: nil, afterDelay: 1)
                    }
                }
            }

            enum Outer {
                final class Inner: NSObject {
                    func go() -> Selector { Selector("fire", Outer.Inner.fire) }
                    ⟦@objc⟧ func fire() {}
                }
            }

            """#)
        #expect(p.texts["Wave.swift"] == Fixture.header(p.path("Wave.swift")) + expected)
        // What each replacement did to its line's length: `#selector(` (or `#selector(self.`,
        // `#selector(getter: `) at the column where it starts, and what it became.
        let shifts = p.preparation.columnShifts[p.path("Wave.swift")] ?? [:]
        typealias Shift = PreviewPreparer.ColumnShift
        #expect(
            shifts == [
                8: [Shift(column: 54, oldLength: 10, newLength: 23)],
                9: [Shift(column: 17, oldLength: 10, newLength: 22)],
                10: [Shift(column: 17, oldLength: 10, newLength: 18)],
                11: [Shift(column: 17, oldLength: 15, newLength: 35)],
                12: [Shift(column: 17, oldLength: 18, newLength: 35)],
                13: [Shift(column: 17, oldLength: 18, newLength: 34)],
                14: [Shift(column: 17, oldLength: 10, newLength: 25)],
                27: [Shift(column: 27, oldLength: 10, newLength: 17)],
                34: [Shift(column: 33, oldLength: 10, newLength: 29)],
            ])
    }

    @Test("#keyPath becomes its string; an @objc protocol stays bound to classes")
    func keyPathsAndProtocols() throws {
        let source = """
            import UIKit

            @objc protocol RefreshDelegate {
                func refreshDidBegin()
            }

            @objc public protocol Animating: NSObjectProtocol {}

            @objc protocol Themed: Animating {}

            final class Header: UIView {
                weak var delegate: RefreshDelegate?
                func watch(_ scrollView: UIScrollView) {
                    scrollView.addObserver(self, forKeyPath: #keyPath(UIScrollView.contentOffset), options: [.new], context: nil)
                    _ = #keyPath(delegate)
                }
            }

            """
        let p = try Fixture.prepare([("Header.swift", source)])
        // The key paths are padded to their length (36 and 18 bytes).
        let expected = Fixture.blanked(
            """
            import UIKit

            ⟦@objc⟧ protocol RefreshDelegate: AnyObject {
                func refreshDidBegin()
            }

            ⟦@objc⟧ public protocol Animating: NSObjectProtocol {}

            ⟦@objc⟧ protocol Themed: Animating, AnyObject {}

            final class Header: UIView {
                weak var delegate: RefreshDelegate?
                func watch(_ scrollView: UIScrollView) {
                    scrollView.addObserver(self, forKeyPath: "contentOffset"\(String(repeating: " ", count: 21)), options: [.new], context: nil)
                    _ = "delegate"\(String(repeating: " ", count: 8))
                }
            }

            """)
        let file = p.path("Header.swift")
        #expect(p.texts["Header.swift"] == Fixture.header(file) + expected)
        typealias Shift = PreviewPreparer.ColumnShift
        #expect(
            p.preparation.columnShifts[file] == [
                3: [Shift(column: 31, oldLength: 0, newLength: 11)],
                9: [Shift(column: 33, oldLength: 0, newLength: 11)],
            ])
    }

    @Test("CALayer subclasses are registered with the initialisers Swift's inheritance rules give them")
    func layerClasses() throws {
        let a = """
            import UIKit

            class ProgressLayer: CAShapeLayer {
                @NSManaged var progress: CGFloat
                override init() { super.init() }
                override init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }

            class Plain: CALayer {}

            class OnlyInit: CALayer {
                override init() { super.init() }
                required init?(coder: NSCoder) { fatalError() }
            }

            class Tinted: CALayer {
                init(color: CGColor) { super.init() }
                convenience override init() { self.init(color: UIColor.red.cgColor) }
                override init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }

            private final class Hidden: CALayer {}

            enum Namespace {
                final class Nested: QuartzCore.CAGradientLayer {}
                private final class Secret: CALayer {}
            }

            final class Box<T>: CALayer {}

            #if DEBUG
                final class DebugLayer: CATextLayer {}
            #else
                final class ReleaseLayer: CATextLayer {}
            #endif

            final class Model: NSObject {}

            """
        let b = """
            import UIKit

            final class TintedSub: Tinted {
                override init(color: CGColor) { super.init(color: color) }
                override init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }

            final class TintedPartial: Tinted {
                override init(color: CGColor) { super.init(color: color) }
                required init?(coder: NSCoder) { fatalError() }
            }

            class Inherits: OnlyInit {}

            final class PlainSub: Plain {
                init?(size: Int) { super.init() }
                required init?(coder: NSCoder) { fatalError() }
            }

            final class Quiet: Inherits {
                @available(*, unavailable) override init() { fatalError() }
                init(layer: Any) { super.init() }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let p = try Fixture.prepare([("A.swift", a), ("B.swift", b)])
        let fileA = p.path("A.swift")
        let fileB = p.path("B.swift")
        // By the rules: no designated initialiser of its own inherits all of the superclass's
        // (Plain, Inherits, Nested); declaring one inherits none (OnlyInit has no init(layer:),
        // TintedPartial neither) unless every designated one of the superclass is overridden,
        // which brings its convenience ones (TintedSub's init()). Failable, unavailable and
        // generic classes cannot be called as T(), nor can a class in #else; a private nested
        // one is, from an extension of its enclosing type in its file.
        let expected: [(String, String, Bool, Bool)] = [
            ("ProgressLayer", fileA, true, true), ("Plain", fileA, true, true),
            ("OnlyInit", fileA, true, false),
            ("Tinted", fileA, true, true), ("Hidden", fileA, true, true),
            ("Namespace.Nested", fileA, true, true),
            ("Namespace.Secret", fileA, true, true), ("Box", fileA, false, false),
            ("DebugLayer", fileA, true, true), ("ReleaseLayer", fileA, false, false),
            ("TintedSub", fileB, true, true), ("TintedPartial", fileB, false, false),
            ("Inherits", fileB, true, false), ("PlainSub", fileB, false, false),
            ("Quiet", fileB, false, true),
        ]
        #expect(
            p.preparation.layerClasses
                == expected.map {
                    PreviewPreparer.LayerClass(name: $0.0, file: $0.1, hasInit: $0.2, hasCopyInit: $0.3)
                })
        #expect(
            p.preparation.registrars == [
                "loaderLabRegisterLayerClasses0", "Namespace.loaderLabRegisterLayerClasses0",
                "loaderLabRegisterLayerClasses1",
            ])
        // Each registration under the class's own line (and #if), at the end of its file.
        let registrarA = """
            func loaderLabRegisterLayerClasses0() {
            #sourceLocation(file: "\(fileA)", line: 3)
                CALayer.register(ProgressLayer.self, make: { ProgressLayer() }, copy: { ProgressLayer(layer: $0) })
            #sourceLocation(file: "\(fileA)", line: 10)
                CALayer.register(Plain.self, make: { Plain() }, copy: { Plain(layer: $0) })
            #sourceLocation(file: "\(fileA)", line: 12)
                CALayer.register(OnlyInit.self, make: { OnlyInit() }, copy: nil)
            #sourceLocation(file: "\(fileA)", line: 17)
                CALayer.register(Tinted.self, make: { Tinted() }, copy: { Tinted(layer: $0) })
            #sourceLocation(file: "\(fileA)", line: 24)
                CALayer.register(Hidden.self, make: { Hidden() }, copy: { Hidden(layer: $0) })
            #sourceLocation(file: "\(fileA)", line: 27)
                CALayer.register(Namespace.Nested.self, make: { Namespace.Nested() }, copy: { Namespace.Nested(layer: $0) })
            #sourceLocation(file: "\(fileA)", line: 34)
            #if DEBUG
                CALayer.register(DebugLayer.self, make: { DebugLayer() }, copy: { DebugLayer(layer: $0) })
            #endif
            }
            extension Namespace {
            static func loaderLabRegisterLayerClasses0() {
            #sourceLocation(file: "\(fileA)", line: 28)
                CALayer.register(Secret.self, make: { Secret() }, copy: { Secret(layer: $0) })
            }
            }

            """
        let expectedA = a.replacingOccurrences(of: "@NSManaged", with: "@Managed  ") + registrarA
        #expect(p.texts["A.swift"] == Fixture.header(fileA) + expectedA)
        // A file that does not end its last line gets a line break first.
        let registrarB = """

            func loaderLabRegisterLayerClasses1() {
            #sourceLocation(file: "\(fileB)", line: 3)
                CALayer.register(TintedSub.self, make: { TintedSub() }, copy: { TintedSub(layer: $0) })
            #sourceLocation(file: "\(fileB)", line: 14)
                CALayer.register(Inherits.self, make: { Inherits() }, copy: nil)
            #sourceLocation(file: "\(fileB)", line: 21)
                CALayer.register(Quiet.self, make: nil, copy: { Quiet(layer: $0) })
            }

            """
        #expect(p.texts["B.swift"] == Fixture.header(fileB) + b + registrarB)
        // No column moves: the additions are whole lines.
        #expect(p.preparation.columnShifts.isEmpty)
    }

    @Test("the entry file registers the layer classes before it makes the previews")
    func entryRegisters() {
        let entry = PreviewBuilder.entrySource(
            providers: ["A", "B.C"],
            registrars: ["loaderLabRegisterLayerClasses0", "loaderLabRegisterLayerClasses3"])
        #expect(
            entry.contains(
                """
                public func loaderLabPreviewList() -> UnsafeMutableRawPointer {
                    loaderLabRegisterLayerClasses0()
                    loaderLabRegisterLayerClasses3()
                    let previews: [LoaderPreview] = A.previews + B.C.previews
                """))
        #expect(!PreviewBuilder.entrySource(providers: ["A"]).contains("loaderLabRegister"))
    }

    @Test("a file that needs nothing is not copied")
    func untouched() throws {
        let source = """
            import UIKit

            final class Plain: UIView {
                override func layoutSubviews() { super.layoutSubviews() }
                // @objc #selector(x) in a comment
                let text = "@objc #selector(x) in a string"
            }

            struct PlainPreviews: LoaderPreviewProvider {
                static var previews: [LoaderPreview] { [] }
            }

            """
        let p = try Fixture.prepare([("Plain.swift", source)])
        #expect(p.preparation.prepared.isEmpty)
        #expect(p.preparation.columnShifts.isEmpty)
        #expect(p.preparation.compiled([p.path("Plain.swift")]) == [p.path("Plain.swift")])
        #expect(p.preparation.providers == ["PlainPreviews"])
        #expect(p.written.isEmpty)
    }

    @Test("providers are found by the parser, qualified when nested, as the text scan documents")
    func providers() throws {
        let first = """
            import UIKit
            struct A: LoaderPreviewProvider { static var previews: [LoaderPreview] { [] } }
            final class B: NSObject, LoaderPreviewProvider {}
            enum Outer {
                struct Inner: LoaderPreviewProvider {}
                class var layerClass: AnyClass { CALayer.self }
            }
            extension C: LoaderPreviewProvider {}
            struct NotAProvider: LoaderPreviewProviderLike {}
            // struct InComment: LoaderPreviewProvider {}
            /* struct InBlock: LoaderPreviewProvider { /* nested */ } */
            let s = "struct InString: LoaderPreviewProvider {"
            func f() { struct Local: LoaderPreviewProvider {} }

            """
        // A brace in a regular expression literal is not a scope, and a module may name the
        // protocol: the scan, which reads text, takes the brace for a scope (losing
        // `Regex.Inner`'s qualification and putting `Composed` inside `Regex`) and misses
        // `Qualified`; the parser does not.
        let second = """
            import UIKit
            enum Regex {
                static let braces = #/[{]/#
                struct Inner: LoaderPreviewProvider {}
            }
            struct Composed: Sendable & LoaderPreviewProvider {}
            struct Qualified: UIKit.LoaderPreviewProvider {}

            """
        let p = try Fixture.prepare([("First.swift", first), ("Second.swift", second)])
        // `Local` is not visible outside its function: it is named by its bare name, which the
        // build then explains.
        #expect(
            p.preparation.providers == [
                "A", "B", "Outer.Inner", "C", "Local", "Regex.Inner", "Composed", "Qualified",
            ])
        #expect(PreviewSources.providerTypes(in: second) == ["Inner", "Regex.Composed"])
        #expect(p.preparation.prepared.isEmpty)
    }

    @Test("a column in a prepared line goes back past the replacements before it")
    func originalColumns() {
        typealias Shift = PreviewPreparer.ColumnShift
        let p = PreviewPreparer.Preparation(
            providers: [], prepared: ["/a/W.swift": "/tmp/1/prepared/0/W.swift"],
            columnShifts: [
                "/a/W.swift": [
                    8: [Shift(column: 54, oldLength: 10, newLength: 23)],
                    3: [
                        Shift(column: 40, oldLength: 10, newLength: 23),
                        Shift(column: 10, oldLength: 0, newLength: 11),
                    ],
                ]
            ])
        // Before the replacement; inside it (its start); after it (13 bytes back).
        #expect(p.originalColumn(file: "/a/W.swift", line: 8, column: 30) == 30)
        #expect(p.originalColumn(file: "/a/W.swift", line: 8, column: 54) == 54)
        #expect(p.originalColumn(file: "/a/W.swift", line: 8, column: 76) == 54)
        #expect(p.originalColumn(file: "/a/W.swift", line: 8, column: 77) == 64)
        // Two on a line, listed out of order: the second starts at 40 + 11 in the copy.
        #expect(p.originalColumn(file: "/a/W.swift", line: 3, column: 21) == 10)
        #expect(p.originalColumn(file: "/a/W.swift", line: 3, column: 22) == 11)
        #expect(p.originalColumn(file: "/a/W.swift", line: 3, column: 60) == 40)
        #expect(p.originalColumn(file: "/a/W.swift", line: 3, column: 80) == 56)
        // Other lines and files are as they are.
        #expect(p.originalColumn(file: "/a/W.swift", line: 9, column: 77) == 77)
        #expect(p.originalColumn(file: "/a/X.swift", line: 8, column: 77) == 77)

        // The compiler's output (llvm style) read and moved back; the copy's own path (in a
        // message about the file itself) becomes the original's.
        let output = """
            /a/W.swift:8:77: error: type 'Wave' has no member 'stpe'
                    link = CADisplayLink(target: self, selector: Selector("stpe:", Wave.stpe(_:)))
                                                                                        ^~~~
            /tmp/1/prepared/0/W.swift:1:1: error: something about the copy
            /a/W.swift:12:5: warning: variable 'x' was never used
            """
        let moved = p.originalOutput(output)
        let diagnostics = PreviewDiagnostic.parse(moved)
        #expect(
            diagnostics == [
                PreviewDiagnostic(
                    file: "/a/W.swift", line: 8, column: 64, severity: .error,
                    message: "type 'Wave' has no member 'stpe'"),
                PreviewDiagnostic(
                    file: "/a/W.swift", line: 1, column: 1, severity: .error,
                    message: "something about the copy"),
                PreviewDiagnostic(
                    file: "/a/W.swift", line: 12, column: 5, severity: .warning,
                    message: "variable 'x' was never used"),
            ])
        // The lines under a message are kept.
        #expect(moved.split(separator: "\n").count == 5)
    }

    @Test("without SwiftParser the preparer says why, and the build goes on without it")
    func unavailable() throws {
        let preparer = PreviewPreparer(
            compiler: try Fixture.compiler, scratch: NSTemporaryDirectory(),
            environment: ["LOADERLAB_SWIFT_HOST_LIBS": "/nonexistent/host"], log: { _ in })
        guard
            case .unavailable(let why) = preparer.prepare(
                ["/x.swift"], into: "/nonexistent/out", child: ChildProcess())
        else {
            Issue.record("prepared without a parser")
            return
        }
        #expect(why.contains("/nonexistent/host"), "\(why)")
    }

    @Test("the preparer's program compiles without warnings and is formatted as the project is")
    func programQuality() throws {
        let compiler = try Fixture.compiler
        let host = try PreviewPreparer.hostLibraries(compiler: compiler, environment: [:]).get()
        let folder = try Fixture.temporaryFolder("preparer-program")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/main.swift"
        try PreviewPreparer.programSource.write(toFile: file, atomically: false, encoding: .utf8)
        let typecheck = try runTool(
            compiler, ["-typecheck", "-warnings-as-errors", "-swift-version", "5", "-I", host, file])
        #expect(typecheck.status == 0, "\(typecheck.output)")
        let swift = (compiler as NSString).deletingLastPathComponent + "/swift"
        let configuration = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".swift-format")
            .path
        let lint = try runTool(swift, ["format", "lint", "--strict", "--configuration", configuration, file])
        #expect(lint.status == 0 && lint.output.isEmpty, "\(lint.output)")
    }

    private func runTool(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
