import IrisCore
import IrisDetect
import IrisEval
import Testing

/// The optimal assignment and the per-frame rules: one to one, IoU ≥ 0.5, don't care, one rectangle.
@Suite struct MatchingTests {
    typealias F = MatchingFixtures

    @Test func theAssignmentMaximisesTheTotalNotTheFirstChoice() {
        // Greedy takes 0.9 (row 0 → column 0) and leaves row 1 nothing: 0.9. Crossing gives 0.6 + 0.7 = 1.3.
        let pairs = OptimalAssignment.pairs(weights: [[0.9, 0.6], [0.7, 0]])
        #expect(pairs == [.init(row: 0, column: 1), .init(row: 1, column: 0)])
    }

    @Test func aThreeByThreeAssignmentFindsTheBestOfTheSixPermutations() {
        // Weights 10 − cost for the costs [[4,1,3],[2,0,5],[3,2,2]]. The six permutations cost
        // (0,1,2) 4+0+2=6, (0,2,1) 4+5+2=11, (1,0,2) 1+2+2=5, (1,2,0) 1+5+3=9, (2,0,1) 3+2+2=7, (2,1,0) 3+0+3=6:
        // the cheapest, 5, is 0→1, 1→0, 2→2.
        let pairs = OptimalAssignment.pairs(weights: [[6, 9, 7], [8, 10, 5], [7, 8, 8]])
        #expect(pairs.map { [$0.row, $0.column] } == [[0, 1], [1, 0], [2, 2]])
    }

    @Test func forbiddenPairsAreNeverMadeAndTallMatricesWork() {
        // Three rows, two columns: row 1 may only take column 1; row 2 is best on column 0 (5 > 4 + 0).
        let pairs = OptimalAssignment.pairs(weights: [[4, 0], [0, 1], [5, 0]])
        #expect(pairs.map { [$0.row, $0.column] } == [[1, 1], [2, 0]])
        #expect(OptimalAssignment.pairs(weights: [[0, 0], [0, 0]]).isEmpty)
        #expect(OptimalAssignment.pairs(weights: []).isEmpty)
    }

    @Test func theAssignmentEqualsBruteForceOnRandomMatrices() {
        // Every partial matching of up to 5 × 5 tried one by one; a fixed linear congruential generator
        // makes the matrices (a third of the pairs forbidden) the same on every run.
        var state: UInt64 = 12345
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        func best(_ weights: [[Double]], row: Int, used: Set<Int>) -> Double {
            guard row < weights.count else { return 0 }
            var top = best(weights, row: row + 1, used: used)
            for column in weights[row].indices where !used.contains(column) && weights[row][column] > 0 {
                top = max(top, weights[row][column] + best(weights, row: row + 1, used: used.union([column])))
            }
            return top
        }
        for _ in 0..<300 {
            let rows = 1 + Int(next() * 5), columns = 1 + Int(next() * 5)
            let weights = (0..<rows).map { _ in (0..<columns).map { _ in next() < 0.33 ? 0 : next() } }
            let pairs = OptimalAssignment.pairs(weights: weights)
            let total = pairs.reduce(0) { $0 + weights[$1.row][$1.column] }
            #expect(abs(total - best(weights, row: 0, used: [])) < 1e-9, "\(weights)")
            #expect(Set(pairs.map(\.row)).count == pairs.count && Set(pairs.map(\.column)).count == pairs.count)
            #expect(pairs.allSatisfy { weights[$0.row][$0.column] > 0 })
        }
    }

    @Test func intersectionOverUnionOfBoxes() {
        // Two 10×10 boxes 5 apart share 5×10 = 50 of 100 + 100 − 50 = 150.
        #expect(abs(F.box(0, 0, 10, 10).intersectionOverUnion(F.box(5, 0, 10, 10)) - 1.0 / 3) < 1e-12)
        #expect(F.box(0, 0, 10, 10).intersectionOverUnion(F.box(10, 0, 10, 10)) == 0)
        #expect(F.box(0, 0, 10, 10).intersectionOverUnion(F.box(0, 0, 10, 10)) == 1)
    }

