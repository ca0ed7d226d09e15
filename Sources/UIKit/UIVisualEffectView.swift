import Foundation
@_spi(LoaderLabHost) import QuartzCore

/// `UIVisualEffectView`: a view that shows a visual effect — a blur (`UIBlurEffect`) or
/// vibrancy (`UIVibrancyEffect`) — behind the views in its `contentView`.
///
/// Made with `init(effect:)` (`init()` and `init(frame:)`: no effect). The content view fills
/// the bounds and follows them; add subviews to it (`effectView.contentView.addSubview(label)`),
/// as on iOS. Setting `effect` inside a `UIView.animate` block animates the change (a blur
/// fading in as its effect arrives, out as it is set to nil), as on iOS.
///
/// Deviations: what is behind the view is not blurred. A blur effect draws a translucent wash
/// of its style's colour over it (`UIBlurEffect.Style`'s tint: the colours of Apple's iOS 7
/// light, extra-light and dark blur sample code, the materials by their lightness), the same
/// everywhere in the view; vibrancy draws nothing of its own and leaves its content as it is
/// (iOS mixes the content with the blurred colours behind it). `UIVisualEffectView(effect:
/// nil)` draws nothing, as on iOS.
open class UIVisualEffectView: UIView {
    /// The view that draws the effect's wash, below the content view.
    private let backdrop = UIView()

    /// The view to put the content in: it fills the effect view.
    public let contentView = UIView()

    /// The effect (nil: none; the default for `init()`). A change inside `UIView.animate`
    /// animates the wash to the new effect's.
    open var effect: UIVisualEffect? {
        didSet { showEffect() }
    }

    /// A view with `effect` (nil: none), of zero size.
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUp()
    }

    /// A view without an effect.
    public override init(frame: CGRect) {
        effect = nil
        super.init(frame: frame)
        setUp()
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    private func setUp() {
        for view in [backdrop, contentView] {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
        }
        showEffect()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backdrop.frame = bounds
        contentView.frame = bounds
    }

    /// The wash the effect draws: a blur's tint, or clear.
    private func showEffect() {
        backdrop.backgroundColor = (effect as? UIBlurEffect)?.style.tint ?? .clear
    }
}

/// `UIVisualEffect`: what a `UIVisualEffectView` shows — a `UIBlurEffect` or a
/// `UIVibrancyEffect`. `UIVisualEffect()` itself is no effect.
open class UIVisualEffect: NSObject, @unchecked Sendable {
    public override init() {
        super.init()
    }
}

/// `UIBlurEffect`: a blur of what is behind the view, in one of UIKit's styles.
///
/// Deviation: nothing is blurred here; a view with this effect draws its style's `tint`, a
/// translucent colour, over what is behind it (`UIVisualEffectView`).
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    /// The style the effect was made with.
    public let style: Style

    /// A blur in `style`.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// UIKit's blur styles, with iOS's raw values (the light appearance: `.regular` is
    /// `.light`, `.prominent` `.extraLight`, the adaptive materials their light variants).
    public enum Style: Int, Sendable {
        case extraLight = 0
        case light = 1
        case dark = 2
        case regular = 4
        case prominent = 5
        case systemUltraThinMaterial = 6
        case systemThinMaterial = 7
        case systemMaterial = 8
        case systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11
        case systemThinMaterialLight = 12
        case systemMaterialLight = 13
        case systemThickMaterialLight = 14
        case systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16
        case systemThinMaterialDark = 17
        case systemMaterialDark = 18
        case systemThickMaterialDark = 19
        case systemChromeMaterialDark = 20

        /// The translucent colour a view of this style draws over what is behind it: white
        /// at 30% for `.light`, 97% white at 82% for `.extraLight`, 11% white at 73% for
        /// `.dark` (the tints of Apple's iOS 7 blur sample code, `UIImage+ImageEffects`); the
        /// materials are 97% or 11% white by their lightness and more opaque as they thicken
        /// (30%, 50%, 70%, 85%; chrome 75%).
        public var tint: UIColor {
            switch self {
            case .light, .regular: UIColor(white: 1, alpha: 0.3)
            case .extraLight, .prominent: UIColor(white: 0.97, alpha: 0.82)
            case .dark: UIColor(white: 0.11, alpha: 0.73)
            case .systemUltraThinMaterial, .systemUltraThinMaterialLight: UIColor(white: 0.97, alpha: 0.3)
            case .systemThinMaterial, .systemThinMaterialLight: UIColor(white: 0.97, alpha: 0.5)
            case .systemMaterial, .systemMaterialLight: UIColor(white: 0.97, alpha: 0.7)
            case .systemThickMaterial, .systemThickMaterialLight: UIColor(white: 0.97, alpha: 0.85)
            case .systemChromeMaterial, .systemChromeMaterialLight: UIColor(white: 0.97, alpha: 0.75)
            case .systemUltraThinMaterialDark: UIColor(white: 0.11, alpha: 0.3)
            case .systemThinMaterialDark: UIColor(white: 0.11, alpha: 0.5)
            case .systemMaterialDark: UIColor(white: 0.11, alpha: 0.7)
            case .systemThickMaterialDark: UIColor(white: 0.11, alpha: 0.85)
            case .systemChromeMaterialDark: UIColor(white: 0.11, alpha: 0.75)
            }
        }
    }
}

/// `UIVibrancyEffect`: content drawn to stand out over a blur (made for the blur it sits on:
/// `UIVibrancyEffect(blurEffect:)`, iOS 13's `UIVibrancyEffect(blurEffect:style:)`).
///
/// Deviation: a view with this effect draws nothing of its own and its content is drawn as it
/// is, where iOS mixes the content's colours with the blurred ones behind it.
open class UIVibrancyEffect: UIVisualEffect, @unchecked Sendable {
    /// The blur the vibrancy was made for.
    public let blurEffect: UIBlurEffect
    /// The style (iOS 13's; `.label` when made with `init(blurEffect:)`).
    public let style: UIVibrancyEffectStyle

    /// Vibrancy for content over `blurEffect`.
    public convenience init(blurEffect: UIBlurEffect) {
        self.init(blurEffect: blurEffect, style: .label)
    }

    /// Vibrancy of `style` for content over `blurEffect`.
    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }
}

/// `UIVibrancyEffectStyle` (iOS 13), with iOS's raw values. Stored by the effect; it changes
/// nothing drawn here.
public enum UIVibrancyEffectStyle: Int, Sendable {
    case label = 0
    case secondaryLabel = 1
    case tertiaryLabel = 2
    case quaternaryLabel = 3
    case fill = 4
    case secondaryFill = 5
    case tertiaryFill = 6
    case separator = 7
}
