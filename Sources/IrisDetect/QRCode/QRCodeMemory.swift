import IrisCore

/// What a video's earlier frames showed of its QR codes, used to read them again in the next frame. Each
/// detection first reads the whole frame as the detector always does; then, for each code read before and
/// missed now, it looks again in the region where the code's motion puts it, with zxing-cpp's harder
/// search and the retry views that read codes blurred by motion (`QRCodeSearch.motionViews`) on that
/// region only; and in a frame where nothing was read, it looks where finder patterns show a code. A code
/// keeps its `trackingID` for as long as it is followed, and is forgotten after `patience` detections
/// unread, or at once when its region shows no finder pattern. A value you keep beside your detector, as
/// `FaceTracker` is; `VideoDetectors` holds one.
///
///     var memory = QRCodeMemory()
///     for (i, frame) in frames.enumerated() { codes = try memory.codes(in: LumaPlane(buffer: frame.buffer), frameIndex: i, detector: qr) }
public struct QRCodeMemory: Sendable {
    /// How to look again; the defaults were chosen on moving-camera clips (docs/detectors.md, "Codes in video").
    public struct Settings: Sendable, Equatable {
        /// Whether to look again at all (`--no-remember-codes` turns it off).
        public var isEnabled = true
        /// Detections a remembered code may go unread before it is forgotten.
        public var patience = 3
        /// How far the region reaches past the code's predicted bounds, as a fraction of its longer side.
        public var margin = 0.35
        /// Whether to look also where finder patterns show a code, in a frame where nothing was read, and to
        /// forget at once a code whose region shows none.
        public var searchesFinderPatterns = true

        public init(
            isEnabled: Bool = true, patience: Int = 3, margin: Double = 0.35, searchesFinderPatterns: Bool = true
        ) {
            self.isEnabled = isEnabled
            self.patience = patience
            self.margin = margin
            self.searchesFinderPatterns = searchesFinderPatterns
        }
    }

    private struct Remembered: Sendable {
        var id: Int
        var code: QRCodeFeature
        var frameIndex: Int
        /// The centre's movement a frame, in image coordinates, from the last two reads.
        var velocity = Point(x: 0, y: 0)
        var missed = 0

        func predicted(at index: Int) -> QRCodeFeature {
            let frames = Double(index - frameIndex)
            return code.applying(AffineTransform(translationX: velocity.x * frames, y: velocity.y * frames))
        }
    }

    public var settings: Settings
    private var remembered: [Remembered] = []
    private var nextID = 1

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// The codes `detector` reads in the frame, plus remembered codes read again in their regions, each
    /// with its `trackingID`, in image coordinates as `Detector.features` gives them.
    public mutating func codes(
        in luma: LumaPlane, frameIndex: Int, detector: Detector,
        options: FeatureOptions = .init()
    ) throws(DetectorError) -> [QRCodeFeature] {
        var found = try detector.features(in: luma, options: options).qrCodes
        guard settings.isEnabled else { return found }
        var claimed = claim(found, at: frameIndex)
        let regionReader = try Self.regionReader(like: detector)
        let smallest = detector.effectiveMinimumFeatureSize * Double(min(luma.width, luma.height))
        var searched: [WindowRect] = []
        func search(_ region: WindowRect) throws(DetectorError) -> [QRCodeFeature] {
            searched.append(region)
            let again = try read(region, in: luma, with: regionReader, options: options)
                .filter { min($0.bounds.width, $0.bounds.height) >= smallest }
            // A code the whole frame (or another region) already gave is not reported twice.
            return again.filter { code in
                !found.contains {
                    $0.messageString == code.messageString && !$0.bounds.intersection(code.bounds).isEmpty
                }
            }
        }
        var vanished = Set<Int>()
        for slot in remembered.indices where !claimed.values.contains(slot) {
            let expected = remembered[slot].predicted(at: frameIndex)
            let area = region(around: expected, in: luma)
            for code in try search(area) {
                if !claimed.values.contains(slot), code.messageString == expected.messageString,
                    code.payload == expected.payload
                {
                    claimed[found.count] = slot
                }
                found.append(code)
            }
            // Not read, and no finder pattern left where it should be: the code has gone (covered, turned
            // away, out of the picture), so it is not looked for again.
            if settings.searchesFinderPatterns, !claimed.values.contains(slot),
                FinderPatterns(in: luma.cropped(area)).patterns.isEmpty
            {
                vanished.insert(slot)
            }
        }
        if settings.searchesFinderPatterns, found.isEmpty {
            // A frame where nothing was read may still hold a code: where its finder patterns show, not where
            // a remembered code was just looked for, look with the same retries.
            for region in FinderPatterns(in: luma).codeRegions(width: luma.width, height: luma.height)
            where !searched.contains(where: { $0.overlap(region) > 0 }) {
                found += try search(region)
            }
        }
        return update(found, claimed: claimed, vanished: vanished, at: frameIndex)
    }