    @Test func pairsAreOptimalWhereGreedyWouldLoseOne() {
        // Truths at x 0…10 and 3…13; detections at x 2…12 and 5…15, all 10 tall. IoUs: d0–t0 80/120 = 2/3,
        // d0–t1 90/110 = 0.82, d1–t1 80/120 = 2/3, d1–t0 50/150 = 1/3. Greedy takes d0–t1 (0.82) first and
        // leaves d1 only t0, under 0.5: one pair. The optimum is d0–t0 and d1–t1: two pairs.
        let truths = [F.box(0, 0, 10, 10), F.box(3, 0, 10, 10)], found = [F.box(2, 0, 10, 10), F.box(5, 0, 10, 10)]
        let pairs = BoxMatching.pairs(truths: truths, detections: found, threshold: 0.5)
        #expect(pairs.map { [$0.truth, $0.detection] } == [[0, 0], [1, 1]])
        #expect(pairs.allSatisfy { abs($0.iou - 2.0 / 3) < 1e-12 })
    }

    @Test func dontCareObjectsExcuseDetectionsAndAreNeverMissed() {
        // A required face, a don't-care face overlapping it (IoU 9×10 / 110 = 0.82) and a don't-care face
        // far away that nothing finds. The exact detection goes to the required face; the one on the
        // don't-care face is ignored; the far don't-care face is not a miss.
        let truth = F.frame(
            0,
            [
                F.face(1, 0, 0, 10, 10), F.face(2, 1, 0, 10, 10, visibility: 0.3),
                F.face(3, 80, 80, 10, 10, visibility: 0.4)
            ])
        let match = FrameMatcher(kind: .face).match(
            truth: truth, detections: [F.found(1, 0, 10, 10), F.found(0, 0, 10, 10)])
        #expect(match.required == [0] && match.dontCare == [1, 2])
        #expect(match.matched == [.init(truth: 0, detection: 1, iou: 1)])
        #expect(match.ignored.map(\.detection) == [0] && match.ignored.map(\.truth) == [1])
        #expect(match.missed.isEmpty && match.falsePositives.isEmpty)
    }

    @Test func onlyTheLargestVisibleRectangleIsRequired() {
        // A 100×50 quad (area 5000) and a 20×20 one (400): only the big one is required.
        let big = F.rectangle(0, 0, 100, 50), small = F.square(200, 0, 20)
        func truth(bigVisibility: Double) -> FrameTruth {
            F.frame(
                0,
                [
                    TruthObject(id: 1, kind: .rectangle, corners: small),
                    TruthObject(id: 2, kind: .rectangle, corners: big, visibility: bigVisibility)
                ])
        }
        let matcher = FrameMatcher(kind: .rectangle)
        let findsSmall = matcher.match(truth: truth(bigVisibility: 1), detections: [F.quadDetection(.rectangle, small)])
        #expect(findsSmall.required == [1] && findsSmall.missed == [1])
        #expect(findsSmall.matched.isEmpty && findsSmall.falsePositives.isEmpty && findsSmall.ignored.count == 1)
        // Hidden (visibility 0.3), the big one is don't care and the small one becomes the one required.
        let bigHidden = matcher.match(
            truth: truth(bigVisibility: 0.3), detections: [F.quadDetection(.rectangle, small)])
        #expect(bigHidden.required == [0] && bigHidden.matched.map(\.truth) == [0])
    }

    @Test func otherKindsAreLeftOut() {
        let truth = F.frame(
            0, [F.face(1, 0, 0, 10, 10), TruthObject(id: 2, kind: .qrCode, corners: F.square(0, 0, 10), message: "x")])
        let match = FrameMatcher(kind: .face).match(
            truth: truth, detections: [F.quadDetection(.qrCode, F.square(0, 0, 10))])
        #expect(match.required == [0] && match.missed == [0] && match.falsePositives.isEmpty && match.ignored.isEmpty)
    }

    @Test func detectionsComeFromFeatures() {
        let quad = F.square(10, 20, 30)
        let code = Detection(.qrCode(QRCodeFeature(messageString: "hi", payload: Array("hi".utf8), corners: quad)))
        #expect(code == Detection(kind: .qrCode, bounds: F.box(10, 20, 30, 30), corners: quad, message: "hi"))
        let face = Detection(
            .face(
                FaceFeature(
                    corners: quad, leftEyePosition: Point(x: 18, y: 40), rightEyePosition: Point(x: 32, y: 40),
                    mouthPosition: Point(x: 25, y: 27), trackingID: 4)))
        #expect(face.kind == .face && face.trackingID == 4 && face.bounds == F.box(10, 20, 30, 30))
        #expect(face.leftEye == Point(x: 18, y: 40) && face.mouth == Point(x: 25, y: 27))
    }
}
