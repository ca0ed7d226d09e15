import Foundation
import LoaderLab
import X11Host

// Headless commands run here; with no command, the X11 host opens the previewer window.
let commands = Commands(source: CatalogSceneSource())
switch commands.run(Array(CommandLine.arguments.dropFirst())) {
case .finished(let status):
    exit(status)
case .openWindow(let options):
    X11Host.run(options)
}
