import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import RefreshKit
import Testing
@_spi(LoaderLabHost) import UIKit

/// Views, view animations and the scroll view, driven as the app drives them.
@Suite(.serialized) struct UIKitTests {
    final class ShapeView: UIView {
        override class var layerClass: AnyClass { CAShapeLayer.self }
    }

    @Test func layerClassOverride() {
        let v = ShapeView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(v.layer is CAShapeLayer)
        #expect(v.layer.engineLayer is ShapeLayer)
        #expect(UIView().layer.engineLayer is ShapeLayer == false)
        // A view's layer is a backing layer: no implicit animations outside view animations.
        #expect(v.layer.engineLayer.isViewBacking)
    }

    @Test func viewGeometryIsTheLayers() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        // Scaled about the centre: twice as large around the same centre.
        #expect(v.frame == CGRect(x: -40, y: -5, width: 200, height: 100))
        v.alpha = 0.5
        #expect(v.layer.opacity == 0.5)
        v.backgroundColor = .red
        #expect(v.layer.backgroundColor == UIColor.red.cgColor)
    }

    @Test func viewTreeAndLayerIdentity() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = UIView()
        let b = UIView()
        let c = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, belowSubview: b)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [a, c, b].map(ObjectIdentifier.init))
        #expect(
            parent.layer.sublayers!.map(ObjectIdentifier.init)
                == [a, c, b].map { ObjectIdentifier($0.layer) })
        #expect(c.superview === parent && c.layer.superlayer === parent.layer)
        b.removeFromSuperview()
        #expect(parent.subviews.count == 2 && b.superview == nil && b.layer.superlayer == nil)
        a.tag = 7
        #expect(parent.viewWithTag(7) === a)
        // A layer added and dropped is kept by its superlayer and comes back as the same object.
        final class Ring: CAShapeLayer {
            var note = "mine"
        }
        parent.layer.addSublayer(Ring())
        let found = parent.layer.sublayers!.last as? Ring
        #expect(found?.note == "mine")
        let mask = CALayer()
        parent.layer.mask = mask
        #expect(parent.layer.mask === mask)
        parent.layer.sublayers = nil
        #expect(parent.layer.sublayers == nil)
    }

    @Test func animateMovesTheCenter() {
        let stage = Stage()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let finished = MessageBox()
        stage.perform { stage.root.addSublayer(view.layer) }
        stage.at(0.1)
        stage.perform {
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear,
                animations: { view.center = CGPoint(x: 110, y: 10) },
                completion: { finished.messages.append("\($0)") })
        }
        // The model moves at once; on screen the centre goes linearly from (10, 10).
        #expect(view.center == CGPoint(x: 110, y: 10))
        stage.at(0.6)
        #expect(near(view.layer.presentation()!.position, CGPoint(x: 60, y: 10), 1e-6))
        #expect(finished.messages.isEmpty)
        stage.at(1.2)
        #expect(view.layer.presentation()!.position == CGPoint(x: 110, y: 10))
        #expect(finished.messages == ["true"])
        // With the default curve (ease-in-ease-out) a quarter of the time is not a quarter of the way.
        stage.perform { UIView.animate(withDuration: 1) { view.alpha = 0 } }
        stage.at(1.45)
        let e = bezierTiming(0.42, 0, 0.58, 1, at: 0.25)
        #expect(near(Double(view.layer.presentation()!.opacity), 1 - e, 1e-4))
    }

    @Test func layoutSubviewsRunsAfterBoundsChange() {
        final class Box: UIView {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let stage = Stage()
        let box = Box(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform { stage.root.addSublayer(box.layer) }
        box.layoutIfNeeded()
        #expect(box.layouts == 1)
        stage.perform { box.frame = CGRect(x: 0, y: 0, width: 30, height: 10) }
        #expect(box.layouts == 1)
        stage.at(0.1)
        #expect(box.layouts == 1 + 1)
        // Moving without resizing asks for no layout.
        stage.perform { box.center = CGPoint(x: 50, y: 50) }
        stage.at(0.2)
        #expect(box.layouts == 2)
    }

    /// A refresh header written as for iOS: added at negative y, the scroll view's delegate.
    final class Header: UIView, UIScrollViewDelegate {
        var events: [String] = []
        var target: CGPoint?
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { events.append("begin") }
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            if events.last != "scroll" { events.append("scroll") }
        }
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
            targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            events.append("willEnd")
            target = targetContentOffset.pointee
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            events.append("didEnd \(decelerate)")
            if -scrollView.contentOffset.y >= 60 {
                UIView.animate(withDuration: 0.5) { scrollView.contentInset.top = 60 }
            }
        }
    }

    @Test func scrollViewDelegateUnderADrag() {
        let stage = Stage(width: 320, height: 400)
        let list = ScrollView(
            viewportSize: Size(width: 320, height: 400), contentSize: Size(width: 320, height: 1000))
        let listLayer = Layer()
        let scrollView = UIScrollView(hosting: list, layer: listLayer)
        stage.perform { stage.root.engineLayer.addSublayer(listLayer) }
        list.timeline = listLayer
        let header = Header(frame: CGRect(x: 0, y: -60, width: 320, height: 60))
        scrollView.addSubview(header)
        scrollView.delegate = header
        #expect(listLayer.sublayers.first === header.layer.engineLayer)
        // The host's pointer: down, pull 150 points, up with no velocity.
        stage.perform {
            list.panBegan(at: 0)
            list.panChanged(translation: Point(x: 0, y: 150), at: 0.1)
        }
        #expect(scrollView.isDragging && scrollView.isTracking)
        #expect(scrollView.contentOffset.y < -60)
        stage.perform { list.panEnded(velocity: .zero, at: 0.2) }
        // The inset change moves the offset once more (to the new rest position): one more scroll.
        #expect(header.events == ["begin", "scroll", "willEnd", "didEnd true", "scroll"])
        // Released past the top, the content bounces back to the top: that is the target.
        #expect(header.target == CGPoint(x: 0, y: 0))
        // The header set the inset inside UIView.animate: the rest position is now −60.
        #expect(scrollView.contentInset.top == 60)
        list.advance(to: 5)
        #expect(scrollView.contentOffset.y == -60)
        #expect(!scrollView.isDecelerating)
    }

    @Test func standaloneScrollViewKeepsItsLayerAtTheOffset() {
        let stage = Stage()
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.perform { stage.root.addSublayer(scrollView.layer) }
        scrollView.contentSize = CGSize(width: 100, height: 500)
        scrollView.contentOffset = CGPoint(x: 0, y: 120)
        #expect(scrollView.layer.bounds.origin == CGPoint(x: 0, y: 120))
    }

    @Test func imagesByName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compat-images-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A PNG header: signature, IHDR chunk length 13, "IHDR", width 24, height 10.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + [0, 0, 0, 24, 0, 0, 0, 10, 8, 6, 0, 0, 0]
        try Data(bytes).write(to: dir.appendingPathComponent("plane@2x.png"))
        UIImage.searchPaths = [dir.path]
        defer { UIImage.searchPaths = [] }
        let image = try #require(UIImage(named: "plane"))
        #expect(image.scale == 2 && image.size == CGSize(width: 12, height: 5))
        #expect(image.cgImage?.width == 24 && image.cgImage?.height == 10)
        #expect(UIImage(named: "missing") == nil)
        let layer = CALayer()
        layer.contents = image.cgImage
        #expect(layer.engineLayer.contents?.pixelSize == Size(width: 24, height: 10))
        #expect((layer.contents as? CGImage) === image.cgImage)
    }

    @Test func previewContract() {
        let standalone = LoaderPreview("Spinner") { _ in }
        #expect(standalone.size == CGSize(width: 200, height: 200))
        let grey: [CGFloat] = [28.0 / 255, 30.0 / 255, 40.0 / 255, 1]
        #expect(standalone.background.cgColor.components! == grey)
        let header = LoaderPreview.header("Pull") { _ in }
        #expect(header.size == CGSize(width: 320, height: 400) && header.background == .white)
        if case .header = header.content {} else { Issue.record("header preview has layer content") }
        #expect(LoaderPreviewList([standalone, header]).previews.count == 2)
    }
}
