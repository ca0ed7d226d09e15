import Dispatch
import Foundation
import HostSeam
import LayerKit
import LayerKitCairo
import LoaderLab
import PreviewSeam

/// The preview window's app, in the process that owns the window: the previews themselves run
/// in a preview process (`loaderlab-preview-process`), and this app forwards the window's size,
/// input and frames to it and presents the pixels it draws into the shared frame.
///
/// **Reloading.** A change to the sources (`SourceWatcher`) starts a build in the background;
/// the running previews go on until it is done. A good build starts a new preview process with
/// the new library, which takes over the window with the view the old one had (focus, rate,
/// pause, timeline panel: `GalleryViewState`); a failed one leaves the last good previews
/// running with the compiler's errors over them (and on standard error). A change during a
/// build cancels it.
///
/// **Failures.** When the preview process crashes, exits, or does not answer a frame within
/// `PreviewDeadlines.frame`, the window keeps its last frame, dimmed, and says over it which preview it
/// was, why, and the user's line (`PreviewFailure`; also on standard error). Q and Esc still
/// quit; R, or the next good build, starts a new preview process with the same view.
@MainActor
public final class PreviewProxyApp: WindowApp {
    private let deadlines = PreviewDeadlines.current()
    /// What dims the last frame under a failure.
    static let dimming = Color(red: 0, green: 0, blue: 0, alpha: 0.55)

    private let paths: [String]
    private var sources: PreviewSources
    private let builder: PreviewBuilder
    private let executable: String
    private let loaderID: String?
    private var watcher: SourceWatcher?
    private var requestFrame: (@MainActor () -> Void)?

    private var library: String?
    private var process: PreviewProcess?
    private let frame: SharedFrame
    /// The shared frame's size as the preview process last heard it.
    private var announcedBuffer: (width: Int, height: Int)?
    private var size: Size?
    private var scale = 1.0
    private var state = GalleryViewState()

    private var remoteTitle = "LoaderLab preview"
    private var remotePreferredSize = Size(width: 1000, height: 480)
    private var remoteNeedsFrames = false
    private var remoteSummary = ""
    /// What the last frame cost beyond the preview process's drawing (sending the request,
    /// waiting for the answer, copying the damaged pixels), in seconds; and the pixels copied.
    private var seamCost = 0.0
    private var copiedPixels = 0
    private var userQuit = false
    /// The preview whose code the process said it runs.
    private var runningPreview: String?
    /// Recordings in progress in the preview process: their spools and files.
    private var spools: [String: String] = [:]
    /// Names the preview process said it shows (for naming a crash when only one is shown).
    private var processStartedAt = 0.0

    private var building = false
    private var changedWhileBuilding = false
    /// The compiler's errors (or another reason the build failed), shown over the previews.
    private var problem: GalleryNotice?
    /// Why the preview process stopped, while no new one runs.
    private(set) var failure: PreviewFailure?
    /// The last frame the window showed when the process stopped, drawn dimmed under the
    /// failure; nil before any frame.
    private var frozen: FrozenFrame?
    /// The overlay (failure or problem) must be drawn in full at the next frame.
    private var overlayStale = true
    /// Builds that replaced the previews, and preview processes started, for the frame log.
    private(set) var reloads = 0
    private(set) var starts = 0

    public init(
        paths: [String], sources: PreviewSources, builder: PreviewBuilder, executable: String,
        library: String?, problem: GalleryNotice?, loaderID: String?
    ) throws {
        self.paths = paths
        self.sources = sources
        self.builder = builder
        self.executable = executable
        self.loaderID = loaderID
        self.library = library
        self.problem = problem
        frame = try SharedFrame()
        watcher = SourceWatcher { [weak self] in self?.sourcesChanged() }
        watcher?.watch(sources.watchedFolders + Self.folderPaths(paths))
        if watcher == nil {
            StandardStream.error.report(
                "loaderlab: preview: cannot watch the sources (inotify); no live reload")
        }
        if library != nil { startProcess() }
    }

