import Dispatch
import Synchronization

/// One window a HOG template accepted: its box in the scanned picture's pixels, the template's score above
/// its threshold, and which template fired (for dlib's face model: 0 front, 1 left, 2 right, 3–4 turned).
struct HOGDetection: Sendable, Equatable {
    var rect: DlibRect
    var confidence: Double
    var filter: Int
}

/// dlib's `object_detector<scan_fhog_pyramid<pyramid_down<6>>>` in Swift: an fHOG pyramid of the picture,
/// every template slid over every level, windows at or above threshold mapped back to pixels, then
/// greedy suppression of overlapping boxes, strongest first. Levels and templates run on all cores.
///
///     let faces = HOGScanner(model: model).detections(in: luma, upsampling: 1)
struct HOGScanner: Sendable {
    let model: HOGDetectorModel
    /// Added to every template's threshold: negative finds more (and more false) windows.
    var adjustThreshold = 0.0

    private static let pyramid = DlibPyramidDown(n: 6)

    /// Windows in `luma`'s pixels. `upsampling` doubles the picture that many times first (dlib's
    /// `pyramid_up`), halving the smallest window found.
    func detections(in luma: LumaPlane, upsampling: Int = 0) -> [HOGDetection] {
        var picture = luma
        for _ in 0..<upsampling { picture = picture.dlibPyramidUp() }
        var found = detections(in: picture)
        if upsampling > 0 {
            let halving = DlibPyramidDown(n: 2)
            for i in found.indices { found[i].rect = halving.rectDown(found[i].rect, levels: upsampling) }
        }
        return found
    }

    private func detections(in picture: LumaPlane) -> [HOGDetection] {
        let levels = pyramidLevels(width: picture.width, height: picture.height)
        var levelPictures = [picture]
        for _ in 1..<levels { levelPictures.append(Self.pyramid.downsampled(levelPictures[levelPictures.count - 1])) }
        let pictures = levelPictures

        let features = Mutex<[Int: FHOGFeatures]>([:])
        DispatchQueue.concurrentPerform(iterations: levels) { level in
            let computed = FHOGFeatures(
                pictures[level], cellSize: model.cellSize,
                filterRowsPadding: model.rows, filterColumnsPadding: model.columns)
            features.withLock { $0[level] = computed }
        }
        let pyramidFeatures = features.withLock { table in (0..<levels).map { table[$0]! } }

        // Each (template, level) pair is one task; its windows keep dlib's order (level, row, column).
        let filterCount = model.filters.count
        let windows = Mutex<[Int: [(score: Float, rect: DlibRect)]]>([:])
        DispatchQueue.concurrentPerform(iterations: filterCount * levels) { task in
            let (filter, level) = task.quotientAndRemainder(dividingBy: levels)
            let hits = windowsAboveThreshold(filter: filter, features: pyramidFeatures[level], level: level)
            windows.withLock { $0[task] = hits }
        }
        let byTask = windows.withLock { $0 }

        var accumulated: [HOGDetection] = []
        for (index, filter) in model.filters.enumerated() {
            var hits = (0..<levels).flatMap { byTask[index * levels + $0]! }
            hits.sort { $0.score > $1.score }
            accumulated += hits.map {
                HOGDetection(rect: $0.rect, confidence: Double($0.score) - filter.threshold, filter: index)
            }
        }
        if filterCount > 1 { accumulated.sort { $0.confidence > $1.confidence } }

        var kept: [HOGDetection] = []
        for candidate in accumulated where !kept.contains(where: { overlaps($0.rect, candidate.rect) }) {
            kept.append(candidate)
        }
        return kept
    }

    /// dlib's level count: shrink until a level would fall below the minimum layer size.
    func pyramidLevels(width: Int, height: Int) -> Int {
        var rect = DlibRect(width: width, height: height)
        var levels = 0
        repeat {
            rect = Self.pyramid.rectDown(rect)
            levels += 1
        } while rect.width >= model.minPyramidLayerWidth && rect.height >= model.minPyramidLayerHeight
            && levels < model.maxPyramidLevels
        return levels
    }

    /// dlib's test_box_overlap.
    func overlaps(_ a: DlibRect, _ b: DlibRect) -> Bool {
        let inner = Double(a.intersection(b).area)
        if inner == 0 { return false }
        let outer = Double(a.union(b).area)
        return inner / outer > model.overlapIoU || inner / Double(a.area) > model.overlapCovered
            || inner / Double(b.area) > model.overlapCovered
    }

