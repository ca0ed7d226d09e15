import LayerKit
import LoaderLab
import Testing

@Suite struct ArgumentParserTests {
    let ids = ["four-dots", "orbit"]

    func parse(_ arguments: [String]) throws -> Invocation {
        try ArgumentParser.parse(arguments, loaderIDs: ids)
    }

    @Test func commandsParse() throws {
        #expect(try parse(["list"]) == .list)
        #expect(try parse(["help"]) == .help(nil))
        #expect(try parse(["--help"]) == .help(nil))
        #expect(try parse(["help", "render"]) == .help("render"))
        #expect(try parse(["render", "--help"]) == .help("render"))
        #expect(
            try parse([
                "render", "--loader", "orbit", "--time", "1.25", "--size", "300x200", "--scale", "2", "--out",
                "a.png",
            ])
                == .render(
                    RenderOptions(
                        loaderID: "orbit", moment: .time(1.25), size: Size(300, 200), scale: 2,
                        output: "a.png")))
        #expect(
            try parse(["render", "--loader=four-dots", "--pull=40", "--out=b.png"])
                == .render(
                    RenderOptions(
                        loaderID: "four-dots", moment: .pull(40), size: nil, scale: 1, output: "b.png")))
        #expect(
            try parse(["inspect", "--loader", "four-dots", "--refreshing", "--time", "0.5"])
                == .inspect(InspectOptions(loaderID: "four-dots", moment: .refreshing(time: 0.5), size: nil)))
        #expect(
            try parse(["inspect", "--loader", "orbit"])
                == .inspect(InspectOptions(loaderID: "orbit", moment: .time(0), size: nil)))
        #expect(
            try parse(["sheet", "--out", "s.png"]) == .sheet(SheetOptions(time: 1, scale: 1, output: "s.png"))
        )
        #expect(
            try parse(["sheet", "--time", "2", "--scale", "2", "--out", "s.png"])
                == .sheet(SheetOptions(time: 2, scale: 2, output: "s.png")))
    }

    @Test func windowOptionsParse() throws {
        #expect(try parse([]) == .window(WindowOptions()))
        #expect(
            try parse(["--loader", "orbit", "--scale", "2", "--size", "640x480"])
                == .window(WindowOptions(loaderID: "orbit", scale: 2, size: Size(640, 480))))
        #expect(try parse(["--size", "100X50"]) == .window(WindowOptions(size: Size(100, 50))))
    }

    /// The message of the ArgumentError that parsing `arguments` throws ("" if none).
    func message(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        do {
            let result = try parse(arguments)
            Issue.record("\(arguments) parsed as \(result)", sourceLocation: sourceLocation)
        } catch let error as ArgumentError {
            return error.message
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
        return ""
    }

    /// A number too large for a Double reads as infinity: that is out of range, not "not a
    /// number". NaN is not a number.
    @Test func hugeNumbersAreOutOfRange() {
        for (option, value) in [
            ("--time", "1e309"), ("--time", "-1e309"), ("--time", "inf"), ("--pull", "1e309"),
            ("--scale", "1e309"),
        ] {
            let text = message(["render", "--loader", "orbit", option, value, "--out", "a.png"])
            #expect(text.hasPrefix(option + ": out of range"), "\(text)")
            #expect(text.contains(value))
        }
        let nan = message(["render", "--loader", "orbit", "--time", "nan", "--out", "a.png"])
        #expect(nan.hasPrefix("--time: expected a number"), "\(nan)")
    }

    /// --scale is 0.1…8: below that an image shrinks to a pixel or so; the message gives the range.
    @Test func scaleHasAMinimum() throws {
        for value in ["4.9e-324", "0.09", "1e-400", "-0", "0"] {
            let text = message(["render", "--loader", "orbit", "--scale", value, "--out", "a.png"])
            #expect(text.hasPrefix("--scale: ") && text.contains("0.1") && text.contains("8"), "\(text)")
            #expect(message(["--scale", value]).hasPrefix("--scale: "))
        }
        for (value, scale) in [("0.1", 0.1), ("8", 8.0)] {
            #expect(
                try parse(["sheet", "--scale", value, "--out", "s.png"])
                    == .sheet(SheetOptions(time: 1, scale: scale, output: "s.png")))
        }
    }

    /// Arguments quoted in a message show their control characters as escapes (a terminal
    /// would act on them, a newline would make two lines) and are cut when long.
    @Test func echoedArgumentsAreEscapedAndCut() {
        let hostile = "a\u{1B}[31mred\nb\r\u{07}\u{9B}\u{202E}c"
        let places: [(String) -> [String]] = [
            { [$0] },
            { ["help", $0] },
            { ["--help", $0] },
            { ["list", $0] },
            { ["render", "--loader", $0, "--out", "a.png"] },
            { ["render", "--loader", "orbit", $0, "--out", "a.png"] },
            { ["render", "--loader", "orbit", "--" + $0, "--out", "a.png"] },
            { ["render", "--loader", "orbit", "--size", $0, "--out", "a.png"] },
            { ["render", "--loader", "orbit", "--time", $0, "--out", "a.png"] },
            { ["render", "--loader", "orbit", "--scale", $0, "--out", "a.png"] },
            { ["inspect", "--loader", "orbit", "--pull=" + $0] },
            { ["sheet", "--time", $0, "--out", "a.png"] },
        ]
        for place in places {
            let text = message(place(hostile))
            let raw = text.unicodeScalars.filter {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
            }
            #expect(raw.isEmpty, "\(place(hostile)): \(text.debugDescription)")
            #expect(text.contains(#"a\e[31mred\nb\r"#), "\(text.debugDescription)")
        }
        let long = String(repeating: "x", count: 100_000)
        for place in places {
            let text = message(place(long))
            #expect(text.count < 300, "\(place("x")): \(text.count) characters")
            #expect(text.contains("…"))
        }
    }

    /// Each bad or missing argument gives one line that names it.
    @Test(arguments: [
        (["render", "--time", "1", "--out", "a.png"], "--loader"),
        (["render", "--loader", "nope", "--out", "a.png"], "--loader"),
        (["render", "--loader", "orbit"], "--out"),
        (["render", "--loader", "orbit", "--out", ""], "--out"),
        (["render", "--loader", "orbit", "--size", "10", "--out", "a.png"], "--size"),
        (["render", "--loader", "orbit", "--size", "0x5", "--out", "a.png"], "--size"),
        (["render", "--loader", "orbit", "--size", "nanx5", "--out", "a.png"], "--size"),
        (["render", "--loader", "orbit", "--size", "5000x5", "--out", "a.png"], "--size"),
        (["render", "--loader", "orbit", "--size", "4000x4000", "--scale", "8", "--out", "a.png"], "--size"),
        (["render", "--loader", "orbit", "--scale", "0", "--out", "a.png"], "--scale"),
        (["render", "--loader", "orbit", "--scale", "-1", "--out", "a.png"], "--scale"),
        (["render", "--loader", "orbit", "--scale", "inf", "--out", "a.png"], "--scale"),
        (["render", "--loader", "orbit", "--scale", "9", "--out", "a.png"], "--scale"),
        (["render", "--loader", "orbit", "--time", "abc", "--out", "a.png"], "--time"),
        (["render", "--loader", "orbit", "--time", "-1", "--out", "a.png"], "--time"),
        (["render", "--loader", "orbit", "--time", "nan", "--out", "a.png"], "--time"),
        (["render", "--loader", "orbit", "--time"], "--time"),
        (["render", "--loader", "orbit", "--time", "1", "--time", "2", "--out", "a.png"], "--time"),
        (["render", "--loader", "orbit", "--pull", "5", "--time", "1", "--out", "a.png"], "--pull"),
        (["render", "--loader", "orbit", "--pull", "5", "--refreshing", "--out", "a.png"], "--pull"),
        (["render", "--loader", "orbit", "--pull", "-5", "--out", "a.png"], "--pull"),
        (["render", "--loader", "orbit", "--refreshing=yes", "--out", "a.png"], "--refreshing"),
        (["render", "--loader", "orbit", "--frobnicate", "--out", "a.png"], "--frobnicate"),
        (["render", "--loader", "orbit", "stray", "--out", "a.png"], "stray"),
        (["inspect", "--loader", "orbit", "--out", "a.png"], "--out"),
        (["inspect", "--loader", "orbit", "--scale", "2"], "--scale"),
        (["sheet"], "--out"),
        (["sheet", "--loader", "orbit", "--out", "a.png"], "--loader"),
        (["list", "--loader", "orbit"], "--loader"),
        (["list", "extra"], "extra"),
        (["help", "frobnicate"], "frobnicate"),
        (["help", "render", "extra"], "extra"),
        (["frobnicate"], "frobnicate"),
        (["--loader", "nope"], "--loader"),
        (["--scale", "0"], "--scale"),
        (["--time", "1"], "--time"),
    ])
    func badArgumentsNameTheArgument(arguments: [String], name: String) {
        do {
            let result = try parse(arguments)
            Issue.record("\(arguments) parsed as \(result)")
        } catch let error as ArgumentError {
            #expect(error.message.contains(name), "\(error.message) does not name \(name)")
            #expect(!error.message.contains("\n"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
