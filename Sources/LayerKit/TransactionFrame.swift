/// One open transaction's settings.
final class TransactionFrame {
    var disableActions: Bool?
    var duration: Double?
    var timingFunction: TimingFunction?
    var timingFunctionIsSet = false
    var completion: (() -> Void)?
    /// Animations added since the completion block was set.
    var members: [AnimationEntry] = []

    func animationAdded(_ entry: AnimationEntry) {
        guard completion != nil else { return }
        members.append(entry)
    }
}
