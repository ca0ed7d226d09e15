import Foundation
import HostSeam
import PreviewSeam
import Testing

/// The frame both processes map: what one side writes the other reads, a mapping survives the
/// file growing, and presenting copies the damaged rectangles and nothing else.
@Suite("Shared frame")
struct SharedFrameTests {
    func word(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 {
        buffer.data.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
    }

    @Test("two mappings of one file see the same pixels; growing keeps what was there")
    func sharing() throws {
        let owner = try SharedFrame()
        try owner.reserve(width: 4, height: 3)
        let a = try owner.map(width: 4, height: 3, stride: SharedFrame.stride(width: 4))
        // A second mapping through a copy of the descriptor, as the preview process has it.
        let other = SharedFrame(descriptor: dup(owner.descriptor))
        let b = try other.map(width: 4, height: 3, stride: 16)
        a.data.storeBytes(of: 0xFF12_3456, toByteOffset: 2 * 16 + 3 * 4, as: UInt32.self)
        #expect(word(b, 3, 2) == 0xFF12_3456)
        // Bigger: the old pixels are still at their byte offsets.
        try owner.reserve(width: 8, height: 8)
        let b2 = try other.map(width: 4, height: 3, stride: 16)
        #expect(!b.isValid)
        #expect(word(b2, 3, 2) == 0xFF12_3456)
        // A mapping larger than the file is refused.
        #expect(throws: SharedFrame.Failure.self) { try other.map(width: 100, height: 100, stride: 400) }
    }

    @Test("presenting copies exactly the damaged rectangles, clipped, and counts them")
    func copy() throws {
        let frame = try SharedFrame()
        try frame.reserve(width: 10, height: 6)
        let source = try frame.map(width: 10, height: 6, stride: 40)
        for y in 0..<6 {
            for x in 0..<10 {
                source.data.storeBytes(
                    of: UInt32(0xFF00_0000 | (y << 8) | x), toByteOffset: y * 40 + x * 4, as: UInt32.self)
            }
        }
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 10 * 6 * 4, alignment: 16)
        defer { bytes.deallocate() }
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: 10 * 6 * 4)
        let target = PixelBuffer(data: bytes, width: 10, height: 6, stride: 40)
        let rects = [
            PixelRect(x: 1, y: 1, width: 2, height: 2),
            PixelRect(x: 8, y: 4, width: 5, height: 5),  // cut to 2×2 at the corner
            PixelRect(x: -3, y: 0, width: 2, height: 6),  // wholly outside
        ]
        #expect(frame.copy(rects, into: target) == 4 + 4)
        for y in 0..<6 {
            for x in 0..<10 {
                let damaged =
                    (1...2).contains(x) && (1...2).contains(y) || (8...9).contains(x) && (4...5).contains(y)
                #expect(
                    word(target, x, y) == (damaged ? UInt32(0xFF00_0000 | (y << 8) | x) : 0), "(\(x), \(y))")
            }
        }
    }
}
