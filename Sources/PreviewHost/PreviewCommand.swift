import Foundation
import HostSeam
import LayerKit
import LoaderLab

/// `loaderlab preview PATH... [MODE]`: the user's own loaders, compiled from their sources.
///
/// With no mode it opens the window (`PreviewWindowApp`, live reload). Modes run headless as
/// the catalog's commands do, with the previews' names as loader ids:
/// `--list` (one name a line), `--render NAME`, `--sheet`, `--inspect NAME`, `--record NAME`,
/// `--export NAME`, `--timeline NAME`, each followed by that command's own options (`loaderlab help render` …).
/// A compile error exits 1 with the compiler's diagnostics on standard error; an unknown
/// preview name exits 2.
public struct PreviewCommand {
    public enum Mode: Equatable {
        /// The window, with these window options (parsed once the previews' names are known).
        case window([String])
        case list
        /// `loaderlab help preview`.
        case help
        /// The catalog command to run (`render`, …) and its arguments, the name as `--loader`.
        case command([String])
    }

    public var paths: [String]
    public var mode: Mode

    static let modes: [String: String] = [
        "--render": "render", "--inspect": "inspect", "--record": "record", "--timeline": "timeline",
        "--export": "export",
    ]

    public static let usage =
        "usage: loaderlab preview PATH... [--list | --render NAME | --inspect NAME | --record NAME "
        + "| --export NAME | --timeline NAME | --sheet] [that command's options]"

    /// Parses the arguments after `preview`. Throws an `ArgumentError`-like failure (exit 2).
    public static func parse(_ arguments: [String]) throws -> PreviewCommand {
        if arguments.first == "--help" || arguments.first == "-h" {
            return PreviewCommand(paths: [], mode: .help)
        }
        var paths: [String] = []
        var rest = arguments[...]
        while let a = rest.first, !a.hasPrefix("--") {
            paths.append(a)
            rest = rest.dropFirst()
        }
        guard !paths.isEmpty else {
            throw CommandFailure(message: "no Swift file or folder given\n\(usage)", exitCode: 2)
        }
        guard let flag = rest.first else { return PreviewCommand(paths: paths, mode: .window([])) }
        let after = Array(rest.dropFirst())
        switch flag {
        case "--list":
            guard after.isEmpty else {
                throw CommandFailure(message: "--list takes no options, not \(after[0])", exitCode: 2)
            }
            return PreviewCommand(paths: paths, mode: .list)
        case "--sheet":
            return PreviewCommand(paths: paths, mode: .command(["sheet"] + after))
        default:
            if let command = modes[flag] {
                guard let name = after.first, !name.hasPrefix("--") else {
                    throw CommandFailure(message: "\(flag) needs a preview name", exitCode: 2)
                }
                return PreviewCommand(
                    paths: paths, mode: .command([command, "--loader", name] + after.dropFirst()))
            }
            // Window options (--scale, --size, --loader NAME) open the window.
            return PreviewCommand(paths: paths, mode: .window(Array(rest)))
        }
    }

    /// The window's options, parsed as `loaderlab [--loader ID] [--scale S] [--size WxH]` are,
    /// `names` being the previews'.
    static func windowOptions(_ arguments: [String], names: [String]) throws -> WindowOptions {
        let outcome = try ArgumentParser.parse(
            rawArguments: arguments.map { Array($0.utf8) }, loaderIDs: names)
        guard case .window(let options) = outcome else {
            throw CommandFailure(
                message: "unknown option \(arguments.first ?? "")\n\(usage)", exitCode: 2)
        }
        return options
    }
}
