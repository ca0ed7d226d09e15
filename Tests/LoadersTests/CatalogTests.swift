import Foundation
import LayerKit
import LayerKitCairo
import Testing

@testable import Loaders

@Suite struct CatalogTests {
    @Test func listsTheFiveLoadersInOrder() {
        #expect(Catalog.all.map(\.id) == ["four-dots", "three-dots", "airplane", "orbit", "balls"])
        #expect(Catalog.all.map(\.kind) == [.header, .header, .header, .standalone, .standalone])
        #expect(Catalog.info(id: "orbit")?.defaultSize == Size(width: 200, height: 200))
        #expect(Catalog.info(id: "nope") == nil)
        #expect(Catalog.makeSession(id: "nope", size: Size(width: 100, height: 100)) == nil)
        for info in Catalog.all {
            let session = Catalog.makeSession(id: info.id, size: info.defaultSize)
            #expect(session?.layer.bounds == Rect(origin: .zero, size: info.defaultSize))
            #expect(session?.status == (info.kind == .standalone ? .running : .idle))
        }
    }

    /// An id the catalog does not have makes no session: never another loader in its place.
    @Test func unknownIdMakesNoSession() {
        #expect(Catalog.makeSession(id: "spinner", size: Size(width: 100, height: 100)) == nil)
        let info = LoaderInfo(id: "spinner", title: "Spinner", kind: .standalone, defaultSize: Size(100, 100))
        #expect(LoaderSession(info: info, size: info.defaultSize) == nil)
    }

    /// The layer names `loaderlab help inspect` promises, present in every snapshot.
    @Test func stableLayerNames() throws {
        let names: [String: [String]] = [
            "four-dots": ["header", "dot.top", "dot.left", "dot.bottom", "dot.right", "line"],
            "three-dots": ["header", "dot.1", "dot.2", "dot.3"],
            "airplane": ["header", "track", "airplane"],
            "orbit": ["outer", "dashes", "progress", "orbit", "ball", "anchorBall"],
            "balls": ["container", "ball.1", "ball.2", "ball.3"],
        ]
        func collect(_ l: PresentationLayer) -> [String] {
            (l.name.map { [$0] } ?? []) + l.sublayers.flatMap(collect)
        }
        for (id, expected) in names {
            let tree = try Catalog.snapshot(id: id, moment: .time(0.5)).tree
            let found = collect(tree)
            for name in expected {
                #expect(found.filter { $0 == name }.count == 1, "\(id): \(name)")
            }
        }
    }

