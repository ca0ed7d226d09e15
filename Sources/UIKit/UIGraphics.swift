// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation
import LayerKit
import QuartzCore

/// The current graphics context: the innermost pushed (`UIGraphicsPushContext`, a view's
/// `draw(_:)`, an image renderer's block, `UIGraphicsBeginImageContext…`); nil outside any.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    CGContext.stack.last
}

/// Makes `context` the current one until the matching `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) {
    CGContext.stack.append(context)
}

public func UIGraphicsPopContext() {
    _ = CGContext.stack.popLast()
}

/// Fills `rect` in the current context with its fill colour.
public func UIRectFill(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.fill(rect)
}

/// Strokes a one-point frame just inside `rect` in the current context.
public func UIRectFrame(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.stroke(rect.insetBy(dx: 0.5, dy: 0.5), width: 1)
}

/// Intersects the current context's clip with `rect`.
public func UIRectClip(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.clip(to: rect)
}

/// Opens an image context of `size` points at one pixel a point, transparent, as the current
/// context.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Opens an image context of `size` points at `scale` pixels a point (0: the screen's), as the
/// current context; `opaque` leaves it without alpha (black where nothing is drawn).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale > 0 ? scale : UIScreen.main.scale
    let context = CGContext(size: size, scale: s, flipped: true, opaque: opaque)
    CGContext.imageContexts.append(context)
    UIGraphicsPushContext(context)
}

/// What the current image context holds, as an image; nil when the current context is not an
/// image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let context = UIGraphicsGetCurrentContext(),
        CGContext.imageContexts.contains(where: { $0 === context })
    else { return nil }
    return UIImage.drawn(context)
}

/// Closes the current image context.
public func UIGraphicsEndImageContext() {
    guard let context = UIGraphicsGetCurrentContext(),
        let i = CGContext.imageContexts.lastIndex(where: { $0 === context })
    else { return }
    CGContext.imageContexts.remove(at: i)
    UIGraphicsPopContext()
}

extension UIImage {
    /// What `context` has painted, as an image at its scale: its pixels are made at once
    /// through the registered drawing backend (they are the image's from then on).
    static func drawn(_ context: CGContext, opaque: Bool = false) -> UIImage {
        let bitmap = Bitmap(
            drawing: context.drawing, width: context.width, height: context.height, scale: context.scale,
            isOpaque: opaque)
        if Drawing.backend != nil { _ = bitmap.pixels }
        let image = CGImage(reference: ImageReference(bitmap: bitmap, scale: context.scale))
        return UIImage(cgImage: image, scale: CGFloat(context.scale), orientation: .up)
    }
}

/// `UIGraphicsRendererFormat`: what a renderer draws into.
open class UIGraphicsRendererFormat: NSObject {
    /// The drawing area, set by the renderer.
    open internal(set) var bounds: CGRect = .zero
}

/// `UIGraphicsImageRendererFormat`: the image's scale (the screen's by default) and whether it
/// is opaque.
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    /// `preferredRange`'s values; images here are always standard range.
    public enum Range: Int, Sendable {
        case unspecified = -1
        case automatic = 0
        case extended = 1
        case standard = 2
    }

    /// Pixels per point.
    open var scale: CGFloat
    /// True: no alpha (black where nothing is drawn).
    open var opaque: Bool = false
    /// Kept as set.
    open var preferredRange: Range = .automatic

    public override init() {
        scale = UIScreen.main.scale
        super.init()
    }

    /// The screen's scale, transparent.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// `UIGraphicsRendererContext`: the context a renderer's block draws in.
open class UIGraphicsRendererContext: NSObject {
    /// The CoreGraphics context: user space the renderer's bounds, y down.
    public let cgContext: CGContext
    public let format: UIGraphicsRendererFormat

    init(cgContext: CGContext, format: UIGraphicsRendererFormat) {
        self.cgContext = cgContext
        self.format = format
        super.init()
    }

    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) {
        cgContext.fill(rect)
    }

    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Strokes a one-point frame just inside `rect` with the current stroke colour.
    open func stroke(_ rect: CGRect) {
        cgContext.stroke(rect.insetBy(dx: 0.5, dy: 0.5), width: 1)
    }

    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        stroke(rect)
        cgContext.restoreGState()
    }

    open func clip(to rect: CGRect) {
        cgContext.clip(to: rect)
    }
}

/// `UIGraphicsImageRendererContext`: an image renderer's context.
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    /// What has been drawn so far, as an image.
    open var currentImage: UIImage {
        UIImage.drawn(cgContext, opaque: (format as? UIGraphicsImageRendererFormat)?.opaque ?? false)
    }
}

/// `UIGraphicsRenderer`: the base of the renderers.
open class UIGraphicsRenderer: NSObject {}

/// `UIGraphicsImageRenderer`: draws a block into a new image.
///
/// `image(actions:)` runs the block with a context (also the current one) whose user space is
/// the renderer's bounds, y down, and returns what it drew as a `UIImage` of the format's
/// scale; its pixels are made before it returns (by the drawing backend the program
/// registered, LayerKitCairo's), and it can be a layer's `contents` or drawn into another
/// context.
open class UIGraphicsImageRenderer: UIGraphicsRenderer {
    public let format: UIGraphicsImageRendererFormat
    private let bounds: CGRect

    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: UIGraphicsImageRendererFormat())
    }

    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: UIGraphicsImageRendererFormat())
    }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds.standardized
        self.format = format
        super.init()
        format.bounds = self.bounds
    }

    /// Always true.
    open var allowsImageOutput: Bool { true }

    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = CGContext(
            size: bounds.size, scale: format.scale, flipped: true, origin: bounds.origin,
            opaque: format.opaque)
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
        UIGraphicsPushContext(context)
        actions(rendererContext)
        UIGraphicsPopContext()
        return UIImage.drawn(context, opaque: format.opaque)
    }
}
