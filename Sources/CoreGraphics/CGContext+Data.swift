import Foundation
import LayerKit

/// The memory a `CGContext(data:…)` draws into: its caller's, kept as CoreGraphics keeps it
/// (the caller keeps it alive while the context is used).
package struct CGBitmapMemory {
    package let pointer: UnsafeMutableRawPointer
    package let layout: CGBitmapLayout
}

/// Bitmap contexts (`CGBitmapContextCreate`).
///
/// DESIGN. A context records (see `CGContext`), so one over its caller's memory cannot paint
/// into it at each call. It treats the memory as the truth and the recording as what is
/// pending: when the pixels are wanted — `makeImage()`, `flush()`, `synchronize()` — the memory
/// is read (so pixels the caller wrote, before or after making the context, are there), what
/// was recorded since the last time is painted over them by the drawing backend, and the
/// result is written back into the memory in its layout and becomes the image. The recording
/// is then emptied (what it painted is in the memory now). So code that writes pixels and then
/// makes an image, or draws and then makes an image and reads the memory, sees what it would
/// see with CoreGraphics; code that reads the memory between drawing calls without either sees
/// it as it was. Open transparency layers are painted only once closed.
extension CGContext {
    /// A bitmap context of `width`×`height` pixels (`CGBitmapContextCreate`), user space y-up
    /// from the bottom-left, one unit a pixel. With `data`, the pixels live in that memory,
    /// `bytesPerRow` apart, in the layout `bitsPerComponent`, the colour space and `bitmapInfo`
    /// say (8-bit RGB with alpha or a skipped byte first or last, premultiplied; 8-bit gray;
    /// 8-bit alpha only: `CGBitmapLayout`); what is painted reaches it when the image is made
    /// (above). Without `data` the context keeps its own pixels. A layout not read here is
    /// named on standard error and the memory is left alone (the context draws on a
    /// transparent canvas of its own). Nil for a size below one pixel.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        guard width > 0, height > 0 else { return nil }
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
        let opaque = [.none, .noneSkipLast, .noneSkipFirst].contains(alpha)
        let isGray = alpha != .alphaOnly && space.model == .monochrome
        let bitsPerPixel = alpha == .alphaOnly || isGray ? bitsPerComponent : bitsPerComponent * 4
        let layout = CGBitmapLayout(
            bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
            bytesPerRow: bytesPerRow > 0 ? bytesPerRow : (width * bitsPerPixel + 7) / 8, bitmapInfo: info,
            isGray: isGray)
        var memory: CGBitmapMemory?
        if let data {
            if let reason = layout.unsupportedReason(width: width, forContext: true) {
                CGImage.reportOnce(
                    "CGContext(data:…): memory of \(reason) is not read or written here; the context draws on a canvas of its own"
                )
            } else {
                memory = CGBitmapMemory(pointer: data, layout: layout)
            }
        }
        self.init(
            size: CGSize(width: width, height: height), scale: 1, flipped: false, opaque: opaque,
            memory: memory)
    }

    /// The memory given to `CGContext(data:…)`; nil for a context that keeps its own pixels.
    public var data: UnsafeMutableRawPointer? { memory?.pointer }

    /// Reads the memory, paints what is pending over it, writes the result back and returns
    /// it; nil for a context without memory.
    func synchronizeMemory() -> PixelImage? {
        guard let memory else { return nil }
        guard
            let current = memory.layout.decode(UnsafeRawPointer(memory.pointer), width: width, height: height)
        else { return nil }
        guard !commands.isEmpty, layers.isEmpty else { return current }
        guard Drawing.backend != nil else {
            CGImage.reportOnce(
                "CGContext(data:…): no drawing backend is registered; what was painted is not written")
            return current
        }
        let bitmap = Bitmap(
            drawing: Drawing(commands: commands), width: width, height: height, scale: 1, isOpaque: !hasAlpha,
            base: current)
        guard let painted = PixelImage(width: width, height: height, pixels: bitmap.pixels) else {
            return current
        }
        memory.layout.encode(painted, into: memory.pointer)
        commands = []
        // Read back: the memory's layout may keep less than was painted (no alpha, gray).
        return memory.layout.decode(UnsafeRawPointer(memory.pointer), width: width, height: height)
    }

    /// `makeImage()` of a context over memory: the memory's pixels, with what was painted.
    func makeImageFromMemory() -> CGImage? {
        guard let memory, let pixels = synchronizeMemory() else { return nil }
        let space = CGColorSpace(model: memory.layout.isGray ? .monochrome : .rgb)
        return CGImage(pixels: pixels, layout: memory.layout, space: space, provider: nil)
    }
}
