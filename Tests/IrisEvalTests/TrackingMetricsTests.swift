import IrisCore
import IrisDetect
import IrisEval
import Testing

/// CLEAR MOT and the identity scores on small clips counted by hand.
@Suite struct TrackingMetricsTests {
    typealias F = MatchingFixtures

    private func tracking(_ frames: [([TruthObject], [Detection])]) -> TrackingReport? {
        var scorer = ClipScorer(kind: .face)
        for (index, (truth, found)) in frames.enumerated() {
            scorer.add(truth: F.frame(index, truth), detections: found, milliseconds: 0)
        }
        return scorer.report().tracking
    }

    @Test func aChangedTrackIDIsAnIDSwitch() throws {
        // One still face over three frames, tracked as 7, 7, then 8.
        let face = F.face(1, 0, 0, 10, 10)
        let report = try #require(
            tracking([
                ([face], [F.found(0, 0, 10, 10, track: 7)]),
                ([face], [F.found(0, 0, 10, 10, track: 7)]),
                ([face], [F.found(0, 0, 10, 10, track: 8)])
            ]))
        #expect(report.idSwitches == 1 && report.fragmentations == 0)
        #expect(abs(report.mota - 2.0 / 3) < 1e-12)  // 1 − (0 FN + 0 FP + 1 IDSW) / 3
        // Truth 1 pairs with track 7 (2 frames, against 1 for track 8): IDTP 2, IDFN 3 − 2 = 1, IDFP 3 − 2 = 1;
        // IDF1 = 4 / (4 + 1 + 1).
        #expect(abs(report.idf1 - 2.0 / 3) < 1e-12)
        #expect(report.mostlyTracked == 1 && report.truthTracks == 1 && report.motp == 1)
    }

    @Test func aPreviousCorrespondenceIsKeptWhileItStillOverlaps() throws {
        // Frame 0: face 1 tracked as 5. Frame 1: face 2 appears 3 px to the right; track 5 has moved onto
        // face 2 exactly, and a new track 6 sits on face 1 exactly. The best fresh pairing would swap (two
        // IoUs of 1, an ID switch); CLEAR MOT keeps 1↔5 as its IoU 70/130 = 7/13 is still ≥ 0.5 and gives
        // 2↔6 (7/13 too): no ID switch.
        let report = try #require(
            tracking([
                ([F.face(1, 0, 0, 10, 10)], [F.found(0, 0, 10, 10, track: 5)]),
                (
                    [F.face(1, 0, 0, 10, 10), F.face(2, 3, 0, 10, 10)],
                    [F.found(3, 0, 10, 10, track: 5), F.found(0, 0, 10, 10, track: 6)]
                )
            ]))
        #expect(report.idSwitches == 0 && report.mota == 1)
        #expect(abs(report.motp - 9.0 / 13) < 1e-12)  // (1 + 7/13 + 7/13) / 3 = (27/13) / 3
    }

    @Test func anInterruptedTrackThatResumesIsAFragmentation() throws {
        // Matched, matched, missed, matched, missed: one interruption resumes, the last does not.
        let face = F.face(1, 0, 0, 10, 10), hit = F.found(0, 0, 10, 10, track: 3)
        let report = try #require(
            tracking([([face], [hit]), ([face], [hit]), ([face], []), ([face], [hit]), ([face], [])]))
        #expect(report.fragmentations == 1 && report.idSwitches == 0)
        #expect(abs(report.mota - 0.6) < 1e-12)  // 1 − 2 misses / 5
        #expect(report.partiallyTracked == 1 && report.mostlyTracked == 0)  // matched 3 of 5 frames: 60 %
    }

    @Test func motaAndIDF1OnTwoFacesOverFourFrames() throws {
        let one = F.face(1, 0, 0, 10, 10), two = F.face(2, 50, 0, 10, 10)
        func on(_ face: TruthObject, track: Int) -> Detection {
            Detection(kind: .face, bounds: face.box, trackingID: track)
        }
        let report = try #require(
            tracking([
                ([one, two], [on(one, track: 1), on(two, track: 2)]),
                // A false positive
                ([one, two], [on(one, track: 1), on(two, track: 2), F.found(100, 100, 10, 10, track: 9)]),
                ([one, two], [on(one, track: 1)]),  // face 2 missed
                ([one, two], [on(one, track: 3), on(two, track: 2)])  // face 1 switches to 3
            ]))
        // GT 8, matches 2 + 2 + 1 + 2 = 7: FN 1, FP 1, IDSW 1 (face 2 resumes on its old track 2: no switch).
        #expect(report.idSwitches == 1)
        #expect(report.mota == 0.625)  // 1 − 3 / 8
        #expect(report.fragmentations == 1)  // face 2: tracked, lost, tracked
        #expect(report.mostlyTracked == 1 && report.partiallyTracked == 1 && report.mostlyLost == 0)  // 4/4 and 3/4
        // Overlapping frames: (1, track 1) 3, (1, track 3) 1, (2, track 2) 3. Best pairing 1↔1, 2↔2: IDTP 6.
        // Predicted detections 2 + 3 + 1 + 2 = 8: IDFP 8 − 6 = 2; IDFN 8 − 6 = 2; IDF1 = 12 / 16.
        #expect(report.idf1 == 0.75 && report.idPrecision == 0.75 && report.idRecall == 0.75)
        #expect(report.motp == 1 && report.truthTracks == 2)
    }

    @Test func untrackedDetectionsAreTrajectoriesOfTheirOwn() throws {
        // Two frames of one face found without tracking IDs: two one-frame trajectories. The second match is
        // to a different trajectory: an ID switch. IDTP 1 (one trajectory pairs with the face), IDFN 1, IDFP 1:
        // IDF1 = 2 / (2 + 1 + 1).
        let face = F.face(1, 0, 0, 10, 10)
        let report = try #require(tracking([([face], [F.found(0, 0, 10, 10)]), ([face], [F.found(0, 0, 10, 10)])]))
        #expect(report.idSwitches == 1 && report.idf1 == 0.5)
    }

    @Test func dontCareFacesAndTheirDetectionsAreLeftOutOfTracking() throws {
        // Face 1 is half hidden (0.3) in frame 1: its frame is neither a miss nor a match, and the detection
        // on it is dropped, so no fragmentation, no false positive, and the track carries on.
        let report = try #require(
            tracking([
                ([F.face(1, 0, 0, 10, 10)], [F.found(0, 0, 10, 10, track: 4)]),
                ([F.face(1, 0, 0, 10, 10, visibility: 0.3)], [F.found(0, 0, 10, 10, track: 4)]),
                ([F.face(1, 0, 0, 10, 10)], [F.found(0, 0, 10, 10, track: 4)])
            ]))
        #expect(report.mota == 1 && report.fragmentations == 0 && report.idSwitches == 0 && report.idf1 == 1)
    }
}
