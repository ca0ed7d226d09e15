import Testing

@testable import LayerKit

/// A path's hash is its elements' (kept in its box once worked out): equal paths hash alike
/// wherever they were built, and a path changed after it was hashed hashes as what it became.
@Suite struct PathHashTests {
    func triangle() -> Path {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addLine(to: Point(x: 10, y: 0))
        p.addCurve(to: Point(x: 5, y: 8), control1: Point(x: 9, y: 4), control2: Point(x: 7, y: 7))
        p.close()
        return p
    }

    @Test func equalPathsHashAlikeAndAChangedOneHashesAsWhatItBecame() {
        let a = triangle()
        let b = triangle()
        #expect(a == b && a.hashValue == b.hashValue)
        var c = a
        _ = c.hashValue
        c.addLine(to: Point(x: 1, y: 1))
        var d = triangle()
        d.addLine(to: Point(x: 1, y: 1))
        #expect(c != a && c == d && c.hashValue == d.hashValue)
        // The copy that was not changed keeps its own.
        #expect(a.hashValue == b.hashValue)
        // A path changed in place, alone in its box, drops its hash too.
        var e = triangle()
        _ = e.hashValue
        e.addLine(to: Point(x: 1, y: 1))
        #expect(e == d && e.hashValue == d.hashValue)
        // As a key.
        let set: Set<Path> = [a, b, c, d, e]
        #expect(set.count == 2)
    }
}
