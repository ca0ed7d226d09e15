import Foundation
import LayerKit
import LayerKitCairo

extension Commands {
    /// Layout of the contact sheet, in points.
    enum Sheet {
        static let columns = 3
        static let margin = 16.0
        /// Two lines above each viewport: the title, then the state and time.
        static let titleHeight = 36.0
        static let titleSize = 13.0
        static let stateSize = 11.0
        static let background = Color(white: 0.78)
        static let frameColor = Color(white: 0.55)
        static let titleColor = Color(white: 0.1)
    }

    /// The moment `sheet` shows a loader at: standalone loaders `time` seconds after they
    /// started, headers `time` seconds into a refresh (a header at rest shows nothing).
    static func sheetMoment(for entry: LoaderEntry, time: Double) -> SceneMoment {
        entry.isHeader ? .refreshing(time: time) : .time(time)
    }

    /// `sheet`: every loader at its default size in a grid on a neutral grey (cells as wide as
    /// the widest loader or title, rows as tall as their tallest loader), each with its title
    /// and state above it; with `showcase`, the showcase's loops instead.
    public func sheet(_ options: SheetOptions) throws {
        let entries = options.showcase ? source.showcase : source.entries
        guard !entries.isEmpty else { throw CommandFailure(message: "no loaders to show", exitCode: 1) }
        let shots = try entries.map { entry in
            try snapshot(id: entry.id, moment: Self.sheetMoment(for: entry, time: options.time), size: nil)
        }
        // Measure the text on a scratch canvas so a long title widens every cell.
        let scratch = try cairo { try Canvas(surface: try ImageSurface(width: 1, height: 1)) }
        let titles = entries.map { scratch.displayable($0.title, size: Sheet.titleSize) }
        let states = shots.map { "\($0.state), t = \(ArgumentParser.format($0.time)) s" }
        let textWidth = zip(titles, states).map { title, state in
            max(
                scratch.textWidth(title, size: Sheet.titleSize),
                scratch.textWidth(state, size: Sheet.stateSize))
        }.max()!
        let cellWidth = max(shots.map(\.size.width).max()!, textWidth.rounded(.up)) + 2 * Sheet.margin
        let columns = min(Sheet.columns, shots.count)
        let rows = (shots.count + columns - 1) / columns
        // Each row as tall as its tallest loader; rowTops[r] is where row r starts.
        var rowTops = [0.0]
        for r in 0..<rows {
            let tallest = shots[(r * columns)..<min(shots.count, (r + 1) * columns)].map(\.size.height).max()!
            rowTops.append(rowTops[r] + tallest + Sheet.titleHeight + 2 * Sheet.margin)
        }
        let size = Size(Double(columns) * cellWidth, rowTops[rows])
        let pixels = max(size.width, size.height) * options.scale
        guard pixels <= ArgumentParser.maximumPixels else {
            throw CommandFailure(
                message: "--scale: the sheet would be \(Int(pixels)) pixels wide; use a smaller scale",
                exitCode: 2)
        }
        let surface = try makeSurface(points: size, scale: options.scale)
        let canvas = try cairo { try Canvas(surface: surface) }
        canvas.scale(options.scale, options.scale)
        canvas.clear(color: Sheet.background)
        let renderer = LayerRenderer(images: images)
        for (i, shot) in shots.enumerated() {
            let cellX = Double(i % columns) * cellWidth
            let cellY = rowTops[i / columns]
            let x = cellX + (cellWidth - shot.size.width) / 2
            canvas.drawText(
                titles[i], at: Point(x, cellY + Sheet.margin + Sheet.titleSize),
                size: Sheet.titleSize, color: Sheet.titleColor)
            canvas.drawText(
                states[i], at: Point(x, cellY + Sheet.margin + Sheet.titleSize + 4 + Sheet.stateSize),
                size: Sheet.stateSize, color: Sheet.titleColor)
            // The viewport, centred in the cell under the title, outlined so its extent shows.
            let y = cellY + Sheet.margin + Sheet.titleHeight
            let viewport = Rect(x: x, y: y, width: shot.size.width, height: shot.size.height)
            canvas.fill(viewport.insetBy(dx: -1, dy: -1), color: Sheet.frameColor)
            canvas.fill(viewport, color: Sheet.background)
            canvas.save()
            canvas.clip(to: viewport)
            canvas.translate(x, y)
            renderer.draw(shot.tree, on: canvas)
            canvas.restore()
        }
        if let error = canvas.error { throw CommandFailure(message: error.message, exitCode: 1) }
        try write(surface, to: options.output)
    }
}
