/// How well a clip's faces were followed: CLEAR MOT (Bernardin & Stiefelhagen 2008, as the MOT benchmark
/// computes it, Milan et al. 2016) and the identity scores (Ristani et al. 2016). `TrackingScorer` says
/// exactly how each is counted.
///
///     print("MOTA \(report.mota), IDF1 \(report.idf1), \(report.idSwitches) ID switches")
public struct TrackingReport: Sendable, Equatable, Codable {
    /// Truth objects matched to a different track ID than at their last match.
    public var idSwitches: Int
    /// Interruptions of a truth track's matching that resume: tracked → untracked → tracked counts 1.
    public var fragmentations: Int
    /// 1 − (misses + false positives + ID switches) ÷ truth objects, over all frames (1 − errors when
    /// there was no truth).
    public var mota: Double
    /// The mean IoU of the matched pairs (0 when nothing matched).
    public var motp: Double
    /// 2·IDTP ÷ (2·IDTP + IDFP + IDFN).
    public var idf1: Double
    /// IDTP ÷ (IDTP + IDFP).
    public var idPrecision: Double
    /// IDTP ÷ (IDTP + IDFN).
    public var idRecall: Double
    /// Truth tracks matched in ≥ 80 % of the frames they are required in.
    public var mostlyTracked: Int
    /// Truth tracks matched in 20 % … 80 % of their frames.
    public var partiallyTracked: Int
    /// Truth tracks matched in < 20 % of their frames.
    public var mostlyLost: Int
    /// Distinct truth IDs required in at least one frame.
    public var truthTracks: Int

    public init(
        idSwitches: Int, fragmentations: Int, mota: Double, motp: Double, idf1: Double, idPrecision: Double,
        idRecall: Double, mostlyTracked: Int, partiallyTracked: Int, mostlyLost: Int, truthTracks: Int
    ) {
        self.idSwitches = idSwitches
        self.fragmentations = fragmentations
        self.mota = mota
        self.motp = motp
        self.idf1 = idf1
        self.idPrecision = idPrecision
        self.idRecall = idRecall
        self.mostlyTracked = mostlyTracked
        self.partiallyTracked = partiallyTracked
        self.mostlyLost = mostlyLost
        self.truthTracks = truthTracks
    }
}
