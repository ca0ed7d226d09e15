import Foundation
import HostSeam
import LayerKit
import PreviewSeam
import Testing

/// The messages between `loaderlab preview` and its preview process: every case survives its
/// text form, strings with spaces, escapes and newlines included, and a message that is not
/// one is refused with what is wrong.
@Suite("Seam messages")
struct SeamMessageTests {
    static let all: [SeamMessage] = [
        .resize(Size(width: 412.5, height: 300), scale: 2),
        .buffer(width: 825, height: 600, stride: 3300),
        .pointer(.down(Point(x: 1.25, y: -3))),
        .pointer(.moved(Point(x: 0, y: 0))),
        .pointer(.up(Point(x: 99, y: 100.5))),
        .pointer(.hover(Point(x: -1, y: -1))),
        .key(.character("q")),
        .key(.character(" ")),
        .key(.character("%")),
        .key(.character("é")),
        .key(.tab), .key(.backTab), .key(.left), .key(.right), .key(.escape),
        .frame(full: true), .frame(full: false),
        .restore("rate=0.5 paused=1 focus=my loader"),
        .restore(""),
        .quit,
        .ready(title: "LoaderLab preview", preferredSize: Size(width: 1000, height: 480)),
        .drawn(
            SeamMessage.Drawn(
                damage: [
                    PixelRect(x: 0, y: 0, width: 10, height: 20), PixelRect(x: -5, y: 7, width: 1, height: 1),
                ],
                needsFrames: true, wantsQuit: false, summary: "focus=a b status=running 100%",
                viewState: "focus=x\ny", cost: 0.000_125)),
        .drawn(
            SeamMessage.Drawn(damage: [], needsFrames: false, wantsQuit: true, summary: "", viewState: "")),
        .dirty,
        .running("traps later"),
        .running(""),
        .alive,
        .recording(spool: "/tmp/a b/rec.webp.spool", output: "/home/me/loaderlab-x.webp"),
        .recorded(spool: "/tmp/a b/rec.webp.spool"),
    ]

    @Test("every message reads back as it was written")
    func roundTrip() throws {
        for message in Self.all {
            let text = message.encoded
            #expect(!text.contains("\n"), "\(text)")
            #expect(try SeamMessage(encoded: text) == message, "\(text)")
        }
    }

    @Test("escaping: spaces, percent signs and line breaks become escapes; the empty string is %")
    func escaping() throws {
        #expect(SeamMessage.escape("") == "%")
        #expect(SeamMessage.escape("a b") == "a%20b")
        #expect(SeamMessage.escape("100%") == "100%25")
        #expect(SeamMessage.escape("x\ny\r") == "x%0Ay%0D")
        #expect(SeamMessage.escape("ü漢") == "ü漢")
        for s in ["", " ", "%", "%%20", "a\nb", "  lead and trail  ", "%0A"] {
            #expect(try SeamMessage.unescape(SeamMessage.escape(s)) == s)
        }
    }

    @Test("what is not a message is refused, naming the problem")
    func malformed() {
        let bad = [
            "", "nonsense", "resize 1 2", "resize 1 2 3 4", "resize 1 nan 2", "resize 1 inf 2",
            "buffer 1 2 x", "pointer sideways 1 2", "key char ab", "key char %", "key f13", "frame",
            "drawn 1 0 % % 2 0 0 1 1", "drawn 1 0 % % -1", "restore %4", "restore %ZZ",
        ]
        for text in bad {
            #expect(throws: SeamMessage.Malformed.self, "\(text.debugDescription)") {
                try SeamMessage(encoded: text)
            }
        }
    }
}
