import Foundation
import LayerKit
import PreviewRunner

// Started by `loaderlab preview`, never by hand: see `PreviewProcessMain`.
StandardStream.reserveClosedDescriptors()
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
PreviewProcessMain.run(Array(CommandLine.arguments.dropFirst()))
