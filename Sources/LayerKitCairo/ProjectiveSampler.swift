import LayerKit

/// Resamples an image through a projective map, bilinearly: what Cairo cannot do (its
/// pattern matrices are affine).
///
/// Pixman, which Cairo draws with, has projective transforms, but it holds them in 16.16 fixed
/// point: a perspective term of 10⁻³ per pixel then carries an error of a few per cent, which
/// misplaces the far side of a large image by whole pixels. This works in doubles throughout.
enum ProjectiveSampler {
    /// Fills every pixel of `destination` from `source` seen through `map`.
    ///
    /// **Contract.** Destination pixel (i, j) has its centre at (i + 0.5, j + 0.5);
    /// `[i + 0.5, j + 0.5, 1] · map = [X, Y, W]`. When `W > 0` the pixel takes the source's
    /// value at (X / W, Y / W), in coordinates where source pixel (k, l) covers
    /// [k, k + 1) × [l, l + 1), interpolated bilinearly between the four nearest pixel centres,
    /// with everything outside the source transparent (so an image's edge fades over one source
    /// pixel, an antialiased edge). `W ≤ 0` (behind the eye), a non-finite result or a point
    /// more than a pixel outside the source gives a transparent pixel. Both images are ARGB32,
    /// premultiplied, and stay so (each channel a convex combination).
    static func resample(_ source: ImageSurface, into destination: ImageSurface, map g: ProjectiveTransform) {
        source.flush()
        destination.flush()
        let sw = source.width
        let sh = source.height
        let sourceStride = source.stride / 4
        let src = source.data.assumingMemoryBound(to: UInt32.self)
        let width = Double(sw)
        let height = Double(sh)
        @inline(__always) func texel(_ k: Int, _ l: Int) -> UInt32 {
            guard k >= 0, l >= 0, k < sw, l < sh else { return 0 }
            return src[l * sourceStride + k]
        }
        for j in 0..<destination.height {
            let row = destination.data.advanced(by: j * destination.stride).assumingMemoryBound(
                to: UInt32.self)
            let py = Double(j) + 0.5
            let rowX = py * g.m21 + g.m31
            let rowY = py * g.m22 + g.m32
            let rowW = py * g.m23 + g.m33
            for i in 0..<destination.width {
                let px = Double(i) + 0.5
                let w = px * g.m13 + rowW
                guard w > 0 else {
                    row[i] = 0
                    continue
                }
                // Pixel centres at integers.
                let u = (px * g.m11 + rowX) / w - 0.5
                let v = (px * g.m12 + rowY) / w - 0.5
                guard u > -1, v > -1, u < width, v < height else {
                    row[i] = 0
                    continue
                }
                let fu = u.rounded(.down)
                let fv = v.rounded(.down)
                let k = Int(fu)
                let l = Int(fv)
                let tx = u - fu
                let ty = v - fv
                let w00 = (1 - tx) * (1 - ty)
                let w10 = tx * (1 - ty)
                let w01 = (1 - tx) * ty
                let w11 = tx * ty
                let c00 = texel(k, l)
                let c10 = texel(k + 1, l)
                let c01 = texel(k, l + 1)
                let c11 = texel(k + 1, l + 1)
                var out: UInt32 = 0
                var shift: UInt32 = 0
                while shift < 32 {
                    let sum =
                        Double((c00 >> shift) & 0xFF) * w00 + Double((c10 >> shift) & 0xFF) * w10
                        + Double((c01 >> shift) & 0xFF) * w01 + Double((c11 >> shift) & 0xFF) * w11
                    out |= UInt32(Swift.min(255, Swift.max(0, sum + 0.5))) << shift
                    shift += 8
                }
                row[i] = out
            }
        }
        destination.markDirty()
    }
}
