import Foundation
@_spi(LoaderLabHost) import QuartzCore

/// `UIImageView`: a view that shows an image as its layer's contents, fitted by `contentMode`
/// (the layer's `contentsGravity`, `.scaleToFill` by default).
///
/// `init(image:)` sizes the view to the image; setting `image` later does not resize it
/// (`sizeToFit()` does, and `intrinsicContentSize` is the image's size). `highlightedImage`
/// shows instead while `isHighlighted`.
///
/// **Template images.** An image whose `renderingMode` is `.alwaysTemplate`
/// (`image.withRenderingMode(.alwaysTemplate)`) shows only its shape, filled with the view's
/// `tintColor` (inherited from its superviews, `UIView+Tint.swift`). The engine does not tint
/// contents, so the view shows a layer filled with the tint, masked by a layer holding the image
/// with the same gravity: where the image is opaque the tint shows, where it is clear nothing.
/// A new tint recolours it at once.
///
/// Absent: `animationImages` and the frame animation (`startAnimating()`), symbol images.
open class UIImageView: UIView {
    /// The tint fill a template image is shown as (masked by `templateMask`); absent otherwise.
    private var tintFill: CALayer?
    private var templateMask: CALayer?

    open var image: UIImage? {
        didSet {
            if image !== oldValue {
                updateContents()
                invalidateIntrinsicContentSize()
            }
        }
    }

    /// Shown instead of `image` while `isHighlighted` (when set).
    open var highlightedImage: UIImage? {
        didSet { updateContents() }
    }

    open var isHighlighted = false {
        didSet { updateContents() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view of the image's size (zero for nil) showing it.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        updateContents()
    }

    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        self.highlightedImage = highlightedImage
        updateContents()
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    open override var contentMode: UIView.ContentMode {
        didSet { updateContents() }
    }

    /// The image's size; none without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's size (the view's own without an image).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? super.sizeThatFits(size)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if let tintFill { withoutActions { tintFill.backgroundColor = tintColor.cgColor } }
    }

    override func boundsSizeDidChange(from oldSize: CGSize) {
        updateContents()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateContents()
    }

    /// The image shown now.
    private var shownImage: UIImage? {
        isHighlighted ? highlightedImage ?? image : image
    }

    private func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    /// Shows the image: as the layer's contents, or for a template as the tint through it.
    private func updateContents() {
        let shown = shownImage
        guard let shown, shown.renderingMode == .alwaysTemplate else {
            layer.contents = shown?.cgImage
            if let tintFill {
                withoutActions { tintFill.removeFromSuperlayer() }
                self.tintFill = nil
                templateMask = nil
            }
            return
        }
        layer.contents = nil
        let fill = tintFill ?? CALayer()
        let mask = templateMask ?? CALayer()
        withoutActions {
            mask.contents = shown.cgImage
            mask.contentsGravity = layer.contentsGravity
            mask.frame = CGRect(origin: .zero, size: bounds.size)
            fill.frame = bounds
            fill.backgroundColor = tintColor.cgColor
            fill.mask = mask
            if tintFill == nil { layer.insertSublayer(fill, at: 0) }
        }
        tintFill = fill
        templateMask = mask
    }
}
