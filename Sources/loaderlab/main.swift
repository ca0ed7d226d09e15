import Foundation
import LayerKit
import LoaderLab
import PreviewHost
import X11Host

// Before anything opens a file: a closed standard stream keeps its number, so a file opened
// later cannot receive what is meant for it.
StandardStream.reserveClosedDescriptors()
// A closed pipe and the file-size limit are write errors the commands report (EPIPE, EFBIG),
// not signals that kill the process mid-write and leave a temporary file behind.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)

// `loaderlab preview PATH...`: the user's own loaders, built from their sources.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "preview" {
    PreviewMain.run(Array(CommandLine.arguments.dropFirst(2)))
}

// Headless commands run here; with no command, the X11 host opens the previewer window.
let commands = Commands(source: CatalogSceneSource())
switch commands.run(rawArguments: Commands.processArguments) {
case .finished(let status):
    exit(status)
case .openWindow(let window):
    // The gallery, or one loader with `--loader`. Its fonts load on another thread meanwhile.
    GalleryApp.preloadFonts(loaderID: window.loaderID, scale: window.scale ?? 1)
    let app = GalleryApp(loaderID: window.loaderID)
    app.exportSource = CatalogSceneSource()
    X11Host.run(app, options: X11Host.Options(scale: window.scale, size: window.size))
}
