import LayerKit
import Testing

@testable import RefreshKit

@Suite struct ListContentTests {
    @Test func splitMix64MatchesReferenceVector() {
        // First outputs of Vigna's reference splitmix64.c seeded with 0.
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func rowsAreDeterministicAndInsideTheirFrames() {
        let list = ListContent(width: 375, rowCount: 40, rowHeight: 60, seed: 7)
        #expect(list.contentSize == Size(375, 2400))
        #expect(list.row(at: 3) == ListContent(width: 375, rowCount: 40, rowHeight: 60, seed: 7).row(at: 3))
        var widths: Set<Double> = []
        for i in 0..<40 {
            let row = list.row(at: i)!
            #expect(row.frame == Rect(x: 0, y: Double(i) * 60, width: 375, height: 60))
            #expect(row.bars.map(\.role) == [.leading, .primary, .secondary, .separator])
            for bar in row.bars {
                #expect(bar.rect.minY >= row.frame.minY && bar.rect.maxY <= row.frame.maxY + 1e-9)
                #expect(bar.rect.minX >= 0 && bar.rect.maxX <= 375 + 1e-9)
            }
            // Documented width fractions of the room right of the leading block.
            let room = 375 - row.bars[1].rect.minX - ListContent.margin
            let p = row.bars[1].rect.width / room
            let s = row.bars[2].rect.width / room
            #expect(p >= 0.45 && p < 0.85)
            #expect(s >= 0.25 && s < 0.65)
            widths.insert(row.bars[1].rect.width)
        }
        #expect(widths.count > 30)
        #expect(list.row(at: -1) == nil && list.row(at: 40) == nil)
    }

    @Test func visibleRowsFollowTheOffset() {
        let list = ListContent(width: 375, rowCount: 50, rowHeight: 60)
        let view = ScrollView(viewportSize: Size(375, 600), contentSize: list.contentSize)
        view.setContentOffset(Point(0, 130), at: 0)
        let rows = list.rows(intersecting: view.visibleContentRect)
        // 130…730 touches rows 2 (120–180) through 12 (720–780).
        #expect(rows.map(\.index) == Array(2...12))
        let onScreen = view.viewportRect(fromContent: rows[0].frame)
        #expect(onScreen.origin.y == 120 - 130)
        // Pulled down past the top: row 0 starts below the viewport's top.
        view.setContentOffset(Point(0, -50), at: 1)
        #expect(list.rows(intersecting: view.visibleContentRect).first?.index == 0)
        #expect(view.viewportRect(fromContent: list.row(at: 0)!.frame).minY == 50)
    }

    @Test func badInputGivesNoRows() {
        let list = ListContent(width: .nan, rowCount: -3, rowHeight: 0)
        #expect(list.rowCount == 0 && list.width == 0 && list.rowHeight == 60)
        let ok = ListContent(width: 100, rowCount: 10)
        #expect(ok.rows(intersecting: Rect(x: 0, y: .nan, width: 10, height: 10)).isEmpty)
        #expect(ok.rows(intersecting: Rect(x: 0, y: 1e300, width: 10, height: 1e300)).isEmpty)
        #expect(ok.rows(intersecting: Rect(x: 0, y: -1e300, width: 10, height: 2e300)).count == 10)
        #expect(ok.rows(intersecting: Rect(x: 0, y: -100, width: 10, height: 50)).isEmpty)
    }
}
