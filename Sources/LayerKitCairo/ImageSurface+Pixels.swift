import CCairo
import LayerKit

extension ImageSurface {
    /// A new surface holding a copy of `pixels`: `width × height` premultiplied ARGB32 words,
    /// top row first (`Bitmap.pixels`, `PixelImage.pixels`), copied row by row into Cairo's
    /// stride. Throws when Cairo cannot make the surface or the count does not match the size.
    public convenience init(width: Int, height: Int, copying pixels: [UInt32]) throws {
        guard pixels.count == width * height else {
            throw CairoError("\(pixels.count) pixels for a \(width)×\(height) image")
        }
        try self.init(width: width, height: height)
        flush()
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = data.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                row.update(from: source.baseAddress! + y * width, count: width)
            }
        }
        markDirty()
    }

    /// A new surface holding a copy of `image`'s pixels.
    public convenience init(pixels image: PixelImage) throws {
        try self.init(width: image.width, height: image.height, copying: image.pixels)
    }
}
