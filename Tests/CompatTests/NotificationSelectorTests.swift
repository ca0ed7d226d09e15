import Foundation
import QuartzCore
import Testing

/// `NotificationCenter.addObserver(_:selector:name:object:)`: Foundation's `post` reaches the
/// method through its `Selector`; `removeObserver` and the observer's end stop it.
@Suite(.serialized) struct NotificationSelectorTests {
    final class Listener {
        var heard: [String] = []
        func plain() { heard.append("plain") }
        func note(_ notification: Notification) { heard.append("note \(notification.name.rawValue)") }
        func optionalNote(_ notification: Notification?) { heard.append("optional \(notification != nil)") }
    }

    static let ping = Notification.Name("LoaderLabTestPing")
    static let pong = Notification.Name("LoaderLabTestPong")

    @Test func postReachesTheMethodWithOrWithoutTheNotification() {
        let center = NotificationCenter()
        let listener = Listener()
        center.addObserver(
            listener, selector: Selector("plain", Listener.plain), name: Self.ping, object: nil)
        center.addObserver(
            listener, selector: Selector("note:", Listener.note(_:)), name: Self.ping, object: nil)
        center.addObserver(
            listener, selector: Selector("optionalNote:", Listener.optionalNote(_:)), name: Self.pong,
            object: nil)
        center.post(name: Self.ping, object: nil)
        // Both, once each: the order observers hear a post in is not defined (Apple's
        // NotificationCenter documentation says so, and Foundation on Linux varies it).
        #expect(listener.heard.sorted() == ["note LoaderLabTestPing", "plain"])
        center.post(Notification(name: Self.pong))
        #expect(listener.heard.last == "optional true")
    }

    @Test func anObjectLimitsThePostsHeard() {
        let center = NotificationCenter()
        let listener = Listener()
        let sender = NSObject()
        center.addObserver(
            listener, selector: Selector("plain", Listener.plain), name: Self.ping, object: sender)
        center.post(name: Self.ping, object: NSObject())
        #expect(listener.heard.isEmpty)
        center.post(name: Self.ping, object: sender)
        #expect(listener.heard == ["plain"])
        // A nil name hears every name.
        center.addObserver(listener, selector: Selector("note:", Listener.note(_:)), name: nil, object: nil)
        center.post(name: Self.pong, object: nil)
        #expect(listener.heard.last == "note LoaderLabTestPong")
    }

    @Test func removeObserverStopsItsSelectorsAndStillRemovesTokens() {
        let center = NotificationCenter()
        let listener = Listener()
        let other = Listener()
        center.addObserver(
            listener, selector: Selector("plain", Listener.plain), name: Self.ping, object: nil)
        center.addObserver(
            listener, selector: Selector("plain", Listener.plain), name: Self.pong, object: nil)
        center.addObserver(other, selector: Selector("plain", Listener.plain), name: Self.ping, object: nil)
        // By name: only that name's.
        center.removeObserver(listener, name: Self.pong, object: nil)
        center.post(name: Self.pong, object: nil)
        #expect(listener.heard.isEmpty)
        center.removeObserver(listener)
        center.post(name: Self.ping, object: nil)
        #expect(listener.heard.isEmpty && other.heard == ["plain"])
        // A block observer's token is removed as Foundation removes it.
        final class Count: @unchecked Sendable { var value = 0 }
        let blocks = Count()
        let token = center.addObserver(forName: Self.ping, object: nil, queue: nil) { _ in blocks.value += 1 }
        center.post(name: Self.ping, object: nil)
        center.removeObserver(token)
        center.post(name: Self.ping, object: nil)
        #expect(blocks.value == 1)
    }

    @Test func anObserverThatHasGoneHearsNothingAndIsDropped() {
        let center = NotificationCenter()
        var listener: Listener? = Listener()
        weak let gone = listener
        center.addObserver(
            listener!, selector: Selector("plain", Listener.plain), name: Self.ping, object: nil)
        listener = nil
        #expect(gone == nil)
        // Its observation stops (and is dropped) rather than calling a method on nothing.
        center.post(name: Self.ping, object: nil)
        center.post(name: Self.ping, object: nil)
    }
}
