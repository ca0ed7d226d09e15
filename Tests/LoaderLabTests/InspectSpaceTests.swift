import Foundation
import LayerKit
import LoaderLab
import Loaders
import Testing

/// `inspect` shows 3D placement (transform3D, zPosition, doubleSided, projection, depth, kind
/// transform) and running transitions, and leaves them out for flat, still layers.
@Suite struct InspectSpaceTests {
    @Test func threeDimensionalFieldsAppearWhereUsed() throws {
        var face = LayerProperties()
        face.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        face.transform = Transform3D(translationX: 0, y: 0, z: 10)
        face.isDoubleSided = false
        var box = PresentationLayer(
            name: "box", properties: LayerProperties(),
            sublayers: [PresentationLayer(name: "face", properties: face)])
        box.properties.position = Point(50, 50)
        box.properties.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0)
        box.isTransformLayer = true
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.sublayerTransform.m34 = -1.0 / 400
        var flat = LayerProperties()
        flat.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        var fading = PresentationLayer(name: "fading", properties: flat)
        fading.transition = PresentationTransition(type: .push, subtype: .fromTop, progress: 0.5, from: nil)
        let tree = PresentationLayer(
            name: "root", properties: root,
            sublayers: [box, PresentationLayer(name: "flat", properties: flat), fading])
        let text = InspectJSON.document(
            loader: "x", snapshot: LoaderSnapshot(tree: tree, state: "running", time: 0, size: Size(100, 100))
        )
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let rootJSON = try #require(json["root"] as? [String: Any])
        #expect((rootJSON["sublayerTransform3D"] as? [Double])?[11] == -1.0 / 400)
        let subs = try #require(rootJSON["sublayers"] as? [[String: Any]])
        #expect(subs[0]["kind"] as? String == "transform")
        #expect((subs[0]["transform3D"] as? [Double])?.count == 16)
        let faceJSON = try #require((subs[0]["sublayers"] as? [[String: Any]])?.first)
        #expect(faceJSON["doubleSided"] as? Bool == false)
        #expect((faceJSON["projection"] as? [Double])?.count == 9)
        // The face's centre (0, 0, 10) turned 0.5 about y: z = 10·cos 0.5.
        let depth = try #require(faceJSON["depth"] as? Double)
        #expect(abs(depth - 10 * cos(0.5) / (1 - 10 * cos(0.5) / 400)) < 1e-9)
        // A flat layer has none of them.
        for key in ["transform3D", "zPosition", "doubleSided", "projection", "depth", "transition"] {
            #expect(subs[1][key] == nil, "\(key)")
        }
        let transition = try #require(subs[2]["transition"] as? [String: Any])
        #expect(transition["type"] as? String == "push")
        #expect(transition["subtype"] as? String == "fromTop")
        #expect(transition["progress"] as? Double == 0.5)
    }
}
