import Foundation
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

    static func hogDetector(at path: String) throws(DetectorError) -> HOGDetectorModel {
        if let model = hogDetectors.withLock({ $0[path] }) { return model }
        let model = try HOGDetectorModel(contentsOf: path)
        hogDetectors.withLock { $0[path] = model }
        return model
    }

    /// Where the bundled dlib face model was installed with IrisDetect's resources.
    static var bundledFaceModelPath: String {
        Bundle.module.path(forResource: HOGDetectorModel.bundledFaceModelName, ofType: nil)
            ?? "<IrisDetect resources>/\(HOGDetectorModel.bundledFaceModelName)"
    }
}
