import Synchronization

/// Cascades already read, by path: parsing a cascade's XML takes far longer than a detection, and every
/// `Detector` made for faces needs the same few files.
enum CascadeCache {
    private static let loaded = Mutex<[String: CascadeModel]>([:])

    static func model(at path: String) throws(DetectorError) -> CascadeModel {
        if let model = loaded.withLock({ $0[path] }) { return model }
        let model = try CascadeModel(contentsOf: path)
        loaded.withLock { $0[path] = model }
        return model
    }
}
