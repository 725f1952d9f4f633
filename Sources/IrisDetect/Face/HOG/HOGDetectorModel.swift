import Foundation

/// A dlib HOG sliding-window detector, `object_detector<scan_fhog_pyramid<pyramid_down<6>>>`: dlib's
/// frontal face detector (`bundledFace`, a model file IrisDetect ships) or any `.svm` file that dlib's
/// `train_object_detector` writes. Each filter is a linear template over 31-plane fHOG cells; a window
/// is a detection where the template's score reaches the filter's threshold.
///
///     let model = try HOGDetectorModel(contentsOf: "Models/dlib-frontal-face.svm")
public struct HOGDetectorModel: Sendable, Equatable {
    /// One linear template: `weights` plane by plane, row by row (`FHOGFeatures.planeCount` planes of
    /// `rows × columns` cells), and the score a window must reach.
    public struct Filter: Sendable, Equatable {
        public let weights: [Float]
        public let threshold: Double
    }

    public let cellSize: Int
    /// fHOG cells around the detection window inside each template.
    public let padding: Int
    /// The detection window in pixels at the finest pyramid level.
    public let windowWidth: Int
    public let windowHeight: Int
    public let maxPyramidLevels: Int
    public let minPyramidLayerWidth: Int
    public let minPyramidLayerHeight: Int
    /// Non-maximum suppression: a window is dropped when its IoU with a stronger one exceeds `overlapIoU`
    /// or either covers more than `overlapCovered` of the other.
    public let overlapIoU: Double
    public let overlapCovered: Double
    /// Template size in fHOG cells.
    public let rows: Int
    public let columns: Int
    public let filters: [Filter]
    /// The filters split into separable terms for sliding, one bank per filter.
    let banks: [HOGFilterBank]

    /// The face detector Iris ships: dlib 19.24's five HOG templates (front, left and right looking, front
    /// turned ±27°), exported from Debian's libdlib-dev by tools/export-dlib-face-model
    /// (`BundledModel.dlibFrontalFace`,
    /// Boost licence). Parsed on each call: `Detector` keeps the parsed model.
    public static var bundledFace: HOGDetectorModel {
        get throws(DetectorError) {
            let model = BundledModel.dlibFrontalFace
            let bytes = try model.bytes()
            do { return try HOGDetectorModel(serialized: bytes) } catch {
                throw .hogModelMalformed(path: model.fileName, reason: error.reason)
            }
        }
    }

    /// Reads a dlib `.svm` file; a missing file and a file that is not a HOG detector are distinct errors.
    public init(contentsOf path: String) throws(DetectorError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .hogModelMissing(path: path) }
        do { try self.init(serialized: [UInt8](data)) } catch {
            throw .hogModelMalformed(path: path, reason: error.reason)
        }
    }

    /// Reads dlib's serialization of `object_detector<scan_fhog_pyramid<…>>` (versions 1 and 2).
    init(serialized bytes: [UInt8]) throws(DlibStreamReader.Problem) {
        var reader = DlibStreamReader(bytes)
        let version = try reader.integer("object_detector version")
        guard version == 1 || version == 2 else {
            throw .init(reason: "object_detector version \(version); dlib writes 1 or 2 (is this a HOG detector .svm?)")
        }
        let scannerVersion = try reader.integer("scan_fhog_pyramid version")
        guard scannerVersion == 1 else {
            throw .init(reason: "scan_fhog_pyramid version \(scannerVersion), expected 1 (not a HOG detector?)")
        }
        // The feature pyramid the scanner held when saved: dlib saves a configured scanner, so it is empty.
        _ = try reader.integer("feature pyramid capacity")
        guard try reader.integer("feature pyramid size") == 0 else {
            throw .init(reason: "a scanner saved with its image loaded")
        }
        cellSize = try reader.integer("cell_size", in: 1...256)
        padding = try reader.integer("padding", in: 0...64)
        windowWidth = try reader.integer("window_width", in: 1...4096)
        windowHeight = try reader.integer("window_height", in: 1...4096)
        maxPyramidLevels = try reader.integer("max_pyramid_levels", in: 1...100_000)
        minPyramidLayerWidth = try reader.integer("min_pyramid_layer_width", in: 1...100_000)
        minPyramidLayerHeight = try reader.integer("min_pyramid_layer_height", in: 1...100_000)
        _ = try reader.double("nuclear_norm_regularization_strength")
        let window = FHOGFeatures.imageToFeatures(
            DlibRect.centered(at: 0, 0, width: windowWidth, height: windowHeight),
            cellSize: cellSize, filterRowsPadding: 1, filterColumnsPadding: 1)
        rows = window.height + 2 * padding
        columns = window.width + 2 * padding
        let dimensions = rows * columns * FHOGFeatures.planeCount
        let stored = try reader.integer("dimensions")
        guard stored == dimensions else {
            throw .init(
                reason:
                    "\(stored) dimensions for a \(columns)×\(rows)-cell fHOG template of \(dimensions) (another feature extractor?)"
            )
        }

        func weightVector(_ reader: inout DlibStreamReader) throws(DlibStreamReader.Problem) -> Filter {
            let w = try reader.matrix("weight vector", maxElements: dimensions + 1)
            guard w.columns == 1, w.rows == dimensions + 1 else {
                throw .init(reason: "a \(w.rows)×\(w.columns) weight vector, expected \(dimensions + 1)×1")
            }
            return Filter(weights: w.values.dropLast().map { Float($0) }, threshold: w.values[dimensions])
        }
        var filters: [Filter] = []
        if version == 1 {
            filters = [try weightVector(&reader)]
            (overlapIoU, overlapCovered) = (
                try reader.double("iou_thresh"), try reader.double("percent_covered_thresh")
            )
        } else {
            (overlapIoU, overlapCovered) = (
                try reader.double("iou_thresh"), try reader.double("percent_covered_thresh")
            )
            let count = try reader.integer("number of filters", in: 1...64)
            for _ in 0..<count { filters.append(try weightVector(&reader)) }
        }
        guard (0...1).contains(overlapIoU), (0...1).contains(overlapCovered) else {
            throw .init(reason: "overlap thresholds \(overlapIoU), \(overlapCovered) outside 0…1")
        }
        guard filters.allSatisfy({ f in f.threshold.isFinite && f.weights.allSatisfy(\.isFinite) }) else {
            throw .init(reason: "a weight that is not a finite number")
        }
        guard reader.isAtEnd else { throw .init(reason: "\(bytes.count - reader.offset) bytes after the last filter") }
        self.filters = filters
        banks = filters.map { [rows, columns] in HOGFilterBank($0, rows: rows, columns: columns) }
    }
}