    /// The remembered codes where their motion puts them at `frameIndex`: what a pipeline shows between
    /// detections.
    public func predicted(at frameIndex: Int) -> [QRCodeFeature] {
        remembered.filter { $0.missed == 0 }.map { $0.predicted(at: frameIndex) }
    }

    /// Forgets every code (a new clip, or a jump in the stream).
    public mutating func reset() {
        remembered = []
        nextID = 1
    }

    /// Pairs codes read now with remembered ones: the same message and payload, nearest to where it was
    /// expected first. Returns found index → remembered slot.
    private func claim(_ found: [QRCodeFeature], at index: Int) -> [Int: Int] {
        var pairs: [(distance: Double, found: Int, slot: Int)] = []
        for (f, code) in found.enumerated() {
            for (slot, entry) in remembered.enumerated()
            where entry.code.messageString == code.messageString && entry.code.payload == code.payload {
                pairs.append((distance(code.corners.centroid, entry.predicted(at: index).corners.centroid), f, slot))
            }
        }
        var claimed: [Int: Int] = [:]
        for pair in pairs.sorted(by: { $0.distance < $1.distance })
        where claimed[pair.found] == nil && !claimed.values.contains(pair.slot) {
            claimed[pair.found] = pair.slot
        }
        return claimed
    }

    /// Remembers this detection's codes: the claimed ones move (and learn their velocity), the others are
    /// new, and the remembered ones missed count another miss (or are forgotten at once when they vanished).
    private mutating func update(_ found: [QRCodeFeature], claimed: [Int: Int], vanished: Set<Int>, at index: Int)
        -> [QRCodeFeature]
    {
        var out = found
        var seen = Set<Int>()
        for (f, code) in found.enumerated() {
            if let slot = claimed[f] {
                var entry = remembered[slot]
                let frames = Double(max(index - entry.frameIndex, 1))
                let was = entry.code.corners.centroid, now = code.corners.centroid
                entry.velocity = Point(x: (now.x - was.x) / frames, y: (now.y - was.y) / frames)
                entry.code = code
                entry.frameIndex = index
                entry.missed = 0
                entry.code.trackingID = entry.id
                remembered[slot] = entry
                out[f].trackingID = entry.id
                seen.insert(slot)
            } else {
                out[f].trackingID = nextID
                var code = code
                code.trackingID = nextID
                remembered.append(Remembered(id: nextID, code: code, frameIndex: index))
                seen.insert(remembered.count - 1)
                nextID += 1
            }
        }
        for slot in remembered.indices where !seen.contains(slot) {
            remembered[slot].missed = vanished.contains(slot) ? settings.patience + 1 : remembered[slot].missed + 1
        }
        remembered.removeAll { $0.missed > settings.patience }
        return out
    }

    /// The region around where `expected` should be: its bounds grown by `margin` of its longer side.
    private func region(around expected: QRCodeFeature, in luma: LumaPlane) -> WindowRect {
        let box = expected.bounds
        let grow = settings.margin * max(box.width, box.height)
        return Self.pixelRegion(
            of: Rect(x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow),
            height: luma.height)
    }

    /// Image coordinates (origin bottom left) to the plane's pixel rows, which run from the top.
    private static func pixelRegion(of box: Rect, height: Int) -> WindowRect {
        let x0 = Int(box.x.rounded(.down)), y0 = Int((Double(height) - box.y - box.height).rounded(.down))
        return WindowRect(
            x: x0, y: y0, width: Int((box.x + box.width).rounded(.up)) - x0,
            height: Int((Double(height) - box.y).rounded(.up)) - y0)
    }

    /// Reads a region of the frame with the motion retries, giving codes in the frame's image coordinates.
    private func read(
        _ region: WindowRect, in luma: LumaPlane, with reader: Detector,
        options: FeatureOptions
    ) throws(DetectorError) -> [QRCodeFeature] {
        let crop = luma.cropped(region)
        // A code whose predicted place has left the picture (or nearly) is not looked for.
        guard crop.width >= 21, crop.height >= 21 else { return [] }
        let shift = AffineTransform(
            translationX: Double(max(region.x, 0)), y: Double(luma.height - max(region.y, 0) - crop.height))
        return try reader.qrCodes(in: crop, options: options, retries: .motion).map { $0.applying(shift) }
    }

    /// The detector's settings with no minimum size (the region is not the picture the size is a fraction
    /// of; the caller applies the frame's).
    private static func regionReader(like detector: Detector) throws(DetectorError) -> Detector {
        var options = detector.options
        options.minimumFeatureSize = nil
        return try Detector(type: .qrCode, options: options)
    }
}
