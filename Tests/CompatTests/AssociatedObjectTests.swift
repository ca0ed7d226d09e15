import Foundation
import Testing
import UIKit

/// Keys as iOS code declares them: the addresses of static variables.
private enum AssociatedKeys {
    static var header: UInt8 = 0
    static var title: UInt8 = 0
}

/// Counts the objects of a test that were released.
private final class ReleaseCounter {
    var released = 0
}

private final class Tracked {
    let counter: ReleaseCounter
    let name: String
    init(_ name: String, _ counter: ReleaseCounter) {
        self.name = name
        self.counter = counter
    }
    deinit { counter.released += 1 }
}

/// `objc_setAssociatedObject` / `objc_getAssociatedObject` as refresh libraries use them.
@Suite struct AssociatedObjectTests {
    @Test func setGetReplaceAndClear() throws {
        let counter = ReleaseCounter()
        let view = UIView()
        objc_setAssociatedObject(
            view, &AssociatedKeys.header, Tracked("a", counter), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        let a = try #require(objc_getAssociatedObject(view, &AssociatedKeys.header) as? Tracked)
        #expect(a.name == "a")
        // The same object each time, not a copy.
        #expect(objc_getAssociatedObject(view, &AssociatedKeys.header) as? Tracked === a)
        // Another key is another slot.
        #expect(objc_getAssociatedObject(view, &AssociatedKeys.title) == nil)
        objc_setAssociatedObject(
            view, &AssociatedKeys.title, "Pull to refresh", .OBJC_ASSOCIATION_COPY_NONATOMIC)
        #expect(objc_getAssociatedObject(view, &AssociatedKeys.title) as? String == "Pull to refresh")

        // Replacing releases the old value once nothing else holds it (here `a` still is).
        withExtendedLifetime(a) {
            objc_setAssociatedObject(
                view, &AssociatedKeys.header, Tracked("b", counter), .OBJC_ASSOCIATION_RETAIN)
            #expect(counter.released == 0)
            #expect((objc_getAssociatedObject(view, &AssociatedKeys.header) as? Tracked)?.name == "b")
            objc_setAssociatedObject(view, &AssociatedKeys.header, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            #expect(counter.released == 1)  // `b`
        }
        #expect(objc_getAssociatedObject(view, &AssociatedKeys.header) == nil)
        #expect(objc_getAssociatedObject(view, &AssociatedKeys.title) as? String == "Pull to refresh")
    }

    @Test func replacingReleasesTheOldValue() {
        let counter = ReleaseCounter()
        let view = UIView()
        objc_setAssociatedObject(
            view, &AssociatedKeys.header, Tracked("a", counter), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(
            view, &AssociatedKeys.header, Tracked("b", counter), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(counter.released == 1)
    }

    @Test func aViewsValuesAreReleasedWithIt() {
        let counter = ReleaseCounter()
        var view: UIScrollView? = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        objc_setAssociatedObject(
            view!, &AssociatedKeys.header, Tracked("header", counter), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(
            view!, &AssociatedKeys.title, Tracked("footer", counter), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(counter.released == 0)
        view = nil
        #expect(counter.released == 2)
    }

    @Test func anyOtherObjectsValuesAreReleasedAfterIt() {
        final class Plain {}
        let counter = ReleaseCounter()
        var plain: Plain? = Plain()
        var object: NSObject? = NSObject()
        objc_setAssociatedObject(
            plain!, &AssociatedKeys.header, Tracked("p", counter), .OBJC_ASSOCIATION_RETAIN)
        objc_setAssociatedObject(
            object!, &AssociatedKeys.header, Tracked("o", counter), .OBJC_ASSOCIATION_RETAIN)
        #expect((objc_getAssociatedObject(plain!, &AssociatedKeys.header) as? Tracked)?.name == "p")
        plain = nil
        object = nil
        // Found gone by the next call, whatever object it is about.
        #expect(objc_getAssociatedObject(UIView(), &AssociatedKeys.header) == nil)
        #expect(counter.released == 2)
    }

    @Test func assignDoesNotRetain() {
        let counter = ReleaseCounter()
        let view = UIView()
        var value: Tracked? = Tracked("weak", counter)
        objc_setAssociatedObject(view, &AssociatedKeys.header, value, .OBJC_ASSOCIATION_ASSIGN)
        #expect(objc_getAssociatedObject(view, &AssociatedKeys.header) as? Tracked === value)
        value = nil
        #expect(counter.released == 1)
        #expect(objc_getAssociatedObject(view, &AssociatedKeys.header) == nil)
    }

    @Test func copyStoresACopy() {
        let view = UIView()
        let text = NSMutableString(string: "Release")
        objc_setAssociatedObject(view, &AssociatedKeys.title, text, .OBJC_ASSOCIATION_COPY_NONATOMIC)
        text.append(" to refresh")
        let stored = objc_getAssociatedObject(view, &AssociatedKeys.title) as? NSString
        #expect(stored == "Release")
        #expect(stored !== text)
    }

    @Test func pointerKeysAndValueTypes() {
        let view = UIView()
        let one = UnsafeRawPointer(bitPattern: 1)!
        let two = UnsafeRawPointer(bitPattern: 2)!
        objc_setAssociatedObject(view, one, 42, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(view, two, CGPoint(x: 1, y: 2), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(objc_getAssociatedObject(view, one) as? Int == 42)
        #expect(objc_getAssociatedObject(view, two) as? CGPoint == CGPoint(x: 1, y: 2))
        objc_removeAssociatedObjects(view)
        #expect(objc_getAssociatedObject(view, one) == nil)
        #expect(objc_getAssociatedObject(view, two) == nil)
    }

    @Test func aGestureRecognizerKeepsItsOwn() {
        let counter = ReleaseCounter()
        var pan: UIPanGestureRecognizer? = UIPanGestureRecognizer()
        objc_setAssociatedObject(
            pan!, &AssociatedKeys.header, Tracked("r", counter), .OBJC_ASSOCIATION_RETAIN)
        pan = nil
        #expect(counter.released == 1)
    }
}
