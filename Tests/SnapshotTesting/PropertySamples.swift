import LayerKit

/// Values for walking the property tables in tests: for each property, a value other than its
/// default, and the table's entries with their typed properties.
public enum PropertySamples {
    /// A value of `V` other than `value` (and valid for every property of that type: 0…1 for
    /// fractions, positive sizes and counts). Nil for a type this does not know.
    public static func other<V>(than value: V) -> V? {
        let result: Any?
        switch V.self {
        case is Double.Type:
            let d = value as! Double
            result = d + 0.25 > 1 ? d / 2 : d + 0.25
        case is Int.Type: result = (value as! Int) + 2
        case is Bool.Type: result = !(value as! Bool)
        case is Point.Type:
            let p = value as! Point
            result = Point(x: p.x + 0.25, y: p.y + 0.125)
        case is Size.Type:
            let s = value as! Size
            result = Size(width: s.width + 2, height: s.height + 3)
        case is Rect.Type:
            let r = Rect(x: 1, y: 2, width: 30, height: 40)
            result = value as! Rect == r ? Rect(x: 0, y: 0, width: 20, height: 10) : r
        case is Transform3D.Type: result = Transform3D(translationX: 10, y: 20)
        case is Color.Type: result = value as! Color == .red ? Color.black : Color.red
        case is Color?.Type: result = Color?.some(value as! Color? == .red ? .black : .red)
        case is Path?.Type: result = Path?.some(.rect(Rect(x: 2, y: 3, width: 10, height: 12)))
        case is [Double].Type: result = [2.0, 1.0]
        case is [Double]?.Type: result = [Double]?.some([0.25])
        case is [Color].Type: result = [Color.red, Color.black]
        case is String.Type: result = "Menlo"
        case is String?.Type: result = String?.some("Hi")
        case is ImageReference?.Type:
            let path = value as! ImageReference? == nil ? "/x.png" : "/y.png"
            result = ImageReference?.some(ImageReference(path: path, pixelSize: Size(4, 4)))
        case is ContentsGravity.Type: result = ContentsGravity.center
        case is FillRule.Type: result = FillRule.evenOdd
        case is LineCap.Type: result = LineCap.round
        case is LineJoin.Type: result = LineJoin.bevel
        case is GradientType.Type: result = GradientType.radial
        case is TextAlignment.Type: result = TextAlignment.center
        case is TruncationMode.Type: result = TruncationMode.end
        case is CornerMask.Type: result = CornerMask.layerMinXMinYCorner
        default: result = nil
        }
        return result as? V
    }

    /// `group` with `property` set to a value other than the one it holds.
    public static func changed<P: TypedLayerProperty>(_ property: P, in group: P.Group) -> P.Group? {
        guard let v = other(than: group[keyPath: property.storage]) else { return nil }
        var g = group
        g[keyPath: property.storage] = v
        return g
    }

    /// Sets `property` of `layer` to `value` through the layer's setter for its table (`set`).
    /// False when the layer is not of the property's kind.
    public static func set<P: TypedLayerProperty>(_ property: P, _ value: P.Value, on layer: Layer) -> Bool {
        switch property {
        case let p as LayerProperty<LayerProperties, P.Value>: layer.set(p, value)
        case let p as LayerProperty<ShapeProperties, P.Value>:
            guard let shape = layer as? ShapeLayer else { return false }
            shape.set(p, value)
        case let p as LayerProperty<GradientProperties, P.Value>:
            guard let gradient = layer as? GradientLayer else { return false }
            gradient.set(p, value)
        case let p as LayerProperty<TextProperties, P.Value>:
            guard let text = layer as? TextLayer else { return false }
            text.set(p, value)
        case let p as LayerProperty<ReplicatorProperties, P.Value>:
            guard let replicator = layer as? ReplicatorLayer else { return false }
            replicator.set(p, value)
        default: return false
        }
        return true
    }

    /// A new engine layer of the kind whose values `Group` holds.
    public static func layer<Group: LayerPropertyGroup>(for _: Group.Type) -> Layer {
        switch Group.self {
        case is ShapeProperties.Type: ShapeLayer()
        case is GradientProperties.Type: GradientLayer()
        case is TextProperties.Type: TextLayer()
        case is ReplicatorProperties.Type: ReplicatorLayer()
        default: Layer()
        }
    }

    /// A presentation layer of `Group`'s kind, with default values, and `group` in it.
    public static func presentation<Group: LayerPropertyGroup>(with group: Group, properties: LayerProperties)
        -> PresentationLayer
    {
        var l = PresentationLayer(properties: properties)
        switch group {
        case let g as LayerProperties: l.properties = g
        case let g as ShapeProperties: l.shape = g
        case let g as GradientProperties: l.gradient = g
        case let g as TextProperties: l.text = g
        case let g as ReplicatorProperties: l.replicator = g
        default: break
        }
        return l
    }
}