    @Test func errorsNameTheProblem() {
        #expect(throws: CatalogError.unknownLoader("spinner")) {
            try Catalog.snapshot(id: "spinner", moment: .time(1))
        }
        #expect(throws: CatalogError.notAHeader(id: "orbit", moment: "--pull")) {
            try Catalog.snapshot(id: "orbit", moment: .pull(40))
        }
        #expect(throws: CatalogError.notAHeader(id: "balls", moment: "--refreshing")) {
            try Catalog.snapshot(id: "balls", moment: .refreshing(time: 1))
        }
        #expect(throws: CatalogError.self) { try Catalog.snapshot(id: "orbit", moment: .time(.nan)) }
        #expect(throws: CatalogError.self) { try Catalog.snapshot(id: "orbit", moment: .time(-1)) }
        #expect(throws: CatalogError.self) {
            try Catalog.snapshot(id: "four-dots", moment: .pull(.infinity))
        }
        #expect(throws: CatalogError.self) {
            try Catalog.snapshot(id: "orbit", moment: .time(1), size: Size(width: 0, height: 10))
        }
        #expect(CatalogError.unknownLoader("x").description.contains("four-dots"))
        #expect(CatalogError.notAHeader(id: "orbit", moment: "--pull").description.contains("orbit"))
    }

    /// The command line's states (`loaderlab help render`): `--pull P` holds contentOffset.y at exactly −P with the finger down;
    /// `--refreshing --time T` is T s after a release past the threshold.
    @Test func snapshotStates() throws {
        func scrollOffset(_ tree: PresentationLayer) -> Double? {
            if tree.name == "scrollView" { return tree.properties.bounds.origin.y }
            return tree.sublayers.lazy.compactMap(scrollOffset).first
        }
        let pulled = try Catalog.snapshot(id: "four-dots", moment: .pull(60))
        #expect(pulled.state == "idle")
        #expect(close(scrollOffset(pulled.tree) ?? 0, -60, 1e-9))
        let past = try Catalog.snapshot(id: "three-dots", moment: .pull(52))
        #expect(past.state == "pulling")
        #expect(close(scrollOffset(past.tree) ?? 0, -52, 1e-9))
        let refreshing = try Catalog.snapshot(id: "airplane", moment: .refreshing(time: 1))
        #expect(refreshing.state == "refreshing")
        #expect(refreshing.time == 1)
        #expect(close(scrollOffset(refreshing.tree) ?? 0, -110, 1e-9))
        let ending = try Catalog.snapshot(id: "four-dots", moment: .refreshing(time: 3.25))
        #expect(ending.state == "ending")
        let rest = try Catalog.snapshot(id: "three-dots", moment: .time(2))
        #expect(rest.state == "idle")
        #expect(scrollOffset(rest.tree) == 0)
        let orbit = try Catalog.snapshot(
            id: "orbit", moment: .time(1.25), size: Size(width: 300, height: 240))
        #expect(orbit.state == "running")
        #expect(orbit.size == Size(width: 300, height: 240))
        #expect(orbit.tree.properties.bounds.size == Size(width: 300, height: 240))
    }

    /// `--refreshing --time 0` is the frame of the release, when the refresh begins (`loaderlab help render`):
    /// the airplane's groups at their start — strokeEnd from 0, strokeStart from −0.5 (drawn
    /// as 0), the airplane at the oval's start with heading 0 — not the full circle and
    /// opaque airplane of the pull's last frame.
    @Test func refreshingAtTimeZeroIsTheReleaseFrame() throws {
        func find(_ name: String, in tree: PresentationLayer) -> PresentationLayer? {
            if tree.name == name { return tree }
            return tree.sublayers.lazy.compactMap { find(name, in: $0) }.first
        }
        let snapshot = try Catalog.snapshot(id: "airplane", moment: .refreshing(time: 0))
        #expect(snapshot.state == "refreshing")
        #expect(snapshot.time == 0)
        let track = try #require(find("track", in: snapshot.tree)?.shape)
        #expect(close(track.strokeEnd, 0, 1e-12))
        #expect(close(min(max(track.strokeStart, 0), 1), 0, 1e-12))
        let airplane = try #require(find("airplane", in: snapshot.tree))
        // The oval's start: its rightmost point, radius 110/2·0.8 right of the view's centre.
        let width = Catalog.info(id: "airplane")!.defaultSize.width
        let start = Point(x: width / 2 + 110.0 / 2 * 0.8, y: 110.0 / 2)
        #expect(close(airplane.properties.position, start, 1e-9))
        #expect(sameAngle(airplane.properties.transform.components.rotationZ, 0, 1e-9))
    }

    /// Odd sizes lay out without trouble, and relayout keeps the loaders working.
    @Test func resizing() {
        for info in Catalog.all {
            let h = Harness(info.id, size: Size(width: 90, height: 60))
            h.run(to: 0.5)
            h.session.size = Size(width: 500, height: 700)
            h.run(to: 1.0)
            #expect(h.session.layer.bounds.size == Size(width: 500, height: 700))
            h.session.size = Size(width: .nan, height: -4)
            h.run(to: 1.2)
            #expect(h.session.size.width.isFinite && h.session.size.height >= 0)
            h.session.size = info.defaultSize
            h.run(to: 1.5)
        }
        // Degenerate viewports: no crash, no hang, the loaders keep their state.
        for info in Catalog.all {
            for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2000, height: 3)] {
                let h = Harness(info.id, size: size)
                h.session.pointerDown(at: Point(x: 0, y: 0))
                h.session.pointerMoved(to: Point(x: .nan, y: .infinity))
                h.session.pointerMoved(to: Point(x: 0, y: 500))
                h.run(to: 0.5)
                h.session.pointerUp(at: Point(x: 0, y: 500))
                h.session.toggle()
                h.run(to: 4)
                #expect(h.session.layer.bounds.size == size)
                #expect(h.scene.presentation().properties.bounds.size == size)
            }
        }
    }

    @Test func headersToggleRefreshFromCode() {
        for id in ["four-dots", "three-dots", "airplane"] {
            let h = Harness(id)
            h.session.toggle()
            #expect(h.session.status == .refreshing)
            h.run(for: 1)
            // Scrolled into view: the list rests below the refreshing inset.
            let inset = h.header.scrollView.contentInset.top
            #expect(inset > 0)
            #expect(close(h.header.scrollView.contentOffset.y, -inset, 1e-9))
            h.session.toggle()
            #expect(h.session.status == .ending)
            h.run(for: 1.5)
            #expect(h.session.status == .idle)
            #expect(h.header.scrollView.contentInset.top == 0)
            #expect(h.header.scrollView.contentOffset.y == 0)
            h.run(for: 4)
            #expect(!h.session.needsFrames)
            #expect(!h.scene.needsFrames, "\(id)")
        }
    }
}
