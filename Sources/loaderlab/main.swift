import Foundation
import LayerKit
import LoaderLab
import X11Host

// Before anything opens a file: a closed standard stream keeps its number, so a file opened
// later cannot receive what is meant for it.
StandardStream.reserveClosedDescriptors()
// A closed pipe is a write error the commands report (EPIPE), not a signal that kills the
// process.
signal(SIGPIPE, SIG_IGN)

// Headless commands run here; with no command, the X11 host opens the previewer window.
let commands = Commands(source: CatalogSceneSource())
switch commands.run(Array(CommandLine.arguments.dropFirst())) {
case .finished(let status):
    exit(status)
case .openWindow(let options):
    X11Host.run(options)
}
