import Foundation

/// Turns offsets into a preview library into source locations, with the toolchain's own tools:
/// `llvm-symbolizer` (beside `swiftc`) for the file and line, `swift-demangle` for the function's
/// name. Used where the runtime's backtracer cannot say where: a preview's call to `exit`
/// (`ExitSite` in the preview process).
public struct PreviewSymbolizer: Sendable {
    public var symbolizer: String
    public var demangler: String?

    /// The tools beside `compiler`, or none (nil) when there is no `llvm-symbolizer`.
    public init?(compiler: String) {
        let folder = (compiler as NSString).deletingLastPathComponent
        let fm = FileManager.default
        guard fm.isExecutableFile(atPath: folder + "/llvm-symbolizer") else { return nil }
        symbolizer = folder + "/llvm-symbolizer"
        demangler = fm.isExecutableFile(atPath: folder + "/swift-demangle") ? folder + "/swift-demangle" : nil
    }

    /// The frames at `offsets` in `library`, in order; empty when the tools fail.
    func frames(library: String, offsets: [UInt]) -> [PreviewFailure.Frame] {
        guard !offsets.isEmpty else { return [] }
        let output = run(symbolizer, ["--obj=" + library] + offsets.map { "0x" + String($0, radix: 16) })
        // One block per address: the function's (mangled) name, then file:line:column, then a
        // blank line; inlined calls add pairs to a block.
        let blocks = output.components(separatedBy: "\n\n").filter {
            !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        let names = blocks.compactMap { $0.split(separator: "\n").first.map(String.init) }
        let demangled = demangle(names)
        return blocks.enumerated().map { i, block in
            let lines = block.split(separator: "\n").map(String.init)
            var frame = PreviewFailure.Frame(function: nil, file: nil, line: nil, isRuntime: false)
            if lines.count >= 2 {
                frame.function = i < demangled.count ? demangled[i] : lines[0]
                let parts = lines[1].split(separator: ":")
                if parts.count >= 3, let line = Int(parts[parts.count - 2]) {
                    let file = parts.dropLast(2).joined(separator: ":")
                    frame.file = URL(fileURLWithPath: file).standardizedFileURL.path
                    frame.line = line
                }
            }
            return frame
        }
    }

    private func demangle(_ names: [String]) -> [String] {
        guard let demangler, !names.isEmpty else { return names }
        let out = run(demangler, ["--compact", "--simplified"] + names).split(separator: "\n").map(
            String.init)
        return out.count == names.count ? out : names
    }

    /// The tool's standard output (nothing if it cannot run or fails).
    private func run(_ tool: String, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : ""
    }
}
