import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells when a preview's sources change: inotify on the folders that hold them and their
/// resources (`PreviewSources.watchedFolders`), read on the main queue, so an idle window wakes
/// for nothing else. A Swift file or a resource (`isRelevant`) written, created, renamed into
/// place (as editors save), moved away or deleted counts, and so does a folder made, moved or
/// removed; a burst of changes (a save that writes several files) is reported once, `settle`
/// after the last.
@MainActor
final class SourceWatcher {
    private let fd: Int32
    private var source: DispatchSourceRead?
    private var watches: [Int32: String] = [:]
    private let onChange: @MainActor () -> Void
    private var generation = 0
    static let settle = 0.15

    /// Nil when inotify is unavailable (the window then says the preview will not reload).
    init?(onChange: @escaping @MainActor () -> Void) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.onChange = onChange
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { [weak self] in self?.drain() } }
        source.setCancelHandler { close(fd) }
        source.resume()
        self.source = source
    }

    isolated deinit {
        source?.cancel()
    }

    /// Watches exactly `folders` from now on.
    func watch(_ folders: [String]) {
        let wanted = Set(folders)
        for (wd, path) in watches where !wanted.contains(path) {
            inotify_rm_watch(fd, wd)
            watches[wd] = nil
        }
        let have = Set(watches.values)
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
        for folder in wanted where !have.contains(folder) {
            let wd = inotify_add_watch(fd, folder, mask)
            if wd >= 0 { watches[wd] = folder }
        }
    }

    /// True for a name whose change means a new build: a Swift file, a resource file or a
    /// resource folder as `PreviewSources` finds them (`resourceExtensions`,
    /// `resourceFolderExtensions`), whatever the case of its extension.
    nonisolated static func isRelevant(_ name: String) -> Bool {
        let ext = (name as NSString).pathExtension.lowercased()
        return ext == "swift" || PreviewSources.resourceExtensions.contains(ext)
            || PreviewSources.resourceFolderExtensions.contains(ext)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 16384)
        var relevant = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let (length, name, isFolder) = buffer.withUnsafeBytes { raw -> (Int, String, Bool) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let length = Int(event.len)
                    let bytes = raw[(offset + header)..<Swift.min(n, offset + header + length)]
                    let name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    return (length, name, event.mask & UInt32(IN_ISDIR) != 0)
                }
                // A folder made, moved or removed may hold sources or resources (an asset
                // catalogue's new image set): the new build looks, and watches it from then on.
                if isFolder || Self.isRelevant(name) { relevant = true }
                offset += header + length
            }
        }
        guard relevant else { return }
        generation += 1
        let mine = generation
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.settle) {
            MainActor.assumeIsolated { [weak self] in
                guard let self, self.generation == mine else { return }
                self.onChange()
            }
        }
    }
}
