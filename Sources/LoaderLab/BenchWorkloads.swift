import Foundation
import LayerKit

extension Bench {
    /// The workloads of the frame section: each loader, then the gallery.
    static func workloadNames(source: any SceneSource) -> [String] {
        source.entries.map(\.id)
    }

    static func makeWorkload(_ name: String, source: any SceneSource, size: Size) throws -> BenchWorkload {
        SnapshotWorkload(source: source, id: name, size: size)
    }
}
