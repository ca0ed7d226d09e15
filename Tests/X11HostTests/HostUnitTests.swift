import CX11
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
