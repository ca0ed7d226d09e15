import Foundation
import LayerKit
import LoaderLab
import Loaders
import Testing

/// Captures what a command writes.
final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errLines: [String] = []

    var io: CommandIO {
        CommandIO(
            out: { [self] s in lock.withLock { outLines.append(s) } },
            err: { [self] s in lock.withLock { errLines.append(s) } })
    }

    var out: String { lock.withLock { outLines.joined(separator: "\n") } }
    var err: [String] {
        lock.withLock {
            errLines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map(String.init)
        }
    }
}

/// Runs the commands on `source` and returns the exit status and what they wrote.
func runCommand(
    _ arguments: [String], source: any SceneSource = DemoSceneSource()
) -> (status: Int32?, window: WindowOptions?, capture: Capture) {
    let capture = Capture()
    switch Commands(source: source, io: capture.io).run(arguments) {
    case .finished(let status): return (status, nil, capture)
    case .openWindow(let options): return (nil, options, capture)
    }
}

/// A fresh directory under the system's temporary directory.
func temporaryDirectory() throws -> String {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("LoaderLabTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// A source whose only loader is whatever tree the test gives it.
struct FixedSource: SceneSource {
    var tree: PresentationLayer
    var kind = LoaderKind.standalone

    var entries: [LoaderEntry] {
        [LoaderEntry(id: "fixed", title: "Fixed", kind: kind, defaultSize: Size(50, 40))]
    }

    func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot {
        let state: String
        let time: Double
        switch moment {
        case .time(let t): (state, time) = (kind == .header ? "idle" : "running", t)
        case .pull: (state, time) = ("pulling", 0)
        case .refreshing(let t): (state, time) = ("refreshing", t)
        }
        return SceneSnapshot(tree: tree, state: state, time: time, size: size ?? Size(50, 40))
    }
}

/// Compares two number arrays from JSON within `tolerance`.
func expectNumbers(
    _ value: Any?, _ expected: [Double], tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let array = value as? [Any] else {
        Issue.record("expected an array, got \(String(describing: value))", sourceLocation: sourceLocation)
        return
    }
    let numbers = array.map { ($0 as? NSNumber)?.doubleValue ?? .nan }
    let ok =
        numbers.count == expected.count && zip(numbers, expected).allSatisfy { abs($0 - $1) <= tolerance }
    #expect(ok, "\(numbers) is not \(expected)", sourceLocation: sourceLocation)
}
