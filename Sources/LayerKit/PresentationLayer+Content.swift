/// A layer's own content, apart from where and how it is composited.
///
/// The property tables declare each property's role (`PropertyRole`): `.content` changes what
/// the layer itself draws (paths, colours, line widths, stroke ends, corner radius, contents,
/// text …); `.placement` only moves or blends it (position, anchor point, transforms, opacity,
/// zPosition, hidden, double-sidedness, rasterization). `ownContent` keeps the first and puts
/// every one of the second at its default, read from the tables, so two layers that draw the
/// same pixels in their own coordinates have equal `ownContent` whatever their places. A
/// renderer's backing store is keyed by it: a change to a content property makes a new store,
/// a change to a placement property composites the old one elsewhere.
extension PresentationLayer {
    /// This layer's content: the same layer without its name, its sublayers, its mask or its
    /// transition, and with every placement property (in every table of its kind) at its
    /// default.
    public var ownContent: PresentationLayer {
        var content = PresentationLayer(
            properties: Self.resettingPlacement(properties, LayerContentRoles.layer),
            shape: shape.map { Self.resettingPlacement($0, LayerContentRoles.shape) },
            gradient: gradient.map { Self.resettingPlacement($0, LayerContentRoles.gradient) },
            text: text.map { Self.resettingPlacement($0, LayerContentRoles.text) })
        content.replicator = replicator.map { Self.resettingPlacement($0, LayerContentRoles.replicator) }
        return content
    }

    /// `values` with the entries of `placement` copied from a default group.
    private static func resettingPlacement<Group: LayerPropertyGroup>(
        _ values: Group, _ placement: LayerContentRoles.Placement<Group>
    ) -> Group {
        guard !placement.entries.isEmpty else { return values }
        var result = values
        // Plain fields as bytes (every placement property is a number, point, transform or
        // flag), anything else through its key path.
        withUnsafeMutableBytes(of: &result) { target in
            withUnsafeBytes(of: placement.defaults) { source in
                for (offset, size) in placement.plainFields {
                    target.baseAddress!.advanced(by: offset)
                        .copyMemory(from: source.baseAddress!.advanced(by: offset), byteCount: size)
                }
            }
        }
        for entry in placement.otherEntries { entry.copy(placement.defaults, &result) }
        return result
    }
}

/// The placement entries of each property table, filtered once.
enum LayerContentRoles {
    struct Placement<Group: LayerPropertyGroup>: Sendable {
        let entries: [LayerPropertyEntry<Group>]
        /// The entries stored as plain bytes: where each lies in the group.
        let plainFields: [(offset: Int, size: Int)]
        /// The others.
        let otherEntries: [LayerPropertyEntry<Group>]
        let defaults = Group()

        init(_ all: [LayerPropertyEntry<Group>]) {
            entries = all.filter { $0.role == .placement }
            plainFields = entries.compactMap(\.plainField)
            otherEntries = entries.filter { $0.plainField == nil }
        }
    }

    static let layer = Placement(LayerTable.all)
    static let shape = Placement(ShapeTable.all)
    static let gradient = Placement(GradientTable.all)
    static let text = Placement(TextTable.all)
    static let replicator = Placement(ReplicatorTable.all)
}
