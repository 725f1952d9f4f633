import IrisCore

/// Accumulates the tracking metrics of one clip, frame by frame. `ClipScorer` feeds it the faces that count
/// (don't-care objects, and the detections matched to them, removed first).
///
/// CLEAR MOT, as the MOT benchmark's devkit counts it:
/// - Each frame, a truth↔track correspondence of the previous frame is kept when the same track ID is
///   there and still overlaps the truth at IoU ≥ the threshold; the remaining truths and detections are then
///   paired optimally (`BoxMatching`).
/// - An ID switch: a truth object matched to a different track than at its last match (however long ago).
/// - A fragmentation: a truth track's matched status going tracked → untracked → tracked again, counted
///   once for each interruption that resumes, over the frames the truth is required in.
/// - MOTA = 1 − (FN + FP + IDSW) ÷ GT; MOTP = the mean IoU of the matched pairs.
/// - Mostly tracked / partially tracked / mostly lost: truth tracks matched in ≥ 80 % / 20–80 % / < 20 %
///   of the frames they are required in.
///
/// Identity scores (Ristani et al. 2016): truth trajectories (truth IDs) and predicted trajectories (track
/// IDs) are paired one to one over the whole clip, choosing the pairing that maximises the number of frames
/// where the paired truth and track overlap at IoU ≥ the threshold (an optimal assignment; a trajectory may
/// stay unpaired). IDTP = those frames; IDFN = truth detections − IDTP; IDFP = predicted detections − IDTP;
/// IDF1 = 2·IDTP ÷ (2·IDTP + IDFP + IDFN).
///
/// A detection without a tracking ID is a trajectory of its own, one frame long: a detector that does not
/// track scores an ID switch whenever a face is matched again, and little IDF1.
///
///     var tracking = TrackingScorer()
///     tracking.add(truths: requiredFaces, detections: countedFaces)
///     let report = tracking.report()
public struct TrackingScorer: Sendable {
    public var iouThreshold: Double

    /// A predicted trajectory: a tracker's ID, or one untracked detection.
    private enum Track: Hashable, Sendable {
        case tracked(Int)
        case untracked(Int)
    }

    private struct TruthTrack: Sendable {
        var frames = 0
        var matchedFrames = 0
        var lastTrack: Track?
        var matchedInItsLastFrame = false
    }

    private struct TrajectoryPair: Hashable, Sendable {
        var truth: Int
        var track: Track
    }

    private var untrackedCount = 0
    private var previousFrame: [Int: Track] = [:]
    private var truthTracks: [Int: TruthTrack] = [:]
    private var truthObjects = 0, misses = 0, falsePositives = 0, idSwitches = 0, fragmentations = 0
    private var matches = 0, matchedIoU = 0.0
    private var predictedObjects = 0
    private var overlappingFrames: [TrajectoryPair: Int] = [:]

    public init(iouThreshold: Double = 0.5) { self.iouThreshold = iouThreshold }

