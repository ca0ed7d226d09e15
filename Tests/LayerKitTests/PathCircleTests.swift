import Foundation
import Testing

@testable import LayerKit

/// `Path.circleRadius(about:)`: one whole circle about a centre, and nothing else.
@Suite struct PathCircleTests {
    let centre = Point(x: 5, y: 7)

    @Test func wholeCirclesAreFound() {
        let circles: [Path] = [
            .oval(in: Rect(x: 1, y: 3, width: 8, height: 8)),
            .arc(center: centre, radius: 4, startAngle: 0, endAngle: 2 * .pi, clockwise: true),
            .arc(center: centre, radius: 4, startAngle: 1, endAngle: 1 - 2 * .pi, clockwise: false),
        ]
        for path in circles {
            #expect(path.circleRadius(about: centre).map { abs($0 - 4) < 1e-9 } == true, "\(path.elements)")
        }
        // A polygon of 64 sides is a circle to within the tolerance at its midpoints only if its
        // sides are short enough: 64 sides are not (their midpoints are 1.2e-3 r inside).
        var polygon = Path()
        for i in 0...64 {
            let a = Double(i) / 64 * 2 * .pi
            let p = Point(x: centre.x + 4 * cos(a), y: centre.y + 4 * sin(a))
            if i == 0 { polygon.move(to: p) } else { polygon.addLine(to: p) }
        }
        #expect(polygon.circleRadius(about: centre) == nil)
    }

    @Test func partsOfCirclesAndOtherShapesAreNot() {
        var threeQuarters = Path.arc(
            center: centre, radius: 4, startAngle: 0, endAngle: 1.5 * .pi, clockwise: true)
        #expect(threeQuarters.circleRadius(about: centre) == nil)
        threeQuarters.close()
        #expect(threeQuarters.circleRadius(about: centre) == nil)
        let almost = Path.arc(center: centre, radius: 4, startAngle: 0, endAngle: 1.99 * .pi, clockwise: true)
        #expect(almost.circleRadius(about: centre) == nil)
        var twice = Path.arc(center: centre, radius: 4, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        twice.addArc(center: centre, radius: 4, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(twice.circleRadius(about: centre) == nil)
        #expect(Path.oval(in: Rect(x: 1, y: 3, width: 8, height: 6)).circleRadius(about: centre) == nil)
        #expect(Path.oval(in: Rect(x: 2, y: 3, width: 8, height: 8)).circleRadius(about: centre) == nil)
        #expect(Path.rect(Rect(x: 1, y: 3, width: 8, height: 8)).circleRadius(about: centre) == nil)
        #expect(Path().circleRadius(about: centre) == nil)
        var two = Path.oval(in: Rect(x: 1, y: 3, width: 8, height: 8))
        two.append(.oval(in: Rect(x: 3, y: 5, width: 4, height: 4)))
        #expect(two.circleRadius(about: centre) == nil)
        var point = Path()
        point.move(to: centre)
        point.addLine(to: centre)
        #expect(point.circleRadius(about: centre) == nil)
    }
}
