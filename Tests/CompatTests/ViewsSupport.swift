import Foundation
import LayerKit
import LayerKitCairo
import SnapshotTesting
import Testing
@_spi(LoaderLabHost) import UIKit

/// Has UIKit measure text with the renderer's measure, as `loaderlab preview` does.
func installRenderedText() {
    TextMeasuring.installed = TextMeasuring(layout: RenderedText.layout, face: RenderedText.face)
}

/// A white stage of `width`×`height` points showing `view` (with its top-left at the origin
/// unless its frame says otherwise).
func stage(showing view: UIView, width: CGFloat, height: CGFloat) -> Stage {
    let stage = Stage(width: width, height: height)
    stage.perform { stage.root.addSublayer(view.layer) }
    stage.at(0)
    return stage
}

/// The stage drawn at `scale` pixels per point on white.
func render(_ stage: Stage, scale: Int = 1) throws -> ImageSurface {
    let size = stage.root.bounds.size
    return try renderForTesting(
        stage.scene.presentation(), width: Int(size.width), height: Int(size.height), scale: scale)
}

/// How dark a pixel is: 0 for white, 255 for black (the mean of the three channels, inverted).
func ink(_ surface: ImageSurface, _ x: Int, _ y: Int) -> Int {
    guard let p = surface.pixel(x: x, y: y) else { return 0 }
    return 255 - (Int(p.red) + Int(p.green) + Int(p.blue)) / 3
}

/// The smallest pixel box holding every pixel darker than `threshold`; nil when none is.
func inkBox(_ surface: ImageSurface, threshold: Int = 40) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
    var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
    for y in 0..<surface.height {
        for x in 0..<surface.width where ink(surface, x, y) > threshold {
            if let b = box {
                box = (min(b.minX, x), max(b.maxX, x), min(b.minY, y), max(b.maxY, y))
            } else {
                box = (x, x, y, y)
            }
        }
    }
    return box
}

/// The rows holding ink, grouped into bands of consecutive rows.
func inkBands(_ surface: ImageSurface, threshold: Int = 40) -> [ClosedRange<Int>] {
    var bands: [ClosedRange<Int>] = []
    for y in 0..<surface.height {
        let inked = (0..<surface.width).contains { ink(surface, $0, y) > threshold }
        guard inked else { continue }
        if let last = bands.last, last.upperBound == y - 1 {
            bands[bands.count - 1] = last.lowerBound...y
        } else {
            bands.append(y...y)
        }
    }
    return bands
}

/// Every pixel of two surfaces of the same size, as bytes, for equality.
func bytes(_ surface: ImageSurface) -> [UInt8] {
    var out: [UInt8] = []
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            let p = surface.pixel(x: x, y: y)
            out += [p?.red ?? 0, p?.green ?? 0, p?.blue ?? 0, p?.alpha ?? 0]
        }
    }
    return out
}

/// A PNG file of `width`×`height` pixels, clear, with `fills` painted on it; removed when the
/// returned object goes.
final class TestPNG {
    let path: String

    init(name: String, width: Int, height: Int, fills: [(Rect, Color)]) throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("compat-\(name)-\(UUID().uuidString).png").path
        let surface = try ImageSurface(width: width, height: height)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: .clear)
        for (rect, color) in fills { canvas.fill(rect, color: color) }
        surface.flush()
        try surface.writePNG(to: path)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
