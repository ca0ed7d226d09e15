import Foundation

/// The windowed measurements: the previewer under Xvfb.
struct BenchWindow {
    let io: CommandIO
    let seconds: Double

    func run() throws {
        io.out("")
        io.out("window: not measured yet")
    }
}
