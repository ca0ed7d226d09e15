import Foundation

/// `UIMenuElement`: what `UIAction` is, as far as a control uses it: a title and an image.
open class UIMenuElement: NSObject {
    /// The title; a control does not show it.
    open var title: String
    /// The image; a control does not show it.
    open var image: UIImage?

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }

    /// How an element is presented (stored as set; nothing here presents menus).
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// An element's check mark (stored as set).
    public enum State: Int, Sendable {
        case off, on, mixed
    }
}

/// What `UIAction`'s handler is.
public typealias UIActionHandler = (UIAction) -> Void

/// `UIAction` (iOS 14): a handler a control runs for its events
/// (`control.addAction(UIAction { action in … }, for: .valueChanged)`), named by `identifier`:
/// a control holds one action per identifier, and each new action has an identifier of its own
/// unless one is given.
open class UIAction: UIMenuElement {
    /// An action's name in a control (`removeAction(identifiedBy:for:)`).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public let identifier: UIAction.Identifier
    open var discoverabilityTitle: String?
    open var attributes: UIMenuElement.Attributes
    open var state: UIMenuElement.State
    /// The code the action runs, given the action.
    let handler: UIActionHandler
    private weak var senderObject: AnyObject?

    /// The control running the action, while and after it runs it (nil before; held weakly).
    open var sender: Any? { senderObject }

    /// An action running `handler`; with no `identifier`, one of its own.
    public init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) {
        self.identifier = identifier ?? UIAction.Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler with `sender` as the action's sender.
    func perform(sender: AnyObject) {
        senderObject = sender
        handler(self)
    }
}
