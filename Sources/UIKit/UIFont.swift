import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore

/// `UIFont`: a font name and a size, drawn by the engine's text layers with the system's fonts.
///
/// **The system font** (`systemFont(ofSize:)`, `systemFont(ofSize:weight:)`,
/// `boldSystemFont(ofSize:)`, `italicSystemFont(ofSize:)`, `preferredFont(forTextStyle:)`) has
/// the names iOS 13 and later report (`.SFUI-Regular`, `.SFUI-Semibold`, `.SFUI-RegularItalic`
/// …) and is drawn with the installed sans-serif face (DejaVu Sans, which `make deps` installs).
/// The renderer chooses faces by two weights only, so `.semibold`, `.bold`, `.heavy` and
/// `.black` draw bold; `.ultraLight` and `.thin` draw DejaVu Sans ExtraLight (its family
/// "DejaVu Sans Light"); `.light`, `.regular` and `.medium` draw regular. `boldSystemFont` is
/// `.semibold`, as on iOS. The monospaced system font (`.SFMono-…`) draws the monospace face.
///
/// **Named fonts.** `UIFont(name:size:)` takes any name, read as the renderer reads it (a
/// family, then a style after the last hyphen: `"Avenir-Heavy"`). On iOS it returns nil for a
/// name it lacks; here it always returns a font, so that code which unwraps it runs, and when
/// that family is not installed here (Apple's never are) the text is drawn with a stand-in —
/// sans-serif, monospace for Menlo/Courier/SF Mono, serif for Times/Georgia/New York, bold and
/// italic kept from the style — and one line on standard error, once per name, says which.
///
/// **Metrics.** `lineHeight`, `ascender` and `descender` are the drawn face's, measured as the
/// renderer measures text (`TextMeasuring`), so labels sized to them fit what is drawn; they are
/// DejaVu's, not San Francisco's (DejaVu Sans at 17 pt: line height 19.8, SF's 20.3).
///
/// Absent: font descriptors, `capHeight`, `xHeight`, `leading`, `familyNames`/`fontNames`,
/// Dynamic Type scaling (text styles have the default content size's point sizes).
open class UIFont: NSObject {
    /// The font's name as iOS reports it (for `UIFont(name:size:)`, the name given).
    public let fontName: String
    public let pointSize: CGFloat
    /// The name the text layers draw it with (the renderer's reading of font names).
    let drawnName: String

    init(fontName: String, drawnName: String, pointSize: CGFloat) {
        self.fontName = fontName
        self.drawnName = drawnName
        self.pointSize = pointSize
        super.init()
    }

    /// The font named `fontName` at `fontSize` points. A family that is not installed here is
    /// drawn with a stand-in and reported once on standard error (iOS would return nil).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        InstalledFonts.reportIfMissing(fontName)
        self.init(fontName: fontName, drawnName: fontName, pointSize: fontSize)
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The family: the name before its style (`"Avenir"` for `"Avenir-Heavy"`); the system
    /// font's is `.AppleSystemUIFont`, as on iOS.
    open var familyName: String {
        if fontName.hasPrefix(".SF") {
            return fontName.hasPrefix(".SFMono") ? ".AppleSystemUIFontMonospaced" : ".AppleSystemUIFont"
        }
        guard let dash = fontName.lastIndex(of: "-") else { return fontName }
        return String(fontName[..<dash])
    }

