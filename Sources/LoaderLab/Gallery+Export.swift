import Foundation
import LayerKit

/// Key E: exports the focused tile's loader as a Lottie animation, as `loaderlab export --loader
/// ID` does (from its start: one loop, or a header's pull, refresh and rest, at 60 frames per
/// second), into `loaderlab-ID-YYYYMMDD-HHMMSS.json` where V's recordings go. The file's path
/// goes to standard output and its name to the HUD, with how many features were not written as
/// drawn (each named on standard error); a failure goes to standard error and the HUD.
extension GalleryApp {
    public func exportFocused() {
        guard let session = focusedSession else { return }
        guard let source = exportSource else {
            fail("export: no loaders to export here")
            return
        }
        let id = session.info.id
        let name = Self.recordingName(id: id, in: recorder.directory, date: Date(), extension: "json")
        let path = recorder.directory + "/" + name
        let notes = ExportNotes()
        let commands = Commands(
            source: source, io: CommandIO(out: { _ in }, err: { notes.add($0) }), images: renderer.images)
        do {
            try commands.export(
                ExportOptions(
                    loaderID: id, moment: .time(0),
                    framesPerSecond: ArgumentParser.defaultExportFramesPerSecond,
                    output: OutputPath(path)))
        } catch let failure as CommandFailure {
            fail("export failed: \(failure.message)")
            return
        } catch {
            fail("export failed: \(error)")
            return
        }
        let lines = notes.lines
        for note in lines { recorder.reportNote(note) }
        recorder.message =
            "exported \(name)" + (lines.isEmpty ? "" : " (\(lines.count) not as drawn: see standard error)")
        recorder.printPath(path)
    }
}

/// What an export wrote on its standard error, kept for the HUD.
private final class ExportNotes: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []

    func add(_ line: String) { lock.withLock { kept.append(line) } }
    var lines: [String] { lock.withLock { kept } }
}
