/// Tracking inside a mixed feature list: what `iris detect`, the pipeline and evaluation all do per frame.
extension FaceTracker {
    /// The faces among `features` get tracking IDs (frames of one recording share the tracker); the other
    /// features pass through in place.
    ///
    ///     features = tracker.track(try detector.features(in: frame))
    public mutating func track(_ features: [DetectedFeature]) -> [DetectedFeature] {
        let faces = features.faces
        guard !faces.isEmpty else {
            _ = update([])
            return features
        }
        var tracked = update(faces).makeIterator()
        return features.map { feature in
            guard feature.face != nil, let next = tracked.next() else { return feature }
            return .face(next)
        }
    }
}
