import Foundation
import Testing

@testable import LayerKitCairo

/// The blur's contract, checked against the Gaussian worked out here.
@Suite struct GaussianBlurTests {
    static func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    @Test func kernelIsTheGaussiansMassPerPixel() {
        let sigma = 2.0
        let w = GaussianBlur.kernel(sigma: sigma)
        #expect(w.count == 2 * 6 + 1)  // r = ⌈3σ⌉
        #expect(abs(w.reduce(0, +) - 1) < 1e-12)
        // The mass over [k − ½, k + ½], rescaled by what ±3σ keeps.
        let kept = Self.phi(6.5 / sigma) - Self.phi(-6.5 / sigma)
        for k in -6...6 {
            let mass = Self.phi((Double(k) + 0.5) / sigma) - Self.phi((Double(k) - 0.5) / sigma)
            #expect(abs(w[k + 6] - mass / kept) < 1e-12)
        }
    }

    /// `rows` identical rows of `row` (tall enough that the middle row sees no top or bottom
    /// edge), blurred; the middle row.
    static func blurredMiddleRow(_ row: [Float], sigma: Double) -> [Float] {
        let rows = 2 * GaussianBlur.reach(sigma: sigma) + 1
        var plane = Array([[Float]](repeating: row, count: rows).joined())
        GaussianBlur.blur(&plane, width: row.count, height: rows, sigma: sigma)
        let middle = rows / 2 * row.count
        return Array(plane[middle..<(middle + row.count)])
    }

    @Test func aStepBecomesTheNormalDistribution() {
        // Columns 0…49 covered, 50…99 not: d pixels past the edge (centre at 50 + i + ½) the
        // coverage is Φ(−(i + ½)/σ).
        let sigma = 3.0
        let row = Self.blurredMiddleRow((0..<100).map { Float($0 < 50 ? 1 : 0) }, sigma: sigma)
        for i in 0..<10 {
            #expect(abs(Double(row[50 + i]) - Self.phi(-(Double(i) + 0.5) / sigma)) < 2e-3)
            #expect(abs(Double(row[49 - i]) - Self.phi((Double(i) + 0.5) / sigma)) < 2e-3)
        }
    }

    @Test func wideBlursKeepTheMassAndStayWithinThreePercent() {
        // σ = 30 uses the three boxes: an impulse keeps its total, centred; a step is within
        // 0.03 of Φ everywhere (the W3C's bound for the approximation).
        let sigma = 30.0
        let n = 400
        var impulse = [Float](repeating: 0, count: n)
        impulse[200] = 1
        let spread = Self.blurredMiddleRow(impulse, sigma: sigma)
        #expect(abs(spread.reduce(0, +) - 1) < 1e-4)
        let mean = spread.enumerated().reduce(0.0) { $0 + Double($1.offset) * Double($1.element) }
        #expect(abs(mean - 200) < 1)
        let step = Self.blurredMiddleRow((0..<n).map { Float($0 < 200 ? 1 : 0) }, sigma: sigma)
        for x in stride(from: 100, to: 300, by: 5) {
            #expect(abs(Double(step[x]) - Self.phi(-(Double(x) + 0.5 - 200) / sigma)) < 0.03, "x = \(x)")
        }
        #expect(GaussianBlur.reach(sigma: sigma) >= Int(2.8 * sigma))
    }

    @Test func noBlurForBadSigmas() {
        for sigma in [0, -1, .nan, .infinity] {
            var plane: [Float] = [0, 1, 0]
            GaussianBlur.blur(&plane, width: 3, height: 1, sigma: sigma)
            #expect(plane == [0, 1, 0])
            #expect(GaussianBlur.reach(sigma: sigma) == 0)
        }
        var empty: [Float] = []
        GaussianBlur.blur(&empty, width: 0, height: 0, sigma: 2)
        #expect(empty.isEmpty)
    }
}