    /// One frame: the truth objects that must be tracked (IDs unique within the frame) and the detections
    /// that count.
    public mutating func add(truths: [TruthObject], detections: [Detection]) {
        let tracks = detections.map { detection -> Track in
            if let id = detection.trackingID { return .tracked(id) }
            untrackedCount += 1
            return .untracked(untrackedCount)
        }
        let overlaps = truths.map { truth in detections.map { truth.box.intersectionOverUnion($0.bounds) } }
        func overlapping(_ t: Int, _ d: Int) -> Bool { overlaps[t][d] >= iouThreshold && overlaps[t][d] > 0 }

        var pairs: [(truth: Int, detection: Int)] = []
        var detectionTaken = [Bool](repeating: false, count: detections.count)
        var truthTaken = [Bool](repeating: false, count: truths.count)
        for (t, truth) in truths.enumerated() {
            guard let track = previousFrame[truth.id] else { continue }
            let kept = detections.indices.filter { !detectionTaken[$0] && tracks[$0] == track && overlapping(t, $0) }
                .max { overlaps[t][$0] < overlaps[t][$1] }
            if let kept {
                pairs.append((t, kept))
                detectionTaken[kept] = true
                truthTaken[t] = true
            }
        }
        let openTruths = truths.indices.filter { !truthTaken[$0] },
            openDetections = detections.indices.filter { !detectionTaken[$0] }
        for pair in BoxMatching.pairs(
            truths: openTruths.map { truths[$0].box }, detections: openDetections.map { detections[$0].bounds },
            threshold: iouThreshold)
        {
            pairs.append((openTruths[pair.truth], openDetections[pair.detection]))
        }

        var matchedTruths: [Int: Track] = [:]
        for (t, d) in pairs {
            let id = truths[t].id, track = tracks[d]
            if let last = truthTracks[id]?.lastTrack, last != track { idSwitches += 1 }
            matchedTruths[id] = track
            matches += 1
            matchedIoU += overlaps[t][d]
        }
        for truth in truths {
            var history = truthTracks[truth.id] ?? TruthTrack()
            let matched = matchedTruths[truth.id]
            if matched != nil, history.matchedFrames > 0, !history.matchedInItsLastFrame { fragmentations += 1 }
            history.frames += 1
            if let matched {
                history.matchedFrames += 1
                history.lastTrack = matched
            }
            history.matchedInItsLastFrame = matched != nil
            truthTracks[truth.id] = history
        }
        previousFrame = matchedTruths
        truthObjects += truths.count
        misses += truths.count - pairs.count
        falsePositives += detections.count - pairs.count

        predictedObjects += detections.count
        for (t, truth) in truths.enumerated() {
            // A track counts once per frame however many of its detections overlap the truth.
            let overlappingTracks = Set(detections.indices.filter { overlapping(t, $0) }.map { tracks[$0] })
            for track in overlappingTracks {
                overlappingFrames[TrajectoryPair(truth: truth.id, track: track), default: 0] += 1
            }
        }
    }

    public func report() -> TrackingReport {
        let errors = misses + falsePositives + idSwitches
        var mostlyTracked = 0, partiallyTracked = 0, mostlyLost = 0
        for track in truthTracks.values {
            let share = Double(track.matchedFrames) / Double(track.frames)
            if share >= 0.8 {
                mostlyTracked += 1
            } else if share >= 0.2 {
                partiallyTracked += 1
            } else {
                mostlyLost += 1
            }
        }
        let idTruePositives = identityTruePositives()
        let idFalseNegatives = truthObjects - idTruePositives, idFalsePositives = predictedObjects - idTruePositives
        let idF1Denominator = 2 * idTruePositives + idFalsePositives + idFalseNegatives
        return TrackingReport(
            idSwitches: idSwitches, fragmentations: fragmentations,
            mota: 1 - Double(errors) / Double(max(truthObjects, 1)),
            motp: matches == 0 ? 0 : matchedIoU / Double(matches),
            idf1: idF1Denominator == 0 ? 1 : Double(2 * idTruePositives) / Double(idF1Denominator),
            idPrecision: ErrorStatistics.ratio(idTruePositives, idTruePositives + idFalsePositives),
            idRecall: ErrorStatistics.ratio(idTruePositives, idTruePositives + idFalseNegatives),
            mostlyTracked: mostlyTracked, partiallyTracked: partiallyTracked, mostlyLost: mostlyLost,
            truthTracks: truthTracks.count)
    }

    /// The frames shared by the best one-to-one pairing of truth and predicted trajectories. Only
    /// trajectories that ever overlap take part: the others could add nothing.
    private func identityTruePositives() -> Int {
        let truthIDs = Array(Set(overlappingFrames.keys.map(\.truth))).sorted()
        let tracks = Array(Set(overlappingFrames.keys.map(\.track)))
        let truthIndex = Dictionary(uniqueKeysWithValues: truthIDs.enumerated().map { ($1, $0) })
        let trackIndex = Dictionary(uniqueKeysWithValues: tracks.enumerated().map { ($1, $0) })
        var weights = [[Double]](repeating: [Double](repeating: 0, count: tracks.count), count: truthIDs.count)
        for (pair, frames) in overlappingFrames {
            weights[truthIndex[pair.truth]!][trackIndex[pair.track]!] = Double(frames)
        }
        return OptimalAssignment.pairs(weights: weights).reduce(0) { $0 + Int(weights[$1.row][$1.column]) }
    }
}
