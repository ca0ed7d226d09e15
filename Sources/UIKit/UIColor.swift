import Foundation
import LayerKit
import QuartzCore

/// `UIColor`: an immutable colour (device RGB or gray, as `UIColor` makes them).
///
/// The system colours have iOS's light-mode values; there is no dark mode, no dynamic
/// colour, no asset catalogue (`UIColor(named:)`) and no Display P3.
open class UIColor: NSObject, @unchecked Sendable {
    /// The colour as a `CGColor`.
    public let cgColor: CGColor

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
        super.init()
    }

    public init(white: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(gray: white, alpha: alpha)
        super.init()
    }

    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        super.init()
    }

    /// `UIColor()`: a colour of no components, which iOS gives as `NSObject`'s `init()`. It draws
    /// nothing there (its `CGColor` paints nothing); here it is clear — black with an alpha of
    /// 0 — which draws nothing either, as a fill, a stroke or a background.
    public convenience override init() {
        self.init(white: 0, alpha: 0)
    }

    /// Hue, saturation and brightness in 0…1 (the hue wraps), as HSV: the largest channel is
    /// `brightness`, the smallest `brightness · (1 − saturation)`.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (r, g, b) = UIColor.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The same colour with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// The colour's RGBA components (a gray's white in all three); always succeeds.
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = cgColor.engine
        red?.pointee = CGFloat(c.red)
        green?.pointee = CGFloat(c.green)
        blue?.pointee = CGFloat(c.blue)
        alpha?.pointee = CGFloat(c.alpha)
        return true
    }

    /// The white and alpha of a gray colour; false (and nothing written) for an RGB colour.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool
    {
        guard let c = cgColor.components, c.count == 2 else { return false }
        white?.pointee = c[0]
        alpha?.pointee = c[1]
        return true
    }

    /// The colour's hue, saturation and brightness (HSV) and alpha; always succeeds.
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = cgColor.engine
        let maxC = max(c.red, c.green, c.blue)
        let minC = min(c.red, c.green, c.blue)
        let delta = maxC - minC
        var h = 0.0
        if delta > 0 {
            if maxC == c.red {
                h = (c.green - c.blue) / delta
            } else if maxC == c.green {
                h = 2 + (c.blue - c.red) / delta
            } else {
                h = 4 + (c.red - c.green) / delta
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = CGFloat(h)
        saturation?.pointee = CGFloat(maxC > 0 ? delta / maxC : 0)
        brightness?.pointee = CGFloat(maxC)
        alpha?.pointee = CGFloat(c.alpha)
        return true
    }

    /// HSV to RGB: the hue picks one of six sectors of the colour wheel.
    static func rgb(hue: CGFloat, saturation: CGFloat, brightness v: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        var h = hue.truncatingRemainder(dividingBy: 1)
        if h < 0 { h += 1 }
        let s = min(max(saturation, 0), 1)
        let sector = h * 6
        let i = min(Int(sector), 5)
        let f = sector - CGFloat(i)
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UIColor)?.cgColor == cgColor
    }

    open override var hash: Int { cgColor.hashValue }

    open override var description: String { "UIColor(\(cgColor))" }

    package var engine: Color { cgColor.engine }

    // MARK: Named colours

    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // MARK: System colours (light mode)

    private static func rgb255(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    public class var systemRed: UIColor { rgb255(255, 59, 48) }
    public class var systemOrange: UIColor { rgb255(255, 149, 0) }
    public class var systemYellow: UIColor { rgb255(255, 204, 0) }
    public class var systemGreen: UIColor { rgb255(52, 199, 89) }
    public class var systemMint: UIColor { rgb255(0, 199, 190) }
    public class var systemTeal: UIColor { rgb255(48, 176, 199) }
    public class var systemCyan: UIColor { rgb255(50, 173, 230) }
    public class var systemBlue: UIColor { rgb255(0, 122, 255) }
    public class var systemIndigo: UIColor { rgb255(88, 86, 214) }
    public class var systemPurple: UIColor { rgb255(175, 82, 222) }
    public class var systemPink: UIColor { rgb255(255, 45, 85) }
    public class var systemBrown: UIColor { rgb255(162, 132, 94) }
    public class var systemGray: UIColor { rgb255(142, 142, 147) }
    public class var systemGray2: UIColor { rgb255(174, 174, 178) }
    public class var systemGray3: UIColor { rgb255(199, 199, 204) }
    public class var systemGray4: UIColor { rgb255(209, 209, 214) }
    public class var systemGray5: UIColor { rgb255(229, 229, 234) }
    public class var systemGray6: UIColor { rgb255(242, 242, 247) }
    public class var label: UIColor { rgb255(0, 0, 0) }
    public class var secondaryLabel: UIColor { rgb255(60, 60, 67, 0.6) }
    public class var systemBackground: UIColor { rgb255(255, 255, 255) }
    public class var secondarySystemBackground: UIColor { rgb255(242, 242, 247) }
}
