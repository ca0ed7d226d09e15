import Foundation
import LayerKit

/// `CAShapeLayer`: draws a path, filled and stroked.
///
/// `strokeStart`/`strokeEnd` are fractions of the path's whole length. Defaults are Core
/// Animation's: opaque black fill, no stroke, line width 1, butt caps, miter joins.
open class CAShapeLayer: CALayer {
    package override class func makeEngineLayer() -> Layer { ShapeLayer() }

    private var shape: ShapeLayer { unsafeDowncast(engine, to: ShapeLayer.self) }

    open var path: CGPath? {
        get { shape.path.map { CGPath(path: $0) } }
        set { shape.path = newValue?.path }
    }
    open var fillColor: CGColor? {
        get { shape.fillColor.map(CGColor.init) }
        set { shape.fillColor = newValue?.engine }
    }
    open var fillRule: CAShapeLayerFillRule {
        get { shape.fillRule == .evenOdd ? .evenOdd : .nonZero }
        set { shape.fillRule = newValue == .evenOdd ? .evenOdd : .nonZero }
    }
    open var strokeColor: CGColor? {
        get { shape.strokeColor.map(CGColor.init) }
        set { shape.strokeColor = newValue?.engine }
    }
    open var lineWidth: CGFloat {
        get { CGFloat(shape.lineWidth) }
        set { shape.lineWidth = Double(newValue) }
    }
    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: shape.lineCap.rawValue) }
        set { shape.lineCap = LineCap(rawValue: newValue.rawValue) ?? .butt }
    }
    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: shape.lineJoin.rawValue) }
        set { shape.lineJoin = LineJoin(rawValue: newValue.rawValue) ?? .miter }
    }
    open var miterLimit: CGFloat {
        get { CGFloat(shape.miterLimit) }
        set { shape.miterLimit = Double(newValue) }
    }
    /// Dash and gap lengths, alternating; nil or empty for a solid line.
    open var lineDashPattern: [NSNumber]? {
        get { shape.lineDashPattern.isEmpty ? nil : shape.lineDashPattern.map { NSNumber(value: $0) } }
        set { shape.lineDashPattern = newValue?.map(\.doubleValue) ?? [] }
    }
    open var lineDashPhase: CGFloat {
        get { CGFloat(shape.lineDashPhase) }
        set { shape.lineDashPhase = Double(newValue) }
    }
    open var strokeStart: CGFloat {
        get { CGFloat(shape.strokeStart) }
        set { shape.strokeStart = Double(newValue) }
    }
    open var strokeEnd: CGFloat {
        get { CGFloat(shape.strokeEnd) }
        set { shape.strokeEnd = Double(newValue) }
    }
}

/// `CAGradientLayer`: fills its bounds with a gradient of `colors` (`CGColor`s).
open class CAGradientLayer: CALayer {
    package override class func makeEngineLayer() -> Layer { GradientLayer() }

    private var gradient: GradientLayer { unsafeDowncast(engine, to: GradientLayer.self) }

    /// `CGColor`s. Anything else in the array is reported and the colours are left unchanged.
    open var colors: [Any]? {
        get { gradient.colors.isEmpty ? nil : gradient.colors.map(CGColor.init) }
        set {
            var list: [Color] = []
            for (i, c) in (newValue ?? []).enumerated() {
                guard let color = c as? CGColor else {
                    CALayer.report(
                        "\(describeForReport()): colors[\(i)] must be a CGColor, not a \(Swift.type(of: c))")
                    return
                }
                list.append(color.engine)
            }
            gradient.colors = list
        }
    }
    open var locations: [NSNumber]? {
        get { gradient.locations?.map { NSNumber(value: $0) } }
        set { gradient.locations = newValue?.map(\.doubleValue) }
    }
    open var startPoint: CGPoint {
        get { CGPoint(gradient.startPoint) }
        set { gradient.startPoint = newValue.engine }
    }
    open var endPoint: CGPoint {
        get { CGPoint(gradient.endPoint) }
        set { gradient.endPoint = newValue.engine }
    }
    open var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: gradient.type.rawValue) }
        set { gradient.type = GradientType(rawValue: newValue.rawValue) ?? .axial }
    }
}

