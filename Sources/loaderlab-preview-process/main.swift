import Foundation
import LayerKit
import LayerKitCairo
import PreviewRunner

// Started by `loaderlab preview`, never by hand: see `PreviewProcessMain`.
StandardStream.reserveClosedDescriptors()
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
// Drawing code (`CGContext`, `draw(_:)`, `UIGraphicsImageRenderer`) gets its pixels from Cairo.
CairoDrawingBackend.install()
PreviewProcessMain.run(Array(CommandLine.arguments.dropFirst()))