    /// The same font at `fontSize` points.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(fontName: fontName, drawnName: drawnName, pointSize: fontSize)
    }

    private var metrics: TextLayout.Metrics {
        TextMeasuring.metrics(font: drawnName, size: Double(pointSize))
    }

    /// The distance from one baseline to the next, as text layers and labels space lines.
    open var lineHeight: CGFloat { CGFloat(metrics.lineHeight) }
    /// The height above the baseline.
    open var ascender: CGFloat { CGFloat(metrics.ascent) }
    /// The depth below the baseline, negative as on iOS.
    open var descender: CGFloat { -CGFloat(metrics.descent) }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return fontName == other.fontName && pointSize == other.pointSize
    }

    open override var hash: Int {
        var h = Hasher()
        h.combine(fontName)
        h.combine(pointSize)
        return h.finalize()
    }

    open override var description: String { "UIFont(\"\(fontName)\", \(pointSize) pt)" }

    // MARK: The system font

    /// `UIFont.Weight`, with UIKit's raw values.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The named weights, lightest first, with the style iOS's system font names give them.
        static let named: [(Weight, String)] = [
            (.ultraLight, "Ultralight"), (.thin, "Thin"), (.light, "Light"), (.regular, "Regular"),
            (.medium, "Medium"), (.semibold, "Semibold"), (.bold, "Bold"), (.heavy, "Heavy"),
            (.black, "Black"),
        ]

        /// The named weight nearest this one (the lighter of two as near).
        var nearestNamed: (Weight, String) {
            let distance = { (weight: Weight) in abs(weight.rawValue - rawValue) }
            return Weight.named.min { distance($0.0) < distance($1.0) } ?? (.regular, "Regular")
        }
    }

    /// `UIFont.TextStyle`, each with the point size (and weight) of the default content size.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Apple's Human Interface Guidelines, "Typography", the Large (default) size.
        var pointSizeAndWeight: (CGFloat, Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }

    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        let (named, style) = weight.nearestNamed
        let drawn = named.rawValue < Weight.light.rawValue ? "DejaVu Sans Light" : ".SFUI-" + style
        return UIFont(fontName: ".SFUI-" + style, drawnName: drawn, pointSize: fontSize)
    }

    /// The system font's semibold weight, as `boldSystemFont` is on iOS.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .semibold)
    }

    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(fontName: ".SFUI-RegularItalic", drawnName: ".SFUI-RegularItalic", pointSize: fontSize)
    }

    /// The monospaced system font (SF Mono on iOS), drawn with the monospace face.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        let (named, style) = weight.nearestNamed
        let bold = named.rawValue >= Weight.semibold.rawValue
        return UIFont(
            fontName: ".SFMono-" + style, drawnName: bold ? "Menlo-Bold" : "Menlo-Regular",
            pointSize: fontSize)
    }

    /// The system font with digits of one width: DejaVu Sans's digits already are.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The system font at the text style's size (and weight) for the default content size.
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        let (size, weight) = style.pointSizeAndWeight
        return systemFont(ofSize: size, weight: weight)
    }

    /// Where the reports of fonts that are not installed go: `CALayer.errorReporter` (standard
    /// error) unless set.
    @_spi(LoaderLabHost) nonisolated(unsafe) public static var missingFontReporter: ((String) -> Void)?

    open class var systemFontSize: CGFloat { 14 }
    open class var smallSystemFontSize: CGFloat { 12 }
    open class var labelFontSize: CGFloat { 17 }
    open class var buttonFontSize: CGFloat { 18 }
}

/// The font families installed here, from fontconfig (`fc-list`), and the one-time reports of
/// named fonts that are not.
enum InstalledFonts {
    /// Installed family names, lowercased without spaces (fontconfig compares names so); nil
    /// when `fc-list` cannot be run.
    static let families: Set<String>? = {
        guard let output = run(["fc-list", "--format", "%{family}\\n"]) else { return nil }
        var names = Set<String>()
        for line in output.split(separator: "\n") {
            for family in line.split(separator: ",") { names.insert(normalized(String(family))) }
        }
        return names
    }()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var reported: Set<String> = []

    static func normalized(_ family: String) -> String {
        family.lowercased().filter { !$0.isWhitespace }
    }

    /// Says once, on standard error, that no font named `name` is installed and what draws
    /// its text instead; nothing when its family is installed and drawn as it is.
    static func reportIfMissing(_ name: String) {
        lock.lock()
        let first = reported.insert(name).inserted
        lock.unlock()
        guard first else { return }
        var family = name
        if let dash = name.lastIndex(of: "-") { family = String(name[..<dash]) }
        let face = TextMeasuring.installed?.face(name)
        // The renderer replaces Apple's families by generic ones: those are never drawn as named.
        let drawnAsNamed = face.map { normalized($0.family) == normalized(family) } ?? true
        if drawnAsNamed, !family.isEmpty, families?.contains(normalized(family)) == true { return }
        let standIn = face.flatMap { match(family: $0.family, bold: $0.isBold, italic: $0.isItalic) }
        (UIFont.missingFontReporter ?? CALayer.errorReporter)(
            "UIKit: UIFont(name: \"\(MessageText.escaped(name))\"): no such font is installed here; "
                + "its text is drawn with \(standIn ?? "a stand-in face") instead")
    }

    /// The face fontconfig picks for a family and style (`fc-match`), as "Family Style".
    private static func match(family: String, bold: Bool, italic: Bool) -> String? {
        let pattern = "\(family):weight=\(bold ? 200 : 80):slant=\(italic ? 100 : 0)"
        guard let output = run(["fc-match", "--format", "%{family[0]}\\t%{style[0]}", pattern]) else {
            return nil
        }
        let parts = output.split(separator: "\t").map(String.init)
        guard let name = parts.first, !name.isEmpty else { return nil }
        return parts.count > 1 && parts[1] != "Book" && parts[1] != "Regular" ? "\(name) \(parts[1])" : name
    }

    /// The standard output of a fontconfig tool found on the PATH, or nil if it cannot run.
    private static func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
