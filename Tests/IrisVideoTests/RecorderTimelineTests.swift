@testable import IrisVideo
import Testing

/// The recorder's 90 kHz timeline keeps every frame whose time advances, however little (issue 34: a Y4M
/// at F1000000000:1 lost 4 of 5 frames), and refuses only frames that do not advance.
@Suite struct RecorderTimelineTests {
    @Test func framesLessThanATickApartAreKeptOneTickApart() {
        var timeline = RecorderTimeline()
        let ticks = (0..<5).map { timeline.ticks(for: 10 + Double($0) * 1e-9) }
        #expect(ticks == [0, 1, 2, 3, 4])
        #expect(timeline.refused == 0 && timeline.lastDuration == 1)
        // A later frame at its own time again once that is past the nudged ones.
        #expect(timeline.ticks(for: 11) == 90_000)
    }

    @Test func framesThatDoNotAdvanceAreRefusedAndCounted() {
        var timeline = RecorderTimeline()
        #expect(timeline.ticks(for: 1) == 0)
        #expect(timeline.ticks(for: 1) == nil)
        #expect(timeline.ticks(for: 0.5) == nil)
        #expect(timeline.ticks(for: .nan) == nil)
        #expect(timeline.refused == 3)
        #expect(timeline.ticks(for: 1 + 1.0 / 30) == 3000)
    }
}
