import CX11
import LayerKit
import LoaderLab
import Testing

@testable import X11Host

@Suite("Key translation")
struct KeyMapTests {
    @Test("special keys map by keysym, whatever text the layout produced")
    func specialKeys() {
        #expect(KeyMap.key(keysym: KeySym(XK_Escape), text: "\u{1B}") == .escape)
        #expect(KeyMap.key(keysym: KeySym(XK_Tab), text: "\t") == .tab)
        #expect(KeyMap.key(keysym: 0xFE20, text: "") == .backTab)
        #expect(KeyMap.key(keysym: KeySym(XK_Left), text: "") == .left)
        #expect(KeyMap.key(keysym: KeySym(XK_Right), text: "") == .right)
    }

    @Test("printable keys map to the character the layout produced")
    func printable() {
        #expect(KeyMap.key(keysym: KeySym(XK_1), text: "1") == .character("1"))
        #expect(KeyMap.key(keysym: KeySym(XK_space), text: " ") == .character(" "))
        #expect(KeyMap.key(keysym: KeySym(XK_S), text: "S") == .character("S"))
    }

    @Test("letters that are not Latin and AZERTY's unshifted digit row act by key position")
    func byPosition() {
        // Russian: the keys where US has Q, S, D, H and 1.
        #expect(KeyMap.key(keysym: 0x6CA, text: "й", keycode: 24) == .character("q"))
        #expect(KeyMap.key(keysym: 0x6D9, text: "ы", keycode: 39) == .character("s"))
        #expect(KeyMap.key(keysym: 0x6D7, text: "в", keycode: 40) == .character("d"))
        #expect(KeyMap.key(keysym: 0x6D2, text: "р", keycode: 43) == .character("h"))
        #expect(KeyMap.key(keysym: KeySym(XK_1), text: "1", keycode: 10) == .character("1"))
        // AZERTY's digit row: "&", "é", "\"", "'", "(" are 1–5.
        for (i, text) in ["&", "é", "\"", "'", "("].enumerated() {
            #expect(
                KeyMap.key(keysym: 0, text: text, keycode: UInt32(10 + i))
                    == .character(Character("\(i + 1)")))
        }
        // Shifted, AZERTY gives the digit itself.
        #expect(KeyMap.key(keysym: KeySym(XK_3), text: "3", keycode: 12) == .character("3"))
        // The rate keys: "[" and "]" on US, "ü" and "+" where a German keyboard has them.
        #expect(KeyMap.key(keysym: KeySym(XK_bracketleft), text: "[", keycode: 34) == .character("["))
        #expect(KeyMap.key(keysym: 0xFC, text: "ü", keycode: 34) == .character("["))
        #expect(KeyMap.key(keysym: KeySym(XK_plus), text: "+", keycode: 35) == .character("]"))
    }

    @Test("Latin letters, digits, space and ? follow the layout (Q on AZERTY is where its label is)")
    func bySymbol() {
        // AZERTY: A is where US has Q, Q where US has A.
        #expect(KeyMap.key(keysym: KeySym(XK_a), text: "a", keycode: 24) == .character("a"))
        #expect(KeyMap.key(keysym: KeySym(XK_q), text: "q", keycode: 38) == .character("q"))
        // Dvorak: O is where US has S.
        #expect(KeyMap.key(keysym: KeySym(XK_o), text: "o", keycode: 39) == .character("o"))
        #expect(KeyMap.key(keysym: KeySym(XK_question), text: "?", keycode: 58) == .character("?"))
        // Keys without a US letter or digit keep what the layout made of them.
        #expect(KeyMap.key(keysym: KeySym(XK_Escape), text: "\u{1B}", keycode: 9) == .escape)
        #expect(KeyMap.key(keysym: KeySym(XK_Shift_L), text: "", keycode: 50) == nil)
    }

    @Test("modifiers, control characters and delete are ignored")
    func ignored() {
        #expect(KeyMap.key(keysym: KeySym(XK_Shift_L), text: "") == nil)
        #expect(KeyMap.key(keysym: KeySym(XK_Return), text: "\r") == nil)
        #expect(KeyMap.key(keysym: KeySym(XK_Delete), text: "\u{7F}") == nil)
    }
}

@Suite("Xft.dpi")
struct XftScaleTests {
    @Test("Xft.dpi gives pixels per point at 96 dpi per point")
    func parses() {
        #expect(X11Display.scale(fromResources: "Xft.antialias:\t1\nXft.dpi:\t192\n") == 2)
        #expect(X11Display.scale(fromResources: "Xft.dpi: 144") == 1.5)
    }

    @Test("missing, malformed and absurd values are ignored")
    func rejects() {
        #expect(X11Display.scale(fromResources: "") == nil)
        #expect(X11Display.scale(fromResources: "Xft.dpi:\tlots") == nil)
        #expect(X11Display.scale(fromResources: "Xft.dpi:\tnan") == nil)
        #expect(X11Display.scale(fromResources: "Xft.dpi:\t0") == nil)
        #expect(X11Display.scale(fromResources: "Xft.dpi:\t100000") == nil)
        #expect(X11Display.scale(fromResources: "Xcursor.dpi:\t192") == nil)
    }
}

@Suite("No-display message")
struct NoDisplayMessageTests {
    @Test("a 5,000-character DISPLAY is quoted short: its start and end around an ellipsis")
    func longDisplay() {
        let name = ":" + String(repeating: "7", count: 4998) + "x"
        let message = X11HostError.noDisplay(name).description
        // What the message says around the value, whatever the value.
        let fixed = X11HostError.noDisplay("").description.count
        #expect(message.count <= fixed + MessageText.argumentLimit + 1)
        #expect(message.contains("DISPLAY=:777"))
        #expect(message.contains("…"))
        #expect(message.contains("7x cannot be opened"))
        #expect(!message.contains(String(repeating: "7", count: MessageText.argumentLimit)))
    }

    @Test("control characters in DISPLAY are shown escaped, on one line")
    func controlCharacters() {
        let message = X11HostError.noDisplay(":0\n\u{1B}[31mred").description
        #expect(message.contains("DISPLAY=:0\\n\\e[31mred cannot be opened"))
        #expect(!message.contains("\n") && !message.contains("\u{1B}"))
    }

    @Test("an ordinary DISPLAY is quoted whole")
    func ordinary() {
        #expect(
            X11HostError.noDisplay("remote:10.0").description.contains("DISPLAY=remote:10.0 cannot be opened")
        )
    }
}
