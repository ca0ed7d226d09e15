import Foundation
import Testing
import UIKit

/// UIColor: HSB (HSV) to RGB by the textbook formula, components, named colours.
@Suite struct UIColorTests {
    func rgba(_ c: UIColor) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        var r: CGFloat = 0
        var g: CGFloat = 0
        var b: CGFloat = 0
        var a: CGFloat = 0
        c.getRed(&r, green: &g, blue: &b, alpha: &a)
        return (r, g, b, a)
    }

    @Test func hsbToRGB() {
        // Hue 30° (1/12), saturation 0.5, brightness 0.8: max = V = 0.8, min = V(1 − S) = 0.4,
        // and in the red-to-yellow sector green = min + (max − min)·(H / 60°) = 0.4 + 0.4·0.5.
        let (r, g, b, a) = rgba(UIColor(hue: 1.0 / 12.0, saturation: 0.5, brightness: 0.8, alpha: 0.7))
        #expect(near(r, 0.8) && near(g, 0.6) && near(b, 0.4) && near(a, 0.7))
        // Hue 180° at full saturation and brightness is cyan; hue 1 wraps to red.
        let cyan = rgba(UIColor(hue: 0.5, saturation: 1, brightness: 1, alpha: 1))
        #expect(near(cyan.0, 0) && near(cyan.1, 1) && near(cyan.2, 1))
        let red = rgba(UIColor(hue: 1, saturation: 1, brightness: 1, alpha: 1))
        #expect(near(red.0, 1) && near(red.1, 0) && near(red.2, 0))
        // Hue 300° (5/6): magenta.
        let magenta = rgba(UIColor(hue: 5.0 / 6.0, saturation: 1, brightness: 1, alpha: 1))
        #expect(near(magenta.0, 1) && near(magenta.1, 0) && near(magenta.2, 1))
    }

    @Test func hueRoundTrip() {
        var h: CGFloat = 0
        var s: CGFloat = 0
        var v: CGFloat = 0
        var a: CGFloat = 0
        UIColor(hue: 0.6, saturation: 0.3, brightness: 0.9, alpha: 1).getHue(
            &h, saturation: &s, brightness: &v, alpha: &a)
        #expect(near(h, 0.6) && near(s, 0.3) && near(v, 0.9) && near(a, 1))
    }

    @Test func componentsAndSpaces() {
        #expect(UIColor(white: 0.25, alpha: 0.5).cgColor.components! == [0.25, 0.5])
        #expect(UIColor.red.cgColor.components! == [1, 0, 0, 1])
        let (r, g, b, _) = rgba(UIColor.darkGray)
        #expect(near(r, 1.0 / 3.0) && near(g, 1.0 / 3.0) && near(b, 1.0 / 3.0))
        let faded = UIColor.blue.withAlphaComponent(0.25)
        #expect(faded.cgColor.alpha == 0.25)
        #expect(faded.cgColor.components![2] == 1)
        // iOS's light-mode system blue is rgb(0, 122, 255).
        #expect(UIColor.systemBlue.cgColor.components! == [0, 122.0 / 255.0, 1, 1])
        #expect(UIColor.clear.cgColor.alpha == 0)
        #expect(
            UIColor(cgColor: CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
                == UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
        #expect(CGColor(gray: 0.5, alpha: 1).copy(alpha: 0.2)?.components == [0.5, 0.2])
    }
}
