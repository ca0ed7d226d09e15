/// What a selector-taking API keeps to call back (`CADisplayLink(target:selector:)`, `Timer`'s
/// selector forms, `perform(_:with:afterDelay:)`): the target, held strongly as iOS holds it,
/// the selector's name (what `cancelPreviousPerformRequests(withTarget:selector:object:)`
/// matches), and how to call the method on the target with the argument iOS passes (the
/// display link, the timer, the perform's object).
struct TargetAction {
    let target: AnyObject
    let name: String
    let invoke: (_ target: AnyObject, _ argument: Any?) -> Void

    func perform(with argument: Any?) { invoke(target, argument) }
}
