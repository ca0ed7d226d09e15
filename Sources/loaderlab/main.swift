import Foundation
import LoaderLab

// Headless commands run here; with no command, the X11 host opens the previewer window.
let commands = Commands(source: CatalogSceneSource())
switch commands.run(Array(CommandLine.arguments.dropFirst())) {
case .finished(let status):
    exit(status)
case .openWindow:
    FileHandle.standardError.write(
        Data(
            "loaderlab: the previewer window is not available in this build yet; try `loaderlab sheet --out sheet.png`\n"
                .utf8))
    exit(1)
}