    private static func folderPaths(_ paths: [String]) -> [String] {
        paths.compactMap { p in
            var isFolder: ObjCBool = false
            let absolute = URL(fileURLWithPath: p).standardizedFileURL.path
            return FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder)
                && isFolder.boolValue ? absolute : nil
        }
    }

    // MARK: - The preview process

    /// Starts a preview process on `library` and waits for it to be ready (or to fail).
    private func startProcess() {
        stopProcess()
        guard let library else { return }
        var arguments = ["--library", library]
        for folder in sources.folders { arguments += ["--image-folder", folder] }
        arguments += ["--serve", "--spool-folder", builder.workFolder, "--screen-scale", "\(scale)"]
        // Each frame's summary travels only for the window's frame log.
        if ProcessInfo.processInfo.environment["LOADERLAB_FRAME_LOG"]?.isEmpty == false {
            arguments.append("--summaries")
        }
        if let loaderID { arguments += ["--loader", loaderID] }
        let started: PreviewProcess
        do {
            started = try PreviewProcess.start(executable, arguments: arguments, frame: frame)
        } catch {
            show(GalleryNotice(title: "Cannot start the preview process", lines: ["\(error)"]))
            return
        }
        process = started
        starts += 1
        runningPreview = nil
        announcedBuffer = nil
        failure = nil
        frozen = nil
        overlayStale = true
        processStartedAt = SeamChannel.now()
        // The first answer: the previews are loaded (or the process failed on the way).
        guard
            let ready = waitFor(
                started, deadline: deadlines.start, until: { if case .ready = $0 { true } else { false } })
        else { return }
        if case .ready(let title, let preferred) = ready {
            remoteTitle = title
            remotePreferredSize = preferred
        }
        if let size { send(.resize(size, scale: scale)) }
        send(.restore(state.encoded))
        requestFrame?()
    }

    private func stopProcess() {
        guard let process else { return }
        self.process = nil
        try? process.channel.send(.quit)
        // A recording being finished is given a moment; a process that does not go is killed.
        if process.wait(timeout: 5) == nil { process.terminate() }
        drainLeftovers(of: process)
        recoverRecordings()
    }

    /// What the process said before it went (its spools' news).
    private func drainLeftovers(of process: PreviewProcess) {
        while let message = try? process.channel.receiveIfAny() { take(message) }
    }

    /// Writes the recordings a preview process left unfinished from their spools.
    private func recoverRecordings() {
        for (spool, output) in spools.sorted(by: { $0.key < $1.key }) {
            do {
                let frames = try RecordingSpool.recover(spool, to: output)
                try? StandardStream.output.write(output + "\n")
                StandardStream.error.report(
                    "loaderlab: preview: the recording so far (\(frames) frames) is written to \(output)")
            } catch {
                StandardStream.error.report("loaderlab: preview: the recording is lost: \(error)")
            }
        }
        spools.removeAll()
    }

    /// Messages that came without being asked for (between frames).
    private func drainUnasked() {
        guard let process else { return }
        do {
            while let message = try process.channel.receiveIfAny() { take(message) }
        } catch {
            processFailed(hungAfter: nil)
        }
    }

    /// Handles a message from the preview process that is not an answer.
    private func take(_ message: SeamMessage) {
        switch message {
        case .dirty: requestFrame?()
        case .running(let name): runningPreview = name.isEmpty ? nil : name
        case .recording(let spool, let output): spools[spool] = output
        case .recorded(let spool): spools[spool] = nil
        default: break
        }
    }

    /// Waits for the message `accept` takes, handling others on the way. Nil (and the process
    /// taken as failed) when it does not come within `deadline` or the process goes away.
    private func waitFor(
        _ process: PreviewProcess, deadline: Double, until accept: (SeamMessage) -> Bool
    ) -> SeamMessage? {
        let end = SeamChannel.now() + deadline
        while true {
            let left = end - SeamChannel.now()
            let message: SeamMessage?
            do {
                message = left > 0 ? try process.channel.receive(timeout: left) : nil
            } catch {
                processFailed(hungAfter: nil)
                return nil
            }
            guard let message else {
                processFailed(hungAfter: deadline)
                return nil
            }
            if accept(message) { return message }
            take(message)
        }
    }

    /// The preview process crashed, exited or hung: stop it, keep the last frame and say why.
    private func processFailed(hungAfter: Double?) {
        guard let process else { return }
        self.process = nil
        if hungAfter != nil { process.stopForBacktrace() }
        let status =
            process.wait(timeout: 5)
            ?? {
                process.terminate()
                return process.wait(timeout: nil) ?? 0
            }()
        drainLeftovers(of: process)
        recoverRecordings()
        let failed = PreviewFailure(
            status: status, crash: process.crashText, preview: runningPreview ?? soleShownPreview,
            sources: sources.files, hungAfter: hungAfter,
            symbolizer: PreviewSymbolizer(compiler: builder.toolchain.compiler))
        if !failed.isPreviewsFault, userQuit { return }
        failure = failed
        overlayStale = true
        if failed.isPreviewsFault { StandardStream.error.report("loaderlab: preview: " + failed.description) }
        requestFrame?()
    }

    /// The preview shown when only one is (`--loader`): a failure is its.
    private var soleShownPreview: String? { loaderID }

    private func send(_ message: SeamMessage) {
        guard let process else { return }
        do {
            try process.channel.send(message)
        } catch {
            processFailed(hungAfter: nil)
        }
    }

    // MARK: - Reloading

    private func sourcesChanged() {
        if building {
            changedWhileBuilding = true
            builder.cancel()
            return
        }
        do {
            sources = try PreviewSources.collect(paths)
        } catch {
            show(GalleryNotice(title: "Cannot build the preview", lines: ["\(error)"]))
            return
        }
        watcher?.watch(sources.watchedFolders + Self.folderPaths(paths))
        building = true
        let builder = self.builder
        let sources = self.sources
        DispatchQueue.global().async {
            let outcome = Result { try builder.build(sources) }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in self?.buildFinished(outcome) }
            }
        }
    }

    private func buildFinished(_ outcome: Result<PreviewBuilder.Outcome, any Error>) {
        building = false
        if changedWhileBuilding {
            changedWhileBuilding = false
            sourcesChanged()
            return
        }
        switch outcome {
        case .failure(let error):
            show(GalleryNotice(title: "Cannot build the preview", lines: ["\(error)"]))
        case .success(.cancelled):
            break
        case .success(.failed(let diagnostics, let output)):
            PreviewMain.reportCompileFailure(output: output)
            show(PreviewMain.notice(for: diagnostics, output: output, keptPrevious: library != nil))
        case .success(.built(let built)):
            library = built
            problem = nil
            reloads += 1
            startProcess()
            if process != nil {
                StandardStream.error.report("loaderlab: preview: reloaded (\(sources.summary))")
            }
        }
    }

    private func show(_ notice: GalleryNotice) {
        problem = notice
        overlayStale = true
        requestFrame?()
    }

    // MARK: - WindowApp

    public var title: String { remoteTitle }
    public var preferredSize: Size { remotePreferredSize }

    public func resize(to size: Size, scale: Double) {
        self.size = size
        self.scale = scale
        overlayStale = true
        send(.resize(size, scale: scale))
    }

    public func pointer(_ event: PointerEvent) {
        guard process != nil else { return }
        send(.pointer(event))
    }

    public func key(_ key: KeyInput) {
        guard process != nil else {
            switch key {
            case .escape: userQuit = true
            case .character(let c) where c == "q" || c == "Q": userQuit = true
            case .character(let c) where c == "r" || c == "R": restart()
            default: break
            }
            return
        }
        send(.key(key))
    }

    /// R after a failure: a new preview process on the last good build.
    private func restart() {
        guard library != nil else { return }
        startProcess()
    }

    public var needsFrames: Bool { process != nil && remoteNeedsFrames }
    public var wantsQuit: Bool { userQuit }

    public func renderFrame(into buffer: PixelBuffer, fullRedraw: Bool) throws -> [PixelRect] {
        if let process {
            if let drawn = try drawRemote(process, into: buffer, fullRedraw: fullRedraw) { return drawn }
        }
        return try drawOverlay(into: buffer, fullRedraw: fullRedraw)
    }

    /// Asks the preview process for a frame and copies what changed. Nil when it failed on the
    /// way (the overlay is drawn instead).
    private func drawRemote(_ process: PreviewProcess, into buffer: PixelBuffer, fullRedraw: Bool) throws
        -> [PixelRect]?
    {
        var full = fullRedraw
        if announcedBuffer?.width != buffer.width || announcedBuffer?.height != buffer.height {
            try frame.reserve(width: buffer.width, height: buffer.height)
            try frame.map(
                width: buffer.width, height: buffer.height, stride: SharedFrame.stride(width: buffer.width))
            send(
                .buffer(
                    width: buffer.width, height: buffer.height,
                    stride: SharedFrame.stride(width: buffer.width)))
            announcedBuffer = (buffer.width, buffer.height)
            full = true
        }
        // The window's problem panel is drawn by this side, over the previews' pixels.
        if problem != nil { full = true }
        let started = SeamChannel.now()
        send(.frame(full: full))
        guard self.process != nil,
            case .drawn(let drawn) = waitFor(
                process, deadline: deadlines.frame,
                until: {
                    if case .drawn = $0 { true } else { false }
                })
        else {
            return nil
        }
        remoteNeedsFrames = drawn.needsFrames
        remoteSummary = drawn.summary
        if !drawn.viewState.isEmpty { state = GalleryViewState(encoded: drawn.viewState) }
        if drawn.wantsQuit { userQuit = true }
        let damage = full ? [buffer.bounds] : drawn.damage
        copiedPixels = frame.copy(damage, into: buffer)
        seamCost = SeamChannel.now() - started - drawn.cost
        if let problem {
            try paint(buffer) { canvas, area in problem.draw(in: area, on: canvas) }
        }
        return damage
    }

    /// With no preview process: the last frame dimmed (or the plain background) and the reason.
    private func drawOverlay(into buffer: PixelBuffer, fullRedraw: Bool) throws -> [PixelRect] {
        guard overlayStale || fullRedraw else { return [] }
        overlayStale = false
        if failure != nil, frozen == nil {
            // The buffer still holds the last frame presented: keep it for later redraws.
            frozen = FrozenFrame(fullRedraw ? nil : buffer)
        }
        let notice =
            failure.map { f in
                GalleryNotice(
                    title: f.title,
                    lines: f.details + ["", "Fix the code and save, or press R to start the previews again."])
            } ?? problem
        frozen?.draw(into: buffer)
        let dims = frozen?.isEmpty == false
        try paint(buffer) { canvas, area in
            if dims {
                canvas.fill(area, color: Self.dimming)
            } else {
                canvas.fill(area, color: GalleryApp.backgroundColor)
            }
            notice?.draw(in: area, on: canvas)
        }
        return [buffer.bounds]
    }

    /// Draws on `buffer` with Cairo, in points.
    private func paint(_ buffer: PixelBuffer, _ body: (Canvas, Rect) -> Void) throws {
        let surface = try ImageSurface(
            wrapping: buffer.data, width: buffer.width, height: buffer.height, stride: buffer.stride)
        let canvas = try Canvas(surface: surface)
        canvas.scale(scale, scale)
        body(
            canvas,
            Rect(x: 0, y: 0, width: Double(buffer.width) / scale, height: Double(buffer.height) / scale))
        surface.flush()
    }

    public var frameSummary: String {
        (process == nil ? "preview=stopped" : remoteSummary)
            + " seam_us=\(Int((seamCost * 1e6).rounded())) copied=\(copiedPixels)"
            + " reloads=\(reloads) starts=\(starts)"
            + (problem == nil ? "" : " error=1") + (failure == nil ? "" : " failed=1")
    }

    public func willQuit() {
        userQuit = true
        stopProcess()
        builder.cancel()
        ChildProcess.terminateAll()
        PreviewProcess.terminateAll()
        builder.removeWorkFolder()
    }

    public func setFrameRequester(_ request: @escaping @MainActor () -> Void) {
        requestFrame = request
    }

    /// The channel: messages between frames (a frame asked for, whose code runs) wake the loop.
    public var watchedDescriptor: Int32? { process?.channel.descriptor }

    public func watchedDescriptorReadable() { drainUnasked() }
}

