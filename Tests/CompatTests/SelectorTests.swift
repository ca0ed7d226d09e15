import Testing
import UIKit

/// `Selector`, the value `loaderlab preview` makes of `#selector(…)`: the forms the preparer
/// writes (`Selector("name:", Type.method)`, getter and setter key paths), performed as the
/// selector-taking APIs perform them.
@Suite("Selector")
struct SelectorTests {
    class Target {
        var calls: [String] = []
        var progress: CGFloat = 0

        func refresh() { calls.append("refresh") }
        func tick(_ link: Clock) { calls.append("tick \(link.frame)") }
        func note(_ value: Any?) { calls.append("note \(value.map { "\($0)" } ?? "nil")") }
        func maybe(_ sender: Clock?) { calls.append("maybe \(sender.map { "\($0.frame)" } ?? "nil")") }
        func anything(_ value: Any) { calls.append("anything \(value)") }
        func tapped(_ sender: Clock, forEvent event: String) {
            calls.append("tapped \(sender.frame) \(event)")
        }
        @discardableResult func answer() -> Int {
            calls.append("answer")
            return 42
        }
    }

    final class Subclass: Target {
        override func refresh() { calls.append("subclass refresh") }
    }

    final class Clock {
        let frame: Int
        init(frame: Int) { self.frame = frame }
    }

    @Test("the method runs on the target, with the argument the API passes, overrides included")
    func perform() {
        let target = Target()
        Selector("refresh", Target.refresh).perform(on: target, with: Clock(frame: 1))
        Selector("tick:", Target.tick(_:)).perform(on: target, with: Clock(frame: 7))
        Selector("tapped:forEvent:", Target.tapped(_:forEvent:)).perform(
            on: target, with: Clock(frame: 3), with: "up")
        Selector("answer", Target.answer).perform(on: target)
        #expect(target.calls == ["refresh", "tick 7", "tapped 3 up", "answer"])

        // Reached through the base class, the subclass's override runs (as on iOS).
        let sub = Subclass()
        Selector("refresh", Target.refresh).perform(on: sub)
        #expect(sub.calls == ["subclass refresh"])
    }

    @Test("an optional parameter takes nil; Any takes the value itself, not an optional")
    func arguments() {
        let target = Target()
        Selector("maybe:", Target.maybe).perform(on: target, with: nil)
        Selector("maybe:", Target.maybe).perform(on: target, with: Clock(frame: 2))
        Selector("note:", Target.note).perform(on: target, with: nil)
        Selector("note:", Target.note).perform(on: target, with: 5)
        Selector("anything:", Target.anything).perform(on: target, with: "text")
        #expect(target.calls == ["maybe nil", "maybe 2", "note nil", "note 5", "anything text"])
    }

    @Test("getter and setter selectors read and write the property")
    func properties() {
        let target = Target()
        Selector("setProgress:", setter: \Target.progress).perform(on: target, with: CGFloat(0.5))
        #expect(target.progress == 0.5)
        Selector("progress", getter: \Target.progress).perform(on: target)
        #expect(target.progress == 0.5)
    }

    @Test("selectors are equal by name, as on iOS; a closure selector gets the target and argument")
    func identity() {
        #expect(Selector("refresh", Target.refresh) == Selector("refresh", Subclass.refresh))
        #expect(Selector("refresh", Target.refresh) != Selector("answer", Target.answer))
        #expect(Set([Selector("refresh", Target.refresh), Selector("refresh", Subclass.refresh)]).count == 1)
        #expect(Selector("tick:", Target.tick).description == "tick:")

        let target = Target()
        var seen: [String] = []
        let custom = Selector("custom:") { object, argument in
            seen.append("\(object === target) \(argument.map { "\($0)" } ?? "nil")")
        }
        custom.perform(on: target, with: 9)
        custom.perform(on: target, with: nil)
        #expect(seen == ["true 9", "true nil"])
    }
}