    /// Correlates one template with one level's fHOG planes (dlib's spatially_filter_image, centred on
    /// the template's middle cell) and maps each window at or above threshold to picture pixels.
    private func windowsAboveThreshold(filter index: Int, features: FHOGFeatures, level: Int) -> [(
        score: Float, rect: DlibRect
    )] {
        let bank = model.banks[index]
        let rows = model.rows, columns = model.columns
        let firstRow = rows / 2, firstColumn = columns / 2
        let outputRows = features.rows - (rows - 1) / 2 - firstRow,
            width = features.columns - (columns - 1) / 2 - firstColumn
        guard outputRows > 0, width > 0 else { return [] }
        let saliency = Self.saliency(bank, features, outputRows: outputRows, width: width)
        let threshold = model.filters[index].threshold + adjustThreshold
        var hits: [(score: Float, rect: DlibRect)] = []
        for r in 0..<outputRows {
            for i in 0..<width where Double(saliency[r * width + i]) >= threshold {
                let window = DlibRect.centered(
                    at: firstColumn + i, firstRow + r, width: columns - 2 * model.padding,
                    height: rows - 2 * model.padding)
                let inPicture = FHOGFeatures.featuresToImage(
                    window, cellSize: model.cellSize,
                    filterRowsPadding: rows, filterColumnsPadding: columns)
                hits.append((saliency[r * width + i], Self.pyramid.rectUp(inPicture, levels: level)))
            }
        }
        return hits
    }

    /// The template's score at every window position (`outputRows × width`, row-major): separable terms as
    /// a row pass into a scratch plane then a column pass, or the full filter when the bank has no terms.
    static func saliency(_ bank: HOGFilterBank, _ features: FHOGFeatures, outputRows: Int, width: Int) -> [Float] {
        let featureColumns = features.columns, planeSize = features.rows * featureColumns
        var saliency = [Float](repeating: 0, count: outputRows * width)
        var scratch = [Float](repeating: 0, count: features.rows * width)
        features.values.withUnsafeBufferPointer { planes in
            saliency.withUnsafeMutableBufferPointer { out in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    for plane in 0..<FHOGFeatures.planeCount {
                        let source = planes.baseAddress! + plane * planeSize
                        if let terms = bank.terms {
                            for term in terms[plane] {
                                for r in 0..<features.rows {
                                    term.row.withUnsafeBufferPointer { taps in
                                        slide(
                                            taps, source + r * featureColumns, stride: 1,
                                            into: scratch.baseAddress! + r * width,
                                            count: width, adding: false)
                                    }
                                }
                                for r in 0..<outputRows {
                                    term.column.withUnsafeBufferPointer { taps in
                                        slide(
                                            taps, UnsafePointer(scratch.baseAddress! + r * width), stride: width,
                                            into: out.baseAddress! + r * width, count: width, adding: true)
                                    }
                                }
                            }
                        } else {
                            bank.full.withUnsafeBufferPointer { weights in
                                for r in 0..<outputRows {
                                    for m in 0..<bank.rows {
                                        let taps = UnsafeBufferPointer(
                                            rebasing: weights[((plane * bank.rows + m) * bank.columns)...].prefix(
                                                bank.columns))
                                        slide(
                                            taps, source + (r + m) * featureColumns, stride: 1,
                                            into: out.baseAddress! + r * width,
                                            count: width, adding: true)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return saliency
    }

    /// out[i] (+)= Σₖ taps[k] × source[i + k·stride] for i in 0..<count, eight outputs per vector with the
    /// sum kept in registers across all taps.
    @inline(__always)
    private static func slide(
        _ taps: UnsafeBufferPointer<Float>, _ source: UnsafePointer<Float>, stride: Int,
        into out: UnsafeMutablePointer<Float>, count: Int, adding: Bool
    ) {
        let raw = UnsafeRawPointer(source)
        var i = 0
        while i + 8 <= count {
            var sum = adding ? UnsafeRawPointer(out).loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self) : .zero
            for k in 0..<taps.count {
                sum +=
                    SIMD8(repeating: taps[k])
                    * raw.loadUnaligned(fromByteOffset: (i + k * stride) * 4, as: SIMD8<Float>.self)
            }
            UnsafeMutableRawPointer(out).storeBytes(of: sum, toByteOffset: i * 4, as: SIMD8<Float>.self)
            i += 8
        }
        while i < count {
            var sum: Float = adding ? out[i] : 0
            for k in 0..<taps.count { sum += taps[k] * source[i + k * stride] }
            out[i] = sum
            i += 1
        }
    }
}
