import CX11
import LoaderLab

/// Translates X key events into the app's key inputs.
enum KeyMap {
    /// The key a press produced through the keyboard layout, or nil for keys the app ignores
    /// (modifiers, function keys).
    static func key(for event: inout XKeyEvent) -> KeyInput? {
        var text = [CChar](repeating: 0, count: 8)
        var keysym: KeySym = 0
        let count = XLookupString(&event, &text, Int32(text.count), &keysym, nil)
        let bytes = text.prefix(Int(Swift.max(0, count))).map { UInt8(bitPattern: $0) }
        return key(keysym: keysym, text: String(decoding: bytes, as: UTF8.self))
    }

    /// The key for a keysym and the text the layout produced for it.
    static func key(keysym: KeySym, text: String) -> KeyInput? {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Escape: return .escape
        case XK_Tab: return .tab
        case isoLeftTab: return .backTab
        case XK_Left, XK_KP_Left: return .left
        case XK_Right, XK_KP_Right: return .right
        default:
            guard let c = text.first, text.count == 1,
                c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
            else { return nil }
            return .character(c)
        }
    }

    /// Shift+Tab on most layouts (XK_ISO_Left_Tab).
    private static let isoLeftTab: Int32 = 0xFE20
}
