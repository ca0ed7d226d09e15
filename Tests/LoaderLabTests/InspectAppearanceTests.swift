import Foundation
import LayerKit
import LoaderLab
import Loaders
import Testing

/// `inspect` shows gradients, text, corners, shadows, contents geometry and masks, and leaves
/// them out for layers that do not use them.
@Suite struct InspectAppearanceTests {
    static func document(_ tree: PresentationLayer) throws -> [String: Any] {
        let text = InspectJSON.document(
            loader: "x", snapshot: LoaderSnapshot(tree: tree, state: "running", time: 0, size: Size(100, 100))
        )
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func everyNewPropertyAppearsWhereItIsUsed() throws {
        var gradient = GradientProperties()
        gradient.type = .conic
        gradient.colors = [.red, .white]
        gradient.startPoint = Point(0.5, 0.5)
        var g = LayerProperties()
        g.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        g.position = Point(50, 50)
        g.cornerRadius = 6
        g.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        g.shadowOpacity = 0.5
        g.shadowOffset = Size(1, 2)
        g.shadowPath = .rect(Rect(x: 0, y: 0, width: 40, height: 10))
        var maskProperties = LayerProperties()
        maskProperties.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        maskProperties.position = Point(10, 10)
        let mask = PresentationLayer(name: "mask", properties: maskProperties)
        let gradientLayer = PresentationLayer(name: "g", properties: g, gradient: gradient, mask: mask)
        var t = TextProperties()
        t.string = "Loading…"
        t.fontSize = 14
        t.alignmentMode = .center
        t.truncationMode = .end
        t.isWrapped = true
        let textLayer = PresentationLayer(name: "t", properties: LayerProperties(), text: t)
        var image = LayerProperties()
        image.contents = ImageReference(path: "/x.png")
        image.contentsRect = Rect(x: 0, y: 0, width: 0.5, height: 1)
        image.contentsScale = 2
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.position = Point(50, 50)
        let tree = PresentationLayer(
            name: "root", properties: root,
            sublayers: [gradientLayer, textLayer, PresentationLayer(name: "i", properties: image)])
        let json = try Self.document(tree)
        let rootJSON = try #require(json["root"] as? [String: Any])
        // Nothing new on a plain layer.
        for key in [
            "cornerRadius", "maskedCorners", "shadowOpacity", "contentsRect", "mask", "colors", "string",
        ] {
            #expect(rootJSON[key] == nil, "\(key)")
        }
        let layers = try #require(rootJSON["sublayers"] as? [[String: Any]])

        let gj = layers[0]
        #expect(gj["kind"] as? String == "gradient")
        #expect(gj["gradientType"] as? String == "conic")
        #expect((gj["colors"] as? [[Double]]) == [[1, 0, 0, 1], [1, 1, 1, 1]])
        #expect(gj["locations"] is NSNull)
        expectNumbers(gj["startPoint"], [0.5, 0.5])
        expectNumbers(gj["endPoint"], [0.5, 1])
        expectNumbers(gj["cornerRadius"].map { [$0] }, [6])
        expectNumbers(gj["maskedCorners"].map { [$0] }, [9])
        expectNumbers(gj["shadowColor"], [0, 0, 0, 1])
        expectNumbers(gj["shadowOpacity"].map { [$0] }, [0.5])
        expectNumbers(gj["shadowOffset"], [1, 2])
        expectNumbers(gj["shadowRadius"].map { [$0] }, [3])
        expectNumbers(gj["shadowPathBounds"], [0, 0, 40, 10])
        // The mask, a layer in the gradient layer's coordinates: its bounds origin is at
        // (0, 0) of the gradient layer, whose own origin is at (30, 30) in the root.
        let mj = try #require(gj["mask"] as? [String: Any])
        #expect(mj["name"] as? String == "mask")
        expectNumbers(mj["toRoot"], [1, 0, 0, 1, 30, 30])

        let tj = layers[1]
        #expect(tj["kind"] as? String == "text")
        #expect(tj["string"] as? String == "Loading…")
        #expect(tj["font"] as? String == "Helvetica")
        expectNumbers(tj["fontSize"].map { [$0] }, [14])
        expectNumbers(tj["foregroundColor"], [1, 1, 1, 1])
        #expect(tj["alignmentMode"] as? String == "center")
        #expect(tj["truncationMode"] as? String == "end")
        #expect(tj["wrapped"] as? Bool == true)

        let ij = layers[2]
        #expect(ij["kind"] as? String == "image")
        expectNumbers(ij["contentsRect"], [0, 0, 0.5, 1])
        expectNumbers(ij["contentsCenter"], [0, 0, 1, 1])
        expectNumbers(ij["contentsScale"].map { [$0] }, [2])
    }

    @Test func helpDocumentsTheNewFields() {
        let help = Help.text(for: "inspect")
        for word in [
            "gradient", "text", "colors", "locations", "fontSize", "maskedCorners", "shadowRadius",
            "shadowPathBounds", "contentsCenter", "contentsScale", "mask", "shouldRasterize",
            "rasterizationScale",
        ] {
            #expect(help.contains(word), "\(word)")
        }
    }

    @Test func rasterizedLayersShowTheirScale() throws {
        var card = LayerProperties()
        card.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        card.position = Point(50, 50)
        card.shouldRasterize = true
        card.rasterizationScale = 2
        var plain = card
        plain.shouldRasterize = false
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.position = Point(50, 50)
        let tree = PresentationLayer(
            name: "root", properties: root,
            sublayers: [
                PresentationLayer(name: "card", properties: card), PresentationLayer(properties: plain),
            ])
        let rootJSON = try #require(try Self.document(tree)["root"] as? [String: Any])
        #expect(rootJSON["shouldRasterize"] == nil && rootJSON["rasterizationScale"] == nil)
        let layers = try #require(rootJSON["sublayers"] as? [[String: Any]])
        #expect(layers[0]["shouldRasterize"] as? Bool == true)
        #expect(layers[0]["rasterizationScale"] as? Double == 2)
        // Not rasterized: neither field, whatever the scale.
        #expect(layers[1]["shouldRasterize"] == nil && layers[1]["rasterizationScale"] == nil)
    }
}
