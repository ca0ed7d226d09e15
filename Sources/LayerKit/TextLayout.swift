/// Lines of a `TextLayer`'s text placed in its bounds, given a way to measure strings: line
/// breaking, truncation and alignment as `CATextLayer` does them, with no font code (the
/// renderer supplies the measure, the tests a fixed-width one).
///
/// The contract (each case is tested):
/// - **Paragraphs.** "\n", "\r\n" and "\r" end a paragraph; each starts a new line, and an
///   empty paragraph is an empty line. A nil or empty string has no lines.
/// - **Wrapping.** Without `isWrapped` each paragraph is one line. With it, words (split at
///   spaces) are added to a line while it fits the width; a word wider than the whole width is
///   broken between characters (at least one per line). A width that is not a positive finite
///   number wraps nothing.
/// - **Lines.** The first baseline is `ascent` below the top of the bounds; each next one
///   `lineHeight` further down. Lines past the bottom are still laid out (drawn unless
///   `masksToBounds` clips them), unless truncation applies.
/// - **Truncation** (not `.none`): an unwrapped line wider than the bounds is cut to fit with
///   "…" at its start, middle or end, keeping as many characters as fit (at least the "…");
///   spaces next to the "…" are dropped.
///   Wrapped text that needs more lines than fit the height (at least one) keeps the lines that
///   fit; the last of them takes the rest of the text and is cut the same way.
/// - **Alignment.** left and natural put a line at x = 0, right at width − line width, center
///   half-way between; justified spreads every line of a paragraph but its last (and but a cut
///   one) across the width by widening its spaces equally. A line wider than the bounds
///   overflows on the side alignment leaves free.
public enum TextLayout {
    /// The ellipsis truncation inserts.
    public static let ellipsis = "…"

    /// A piece of text drawn from one point: its left end `x` along the bounds' width.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var x: Double
        public var width: Double
    }

    /// One line: its runs (one, or one per word when justified) and its baseline's distance
    /// below the top of the bounds.
    public struct Line: Hashable, Sendable {
        public var runs: [Run]
        public var baseline: Double
    }

    /// The font's vertical measures, in points.
    public struct Metrics: Hashable, Sendable {
        public var ascent: Double
        public var descent: Double
        public var lineHeight: Double

        public init(ascent: Double, descent: Double, lineHeight: Double) {
            self.ascent = ascent
            self.descent = descent
            self.lineHeight = lineHeight
        }
    }

    /// The lines of `text` in a box of `size`, `measure` giving a string's advance width.
    public static func lines(
        _ text: TextProperties, in size: Size, metrics: Metrics, measure: (String) -> Double
    ) -> [Line] {
        guard let string = text.string, !string.isEmpty else { return [] }
        let width = size.width
        let canFit = width.isFinite && width > 0
        let truncates = text.truncationMode != .none && canFit
        // (text, ends its paragraph)
        var pieces: [(String, Bool)] = []
        for paragraph in paragraphs(string) {
            let wrapped =
                text.isWrapped && canFit ? wrap(paragraph, width: width, measure: measure) : [paragraph]
            for (i, line) in wrapped.enumerated() { pieces.append((line, i == wrapped.count - 1)) }
        }
        var cut = Array(repeating: false, count: pieces.count)
        if truncates {
            if text.isWrapped {
                let step = metrics.lineHeight > 0 && metrics.lineHeight.isFinite ? metrics.lineHeight : 1
                let room =
                    size.height.isFinite ? Int(((size.height + 1e-9) / step).rounded(.down)) : pieces.count
                let keep = max(1, room)
                if pieces.count > keep {
                    let rest = pieces[(keep - 1)...].map(\.0).joined(separator: " ")
                    pieces =
                        Array(pieces[..<(keep - 1)]) + [
                            (
                                truncate(
                                    rest, to: width, mode: text.truncationMode, measure: measure, force: true),
                                true
                            )
                        ]
                    cut = Array(repeating: false, count: keep - 1) + [true]
                }
            } else {
                for i in pieces.indices where measure(pieces[i].0) > width {
                    pieces[i].0 = truncate(
                        pieces[i].0, to: width, mode: text.truncationMode, measure: measure, force: false)
                    cut[i] = true
                }
            }
        }
        var lines: [Line] = []
        for (i, (line, endsParagraph)) in pieces.enumerated() {
            let baseline = metrics.ascent + Double(i) * metrics.lineHeight
            lines.append(
                Line(
                    runs: place(
                        line, alignment: text.alignmentMode, justify: !endsParagraph && !cut[i], width: width,
                        measure: measure),
                    baseline: baseline))
        }
        return lines
    }

    /// The paragraphs of `s`, split at any line ending.
    static func paragraphs(_ s: String) -> [String] {
        s.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Greedy line breaking at spaces; over-wide words broken between characters.
    static func wrap(_ paragraph: String, width: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if measure(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            var rest = Substring(word)
            // A word wider than a whole line: as many characters as fit, at least one.
            while measure(String(rest)) > width, rest.count > 1 {
                var n = 1
                while n < rest.count, measure(String(rest.prefix(n + 1))) <= width { n += 1 }
                lines.append(String(rest.prefix(n)))
                rest = rest.dropFirst(n)
            }
            current = String(rest)
        }
        lines.append(current)
        return lines
    }

    /// `s` cut with "…" to fit `width`; unchanged if it fits, unless `force` (the rest of
    /// wrapped text, which always continues past what is shown).
    static func truncate(
        _ s: String, to width: Double, mode: TruncationMode, measure: (String) -> Double, force: Bool
    ) -> String {
        if !force, measure(s) <= width { return s }
        let characters = Array(s)
        // Spaces next to the ellipsis are dropped ("load…", not "load …").
        func head(_ k: Int) -> String {
            String(String(characters.prefix(k)).trimmingSuffix(while: \.isWhitespace))
        }
        func tail(_ k: Int) -> String { String(characters.suffix(k).drop(while: \.isWhitespace)) }
        func candidate(_ k: Int) -> String {
            switch mode {
            case .start: return ellipsis + tail(k)
            case .middle: return head((k + 1) / 2) + ellipsis + tail(k - (k + 1) / 2)
            case .end, .none: return head(k) + ellipsis
            }
        }
        // The most characters kept that still fit (fitting shrinks as k grows).
        var lo = 0
        var hi = force ? characters.count : characters.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(candidate(mid)) <= width { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }

    /// The runs of one line for `alignment`.
    static func place(
        _ line: String, alignment: TextAlignment, justify: Bool, width: Double, measure: (String) -> Double
    ) -> [Run] {
        let w = measure(line)
        let free = width.isFinite ? width - w : 0
        switch alignment {
        case .natural, .left: return [Run(text: line, x: 0, width: w)]
        case .right: return [Run(text: line, x: free, width: w)]
        case .center: return [Run(text: line, x: free / 2, width: w)]
        case .justified:
            let words = line.split(separator: " ").map(String.init)
            guard justify, words.count > 1, free > 0 else { return [Run(text: line, x: 0, width: w)] }
            let widths = words.map(measure)
            let gap = (width - widths.reduce(0, +)) / Double(words.count - 1)
            var x = 0.0
            var runs: [Run] = []
            for (word, ww) in zip(words, widths) {
                runs.append(Run(text: word, x: x, width: ww))
                x += ww + gap
            }
            return runs
        }
    }
}

extension String {
    /// The string without the trailing characters that satisfy `predicate`.
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