/// A copy of the pixels a window showed.
struct FrozenFrame {
    private let bytes: [UInt8]
    private let width: Int
    private let height: Int

    var isEmpty: Bool { bytes.isEmpty }

    /// A copy of `buffer`'s pixels (nil: nothing to keep, an empty frame).
    init(_ buffer: PixelBuffer?) {
        guard let buffer else {
            bytes = []
            width = 0
            height = 0
            return
        }
        let (w, h) = (buffer.width, buffer.height)
        var copy = [UInt8](repeating: 0, count: w * h * 4)
        copy.withUnsafeMutableBytes { dst in
            for y in 0..<h {
                memcpy(dst.baseAddress! + y * w * 4, buffer.data + y * buffer.stride, w * 4)
            }
        }
        width = w
        height = h
        bytes = copy
    }

    /// Puts the copy at the top-left of `buffer` (cut to it); the rest is left as it is.
    func draw(into buffer: PixelBuffer) {
        let w = Swift.min(width, buffer.width)
        let h = Swift.min(height, buffer.height)
        guard w > 0, h > 0 else { return }
        bytes.withUnsafeBytes { src in
            for y in 0..<h {
                memcpy(buffer.data + y * buffer.stride, src.baseAddress! + y * width * 4, w * 4)
            }
        }
    }
}
