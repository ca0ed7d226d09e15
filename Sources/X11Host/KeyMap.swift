import CX11
import HostSeam

/// Translates X key events into the app's key inputs.
enum KeyMap {
    /// The key a press produced, or nil for keys the app ignores (modifiers, function keys).
    ///
    /// Shortcuts work on every keyboard layout, by symbol and by position, as games and many X
    /// programs do: a Latin letter, a digit, a space or "?" that the layout produced is taken
    /// as it is (Q on a Dvorak or AZERTY keyboard is where its label says); anything else —
    /// Cyrillic or Greek letters, AZERTY's unshifted digit row ("&", "é", …) — is taken as the
    /// character the same key has on a US keyboard, so S, D, H, Q, 1–5 and the rate keys [ and ]
    /// are always reachable.
    static func key(for event: inout XKeyEvent) -> KeyInput? {
        var text = [CChar](repeating: 0, count: 8)
        var keysym: KeySym = 0
        let count = XLookupString(&event, &text, Int32(text.count), &keysym, nil)
        let bytes = text.prefix(Int(Swift.max(0, count))).map { UInt8(bitPattern: $0) }
        return key(
            keysym: keysym, text: String(decoding: bytes, as: UTF8.self), keycode: event.keycode)
    }

    /// The key for a keysym, the text the layout produced for it and the key's code.
    static func key(keysym: KeySym, text: String, keycode: UInt32) -> KeyInput? {
        let layoutKey = key(keysym: keysym, text: text)
        if case .character(let c) = layoutKey, isShortcutCharacter(c) { return layoutKey }
        if let c = usCharacter(keycode: keycode) { return .character(c) }
        return layoutKey
    }

    /// Characters the layout decides: Latin letters, digits, space and "?".
    static func isShortcutCharacter(_ c: Character) -> Bool {
        guard let ascii = c.asciiValue else { return false }
        return (ascii >= 0x30 && ascii <= 0x39) || (ascii | 0x20 >= 0x61 && ascii | 0x20 <= 0x7A)
            || c == " " || c == "?"
    }

    /// The unshifted character of a letter, digit, bracket or space key on a US keyboard, by X
    /// keycode (the evdev code + 8, which every modern X server uses).
    static func usCharacter(keycode: UInt32) -> Character? {
        for (first, row) in usRows where keycode >= first && keycode < first + UInt32(row.count) {
            return row[row.index(row.startIndex, offsetBy: Int(keycode - first))]
        }
        return nil
    }

    private static let usRows: [(UInt32, String)] = [
        (10, "1234567890"), (24, "qwertyuiop[]"), (38, "asdfghjkl"), (52, "zxcvbnm"), (65, " "),
    ]

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
