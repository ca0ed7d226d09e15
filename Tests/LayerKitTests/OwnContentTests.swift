import Testing

@testable import LayerKit

/// `PresentationLayer.ownContent`: placement properties (by the tables' roles) reset, content
/// kept; the backing stores are keyed by it.
@Suite struct OwnContentTests {
    func dot() -> PresentationLayer {
        var layer = PresentationLayer(name: "dot")
        layer.properties.bounds = Rect(x: 0, y: 0, width: 12, height: 12)
        layer.properties.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
        layer.properties.cornerRadius = 6
        layer.shape = ShapeProperties()
        layer.shape!.path = .oval(in: Rect(x: 1, y: 1, width: 10, height: 10))
        layer.shape!.strokeColor = .black
        return layer
    }

    /// Every placement property of every table, set away from its default, leaves the content
    /// equal to the unmoved layer's: the reset reads the tables, so a property declared
    /// `.placement` is reset without naming it here.
    @Test func everyPlacementPropertyIsReset() {
        var moved = dot()
        moved.properties.position = Point(x: 40.3, y: -7.25)
        moved.properties.anchorPoint = Point(x: 0.1, y: 0.9)
        moved.properties.transform = Transform3D(rotationZ: 0.7)
        moved.properties.sublayerTransform = Transform3D(scaleX: 2, y: 2)
        moved.properties.opacity = 0.4
        moved.properties.isHidden = true
        moved.properties.zPosition = 3
        moved.properties.isDoubleSided = false
        moved.properties.shouldRasterize = true
        let placementKeys = Set(LayerTable.all.filter { $0.role == .placement }.map(\.key))
        #expect(
            placementKeys == [
                "position", "anchorPoint", "transform", "sublayerTransform", "opacity", "hidden", "zPosition",
                "doubleSided", "shouldRasterize",
            ], "a placement property this test does not set")
        #expect(moved.ownContent == dot().ownContent)
        // Each reset value is the table's default.
        for entry in LayerTable.all where entry.role == .placement {
            #expect(entry.hasDefaultValue(moved.ownContent.properties), "\(entry.key) kept")
        }
    }

    /// The reset copies plain fields as bytes: the same result as copying each default through
    /// its key path.
    @Test func byteCopiesAgreeWithKeyPathCopies() {
        var moved = dot()
        moved.properties.position = Point(x: 1, y: 2)
        moved.properties.transform = Transform3D(scaleX: 0.5, y: 3)
        moved.properties.opacity = 0.25
        moved.properties.zPosition = -4
        var expected = moved.properties
        let defaults = LayerProperties()
        for entry in LayerTable.all where entry.role == .placement { entry.copy(defaults, &expected) }
        #expect(moved.ownContent.properties == expected)
        #expect(LayerContentRoles.layer.plainFields.count == LayerContentRoles.layer.entries.count)
    }

    /// Content properties are kept: a change to any of them is a different content.
    @Test func contentPropertiesAreKept() {
        let base = dot().ownContent
        let changes: [(String, (inout PresentationLayer) -> Void)] = [
            ("bounds", { $0.properties.bounds.size.width = 13 }),
            ("backgroundColor", { $0.properties.backgroundColor = .white }),
            ("cornerRadius", { $0.properties.cornerRadius = 5 }),
            ("borderWidth", { $0.properties.borderWidth = 1 }),
            ("shadowOpacity", { $0.properties.shadowOpacity = 0.5 }),
            ("strokeEnd", { $0.shape!.strokeEnd = 0.5 }),
            ("lineWidth", { $0.shape!.lineWidth = 2 }),
            ("path", { $0.shape!.path = .oval(in: Rect(x: 0, y: 0, width: 12, height: 12)) }),
        ]
        for (name, change) in changes {
            var changed = dot()
            change(&changed)
            #expect(changed.ownContent != base, "\(name) was reset")
        }
    }

    /// Name, sublayers and mask are not content of the layer's own.
    @Test func nameSublayersAndMaskAreLeftOut() {
        var other = dot()
        other.name = "another"
        other.sublayers = [dot()]
        other.mask = dot()
        #expect(other.ownContent == dot().ownContent)
        #expect(other.ownContent.sublayers.isEmpty)
        #expect(other.ownContent.mask == nil)
        #expect(other.ownContent.name == nil)
    }
}
