import IrisCore

/// Gives faces in consecutive video frames stable IDs: a face that overlaps one seen in the last few
/// frames keeps that face's ID; any other face gets a new one. A value you keep beside your detector
/// (the detector itself stays stateless and shareable).
///
///     var tracker = FaceTracker()
///     for frame in frames { let faces = tracker.update(try detector.features(in: frame).faces) }
public struct FaceTracker: Sendable {
    private struct Track: Sendable {
        var id: Int
        var bounds: Rect
        var missed: Int
    }
    private var tracks: [Track] = []
    private var nextID = 1
    /// How many frames a face may go unseen and still keep its ID when it comes back.
    public var patience: Int
    /// The overlap (intersection over union) that makes two boxes the same face.
    public var minimumOverlap: Double

    public init(patience: Int = 5, minimumOverlap: Double = 0.3) {
        self.patience = patience
        self.minimumOverlap = minimumOverlap
    }

    /// The faces with `trackingID` set. Matching is greedy by overlap, best pairs first, one face per track.
    public mutating func update(_ faces: [FaceFeature]) -> [FaceFeature] {
        var pairs: [(overlap: Double, face: Int, track: Int)] = []
        for (f, face) in faces.enumerated() {
            for (t, track) in tracks.enumerated() {
                let o = Self.overlap(face.bounds, track.bounds)
                if o >= minimumOverlap { pairs.append((o, f, t)) }
            }
        }
        pairs.sort { $0.overlap > $1.overlap }
        var out = faces, faceTaken = Set<Int>(), trackTaken = Set<Int>()
        for pair in pairs where !faceTaken.contains(pair.face) && !trackTaken.contains(pair.track) {
            faceTaken.insert(pair.face)
            trackTaken.insert(pair.track)
            out[pair.face].trackingID = tracks[pair.track].id
            tracks[pair.track].bounds = faces[pair.face].bounds
            tracks[pair.track].missed = 0
        }
        for t in tracks.indices where !trackTaken.contains(t) { tracks[t].missed += 1 }
        tracks.removeAll { $0.missed > patience }
        for f in faces.indices where !faceTaken.contains(f) {
            out[f].trackingID = nextID
            tracks.append(Track(id: nextID, bounds: faces[f].bounds, missed: 0))
            nextID += 1
        }
        return out
    }

    static func overlap(_ a: Rect, _ b: Rect) -> Double {
        let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x),
            h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        guard w > 0, h > 0 else { return 0 }
        return w * h / (a.width * a.height + b.width * b.height - w * h)
    }
}
