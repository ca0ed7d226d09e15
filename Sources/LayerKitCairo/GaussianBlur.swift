import Foundation

/// A Gaussian blur of a plane of coverage values (0…1), separable: rows, then columns.
///
/// **Kernel.** For σ up to `exactLimit` pixels each weight is the Gaussian's mass over its
/// pixel, `Φ((k + ½)/σ) − Φ((k − ½)/σ)` for offsets k = −r…r with r = ⌈3σ⌉, normalised to sum
/// 1 (the mass past 3σ, 0.27 %, is dropped). So blurring a straight edge gives, at a pixel
/// whose centre lies d pixels outside it, `Φ(−d/σ)` — the formula the tests check.
///
/// **Wide blurs.** Past `exactLimit` the kernel grows with σ and so does the cost per pixel;
/// there, as the W3C filter-effects spec allows for σ ≥ 2, three box blurs of width
/// d = ⌊σ·3·√(2π)/4 + ½⌋ stand in for the Gaussian (within 3 % of it): constant work per pixel
/// whatever σ. An odd d makes three centred boxes; an even d two boxes of d, offset half a pixel
/// left then right, and one centred box of d + 1.
///
/// **Edges.** Outside the plane the coverage is 0: a caller blurs a plane wide enough to hold
/// everything within `reach(sigma:)` of what it needs.
///
/// **Edge cases** (tested): σ ≤ 0, NaN or infinite leaves the plane unchanged; an empty plane
/// is left alone.
enum GaussianBlur {
    /// The largest σ (pixels) blurred with the exact kernel.
    static let exactLimit = 16.0

    /// How far (whole pixels) a blur of `sigma` spreads coverage: the kernel's half-width, or
    /// the boxes' combined reach.
    static func reach(sigma: Double) -> Int {
        guard sigma > 0, sigma.isFinite else { return 0 }
        if sigma <= exactLimit { return Int((3 * sigma).rounded(.up)) }
        let d = boxWidth(sigma: sigma)
        // Each box reaches d/2 (rounded up) to one side; three in a row, plus the uneven pair.
        return 3 * (d / 2 + 1)
    }

    /// The exact kernel's weights for offsets −r…r, summing to 1.
    static func kernel(sigma: Double) -> [Double] {
        let r = reach(sigma: sigma)
        guard r > 0 else { return [1] }
        // Φ(x) = ½·erfc(−x/√2).
        func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
        var w = (-r...r).map { k in phi((Double(k) + 0.5) / sigma) - phi((Double(k) - 0.5) / sigma) }
        let sum = w.reduce(0, +)
        for i in w.indices { w[i] /= sum }
        return w
    }

    /// The W3C box width for `sigma`.
    static func boxWidth(sigma: Double) -> Int {
        Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// Blurs `plane` (`width`×`height` values, row by row) in place.
    static func blur(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        guard sigma > 0, sigma.isFinite, width > 0, height > 0, plane.count == width * height else { return }
        var scratch = [Float](repeating: 0, count: plane.count)
        if sigma <= exactLimit {
            let w = kernel(sigma: sigma).map { Float($0) }
            convolveRows(plane, into: &scratch, width: width, height: height, kernel: w)
            convolveColumns(scratch, into: &plane, width: width, height: height, kernel: w)
            return
        }
        let d = boxWidth(sigma: sigma)
        // (width, shift): the box covers offsets −(width − 1)/2 + shift … ; shift −1 leans left.
        let boxes: [(Int, Int)] = d % 2 == 1 ? [(d, 0), (d, 0), (d, 0)] : [(d, 0), (d, 1), (d + 1, 0)]
        for (size, shift) in boxes {
            boxRows(plane, into: &scratch, width: width, height: height, size: size, shift: shift)
            boxColumns(scratch, into: &plane, width: width, height: height, size: size, shift: shift)
        }
    }

    private static func convolveRows(
        _ src: [Float], into dst: inout [Float], width: Int, height: Int, kernel: [Float]
    ) {
        let r = kernel.count / 2
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        var sum: Float = 0
                        let lo = Swift.max(-r, -x)
                        let hi = Swift.min(r, width - 1 - x)
                        if lo <= hi {
                            for k in lo...hi { sum += kernel[k + r] * s[row + x + k] }
                        }
                        d[row + x] = sum
                    }
                }
            }
        }
    }

    private static func convolveColumns(
        _ src: [Float], into dst: inout [Float], width: Int, height: Int, kernel: [Float]
    ) {
        let r = kernel.count / 2
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width { d[row + x] = 0 }
                    let lo = Swift.max(-r, -y)
                    let hi = Swift.min(r, height - 1 - y)
                    guard lo <= hi else { continue }
                    // Whole rows at a time: the inner loop runs along memory.
                    for k in lo...hi {
                        let w = kernel[k + r]
                        let from = (y + k) * width
                        for x in 0..<width { d[row + x] += w * s[from + x] }
                    }
                }
            }
        }
    }

    /// A running-sum box of `size` along rows. Odd sizes are centred on the pixel; an even size
    /// is centred on the pixel's left edge, or with `shift` 1 on its right edge.
    private static func boxRows(
        _ src: [Float], into dst: inout [Float], width: Int, height: Int, size: Int, shift: Int
    ) {
        let left = (size - 1) / 2 + (size % 2 == 0 ? 1 - shift : 0)
        let scale = 1 / Float(size)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for y in 0..<height {
                    let row = y * width
                    // The box for x covers x − left … x − left + size − 1.
                    var sum: Float = 0
                    let first = Swift.max(0, -left)
                    let last = Swift.min(width, size - left)
                    if first < last { for i in first..<last { sum += s[row + i] } }
                    for x in 0..<width {
                        d[row + x] = sum * scale
                        let out = x - left
                        let into = x - left + size
                        if out >= 0 && out < width { sum -= s[row + out] }
                        if into >= 0 && into < width { sum += s[row + into] }
                    }
                }
            }
        }
    }

    private static func boxColumns(
        _ src: [Float], into dst: inout [Float], width: Int, height: Int, size: Int, shift: Int
    ) {
        let left = (size - 1) / 2 + (size % 2 == 0 ? 1 - shift : 0)
        let scale = 1 / Float(size)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                var sums = [Float](repeating: 0, count: width)
                let first = Swift.max(0, -left)
                let last = Swift.min(height, size - left)
                if first < last {
                    for i in first..<last {
                        for x in 0..<width { sums[x] += s[i * width + x] }
                    }
                }
                for y in 0..<height {
                    let row = y * width
                    let out = y - left
                    let into = y - left + size
                    for x in 0..<width {
                        d[row + x] = sums[x] * scale
                        if out >= 0 && out < height { sums[x] -= s[out * width + x] }
                        if into >= 0 && into < height { sums[x] += s[into * width + x] }
                    }
                }
            }
        }
    }
}