/// `CATextLayer`: draws a string in one font.
///
/// `font` takes a font name (`String`); `string` a `String`. Deviations: no `UIFont`/`CTFont`
/// and no attributed strings.
open class CATextLayer: CALayer {
    package override class func makeEngineLayer() -> Layer { TextLayer() }

    private var text: TextLayer { unsafeDowncast(engine, to: TextLayer.self) }

    /// A `String`; anything else is reported and shows nothing.
    open var string: Any? {
        get { text.string }
        set {
            switch newValue {
            case nil: text.string = nil
            case let s as String: text.string = s
            case let s as NSString: text.string = String(describing: s)
            case let other?:
                text.string = nil
                CALayer.report(
                    "\(describeForReport()): string must be a String, not a \(Swift.type(of: other))")
            }
        }
    }
    /// The font's name (a `String`); anything else is reported and the font is unchanged.
    open var font: CFTypeRef? {
        get { text.font as NSString }
        set {
            switch newValue {
            case nil: text.font = TextProperties().font
            case let s as String: text.font = s
            case let s as NSString: text.font = String(describing: s)
            case let other?:
                CALayer.report(
                    "\(describeForReport()): font must be a font name, not a \(Swift.type(of: other))")
            }
        }
    }
    open var fontSize: CGFloat {
        get { CGFloat(text.fontSize) }
        set { text.fontSize = Double(newValue) }
    }
    open var foregroundColor: CGColor? {
        get { text.foregroundColor.map(CGColor.init) }
        set { text.foregroundColor = newValue?.engine }
    }
    open var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: text.alignmentMode.rawValue) }
        set { text.alignmentMode = TextAlignment(rawValue: newValue.rawValue) ?? .natural }
    }
    open var truncationMode: CATextLayerTruncationMode {
        get { CATextLayerTruncationMode(rawValue: text.truncationMode.rawValue) }
        set { text.truncationMode = TruncationMode(rawValue: newValue.rawValue) ?? .none }
    }
    open var isWrapped: Bool {
        get { text.isWrapped }
        set { text.isWrapped = newValue }
    }
}

/// `CAReplicatorLayer`: draws its sublayers `instanceCount` times, each copy transformed by
/// `instanceTransform` once more than the one before, delayed by `instanceDelay` and tinted.
open class CAReplicatorLayer: CALayer {
    package override class func makeEngineLayer() -> Layer { ReplicatorLayer() }

    private var replicator: ReplicatorLayer { unsafeDowncast(engine, to: ReplicatorLayer.self) }

    open var instanceCount: Int {
        get { replicator.instanceCount }
        set { replicator.instanceCount = newValue }
    }
    open var instanceTransform: CATransform3D {
        get { CATransform3D(replicator.instanceTransform) }
        set { replicator.instanceTransform = newValue.engine }
    }
    open var instanceDelay: CFTimeInterval {
        get { replicator.instanceDelay }
        set { replicator.instanceDelay = newValue }
    }
    /// Multiplies the copies' colours; white (no tint) when nil.
    open var instanceColor: CGColor? {
        get { CGColor(replicator.instanceColor) }
        set { replicator.instanceColor = newValue?.engine ?? .white }
    }
    open var instanceRedOffset: Float {
        get { Float(replicator.instanceRedOffset) }
        set { replicator.instanceRedOffset = Double(newValue) }
    }
    open var instanceGreenOffset: Float {
        get { Float(replicator.instanceGreenOffset) }
        set { replicator.instanceGreenOffset = Double(newValue) }
    }
    open var instanceBlueOffset: Float {
        get { Float(replicator.instanceBlueOffset) }
        set { replicator.instanceBlueOffset = Double(newValue) }
    }
    open var instanceAlphaOffset: Float {
        get { Float(replicator.instanceAlphaOffset) }
        set { replicator.instanceAlphaOffset = Double(newValue) }
    }
}
