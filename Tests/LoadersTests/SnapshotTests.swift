import Foundation
import LayerKit
import LayerKitCairo
import Testing

@testable import Loaders

/// One picture per loader at a few moments, through LayerKitCairo, against committed PNGs
/// (looked at by eye when recorded).
@Suite struct LoaderSnapshotTests {
    static let moments: [(String, String, LoaderMoment)] = [
        ("four-dots", "pull-62.5", .pull(62.5)),
        ("four-dots", "pull-90", .pull(90)),
        ("four-dots", "refreshing-0.3", .refreshing(time: 0.3)),
        ("three-dots", "pull-30", .pull(30)),
        ("three-dots", "refreshing-0.4", .refreshing(time: 0.4)),
        ("airplane", "pull-80", .pull(80)),
        ("airplane", "refreshing-0.6", .refreshing(time: 0.6)),
        ("orbit", "time-1", .time(1)),
        ("orbit", "time-2", .time(2)),
        ("balls", "time-0.5", .time(0.5)),
        ("balls", "time-1", .time(1)),
    ]

    @Test(arguments: 0..<moments.count)
    func snapshot(_ index: Int) throws {
        let (id, label, moment) = Self.moments[index]
        let snapshot = try Catalog.snapshot(id: id, moment: moment)
        let surface = try Snapshot.render(snapshot, scale: 2)
        // Scale 2 draws two pixels per point of the loader's viewport.
        #expect(surface.width == Int((snapshot.size.width * 2).rounded()))
        #expect(surface.height == Int((snapshot.size.height * 2).rounded()))
        try expectSnapshot(surface, named: "\(id)-\(label)@2x", tolerance: 8, allowedMismatches: 20)
    }
}
