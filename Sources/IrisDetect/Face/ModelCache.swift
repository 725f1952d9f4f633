import Synchronization

/// Face models already read, by path: parsing a cascade's XML or a HOG detector takes far longer than a
/// detection, and every `Detector` made for faces needs the same few files.
enum ModelCache {
    private static let cascades = Mutex<[String: CascadeModel]>([:])
    private static let hogDetectors = Mutex<[String: HOGDetectorModel]>([:])

    static func cascade(at path: String) throws(DetectorError) -> CascadeModel {
        if let model = cascades.withLock({ $0[path] }) { return model }
        let model = try CascadeModel(contentsOf: path)
        cascades.withLock { $0[path] = model }
        return model
    }

    /// A dlib `.svm` file, or the bundled face model when `path` is nil.
    static func hogDetector(at path: String?) throws(DetectorError) -> HOGDetectorModel {
        let key = path ?? ""
        if let model = hogDetectors.withLock({ $0[key] }) { return model }
        let model = if let path { try HOGDetectorModel(contentsOf: path) } else { try HOGDetectorModel.bundledFace }
        hogDetectors.withLock { $0[key] = model }
        return model
    }
}
