import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// A preview file with a mistake of each kind a person makes while writing a loader, for the
/// isolation tests: a trap in a delegate callback, a trap in set-up, a loop that never ends, a
/// stack overflow and a call to `exit`, beside a preview that works. Each mistake's line carries
/// a marker comment, so a test finds its line number in the text itself.
struct PreviewFaultFixture {
    static let source = """
        import UIKit

        final class LateTrap: NSObject, CAAnimationDelegate {
            var steps: [Int] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                print(steps[2])  // MARK-DELEGATE
            }
        }

        nonisolated(unsafe) var kept: [LateTrap] = []

        func deeper(_ n: Int) -> Int {
            n == Int.min ? 0 : deeper(n + 1) + 1  // MARK-OVERFLOW
        }

        func square(in layer: CALayer, color: UIColor) -> CALayer {
            let s = CALayer()
            s.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
            s.backgroundColor = color.cgColor
            layer.addSublayer(s)
            return s
        }

        struct FaultPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("steady", size: CGSize(width: 80, height: 80)) { layer in
                        let s = square(in: layer, color: .orange)
                        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                        spin.toValue = CGFloat.pi * 2
                        spin.duration = 1
                        spin.repeatCount = .infinity
                        s.add(spin, forKey: "spin")
                    },
                    LoaderPreview("traps-later", size: CGSize(width: 80, height: 80)) { layer in
                        let s = square(in: layer, color: .cyan)
                        let move = CABasicAnimation(keyPath: "position.x")
                        move.fromValue = 30
                        move.toValue = 50
                        move.duration = TRAP_AFTER
                        let trap = LateTrap()
                        kept.append(trap)
                        move.delegate = trap
                        s.add(move, forKey: "move")
                    },
                    LoaderPreview("traps-at-setup", size: CGSize(width: 80, height: 80)) { layer in
                        let none: CALayer? = layer.sublayers?.first
                        none!.opacity = 0.5  // MARK-SETUP
                    },
                    LoaderPreview("spins-forever", size: CGSize(width: 80, height: 80)) { layer in
                        var n = 0
                        while n >= 0 { n = (n &+ 1) & 0xff }  // MARK-LOOP
                    },
                    LoaderPreview("overflows", size: CGSize(width: 80, height: 80)) { layer in
                        layer.opacity = Float(deeper(0))
                    },
                    LoaderPreview("exits", size: CGSize(width: 80, height: 80)) { layer in
                        exit(7)  // MARK-EXIT
                    },
                ]
            }
        }

        """

    /// Mistakes in the user's own timed work, written as iOS code writes it: a display link's
    /// method (`#selector`, `@objc`) that indexes past the end of its samples on its 30th call,
    /// half a second in, and a block timer that force-unwraps a nil at its second fire, 0.5 s in.
    static let timedSource = """
        import UIKit

        final class TickTrap: NSObject {
            private var samples = Array(repeating: 0.0, count: 29)
            private var calls = 0
            private var link: CADisplayLink?

            func start() {
                link = CADisplayLink(target: self, selector: #selector(step(_:)))
                link?.add(to: .main, forMode: .common)
            }

            @objc private func step(_ link: CADisplayLink) {
                calls += 1
                samples[calls - 1] = link.timestamp  // MARK-TICK
            }
        }

        nonisolated(unsafe) var keptTicks: [TickTrap] = []

        struct TimedFaultPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("traps-in-tick", size: CGSize(width: 80, height: 80)) { layer in
                        let trap = TickTrap()
                        keptTicks.append(trap)
                        trap.start()
                    },
                    LoaderPreview("traps-in-timer", size: CGSize(width: 80, height: 80)) { layer in
                        var target: CALayer? = CALayer()
                        layer.addSublayer(target!)
                        Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in
                            target!.opacity = 0.5  // MARK-TIMER
                            target = nil
                        }
                    },
                ]
            }
        }

        """

    let folder: String
    let file: String

    /// The fixture (`source`, `Self.source` unless given) in a fresh folder; the delegate's
    /// trap comes `trapAfter` seconds in.
    init(source: String = Self.source, trapAfter: Double = 0.4) throws {
        folder = NSTemporaryDirectory() + "preview-faults-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/tmp", withIntermediateDirectories: true)
        file = folder + "/Faults.swift"
        try source.replacingOccurrences(of: "TRAP_AFTER", with: "\(trapAfter)")
            .write(toFile: file, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// `Faults.swift:N` for the line with `marker`, counted in `source`'s text.
    static func location(_ marker: String, in source: String = Self.source) -> String {
        let lines = source.components(separatedBy: "\n")
        let index = lines.firstIndex { $0.contains("// " + marker) }!
        return "Faults.swift:\(index + 1)"
    }

    /// `loaderlab preview FOLDER arguments…` with TMPDIR in the fixture's folder, and extra
    /// environment.
    func preview(_ arguments: [String], environment: [String] = []) throws -> (
        status: Int32, out: String, err: String
    ) {
        let exe = try #require(AppProcess.binaryPath, "the loaderlab executable is not built")
        return try runProcess(
            "/usr/bin/env", ["TMPDIR=\(folder)/tmp"] + environment + [exe, "preview", folder] + arguments)
    }

    /// Processes whose command line mentions the fixture's folder (its preview processes and
    /// compilers), other than the test runner.
    func processes() -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(folder) && !line.contains("xctest") && !line.contains("swiftpm-testing")
                ? "\(pid): \(line)" : nil
        }
    }
}
