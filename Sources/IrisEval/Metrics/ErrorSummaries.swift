/// Corner error over a clip's matched rectangles or QR codes (see `CornerError`): mean and 95th percentile
/// (nearest rank), relative to the true quad's diagonal and in pixels.
///
///     report.cornerError?.p95   // 0.02: 95 % of quads have every corner within 2 % of the diagonal
public struct CornerErrorSummary: Sendable, Equatable, Codable {
    /// How many matched quads were measured.
    public var quads: Int
    /// Worst-corner distance ÷ true diagonal.
    public var mean: Double
    public var p95: Double
    /// Worst-corner distance in pixels.
    public var meanPixels: Double
    public var p95Pixels: Double

    public init(quads: Int, mean: Double, p95: Double, meanPixels: Double, p95Pixels: Double) {
        self.quads = quads
        self.mean = mean
        self.p95 = p95
        self.meanPixels = meanPixels
        self.p95Pixels = p95Pixels
    }

    init?(relative: [Double], pixels: [Double]) {
        guard !relative.isEmpty else { return nil }
        self.init(
            quads: relative.count, mean: ErrorStatistics.mean(relative),
            p95: ErrorStatistics.percentile(0.95, of: relative),
            meanPixels: ErrorStatistics.mean(pixels), p95Pixels: ErrorStatistics.percentile(0.95, of: pixels))
    }
}

/// Eye and mouth error over a clip's matched faces whose truth has eyes (see `LandmarkError`), in units of
/// the true eye distance.
///
///     report.landmarkError?.meanEyeError   // 0.05: eyes off by 5 % of the eye distance on average
public struct LandmarkErrorSummary: Sendable, Equatable, Codable {
    /// Matched faces whose eyes were measured.
    public var faces: Int
    /// The mean over faces of (left-eye distance + right-eye distance) ÷ 2 ÷ true eye distance.
    public var meanEyeError: Double
    /// Matched faces whose mouth was measured too (the truth has a mouth).
    public var mouths: Int
    /// The mean of mouth distance ÷ true eye distance; nil when no mouth was measured.
    public var meanMouthError: Double?

    public init(faces: Int, meanEyeError: Double, mouths: Int, meanMouthError: Double?) {
        self.faces = faces
        self.meanEyeError = meanEyeError
        self.mouths = mouths
        self.meanMouthError = meanMouthError
    }

    init?(eyes: [Double], mouths: [Double]) {
        guard !eyes.isEmpty else { return nil }
        self.init(
            faces: eyes.count, meanEyeError: ErrorStatistics.mean(eyes), mouths: mouths.count,
            meanMouthError: mouths.isEmpty ? nil : ErrorStatistics.mean(mouths))
    }
}
