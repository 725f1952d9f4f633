import Foundation
import IrisVideo

/// ZXing's blackbox test layout: in a folder, `N.png` (or .jpg) holds a QR code whose text is `N.txt`; an
/// image without a `.txt` holds none, and a reader must find nothing there.
///
///     let truth = try ZXingFolderTruth(folder: "zxing-qrcode-3")   // truth.images[0].expectedText
public struct ZXingFolderTruth: Sendable, Equatable {
    public struct Image: Sendable, Equatable {
        public var path: String
        /// The file's name, as reports name it.
        public var name: String
        /// The text the code holds, `normalized`; nil for an image that holds no code.
        public var expectedText: String?

        public init(path: String, name: String, expectedText: String?) {
            self.path = path
            self.name = name
            self.expectedText = expectedText
        }
    }

    public var folder: String
    /// The folder's stills, numeric names in numeric order (2.png before 10.png).
    public var images: [Image]

    public init(folder: String) throws(TruthFileError) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw .unreadable(
                path: folder,
                reason: FileManager.default.fileExists(atPath: folder) ? "not a readable folder" : "no such folder")
        }
        self.folder = folder
        images = names.filter { StillImageFormat(extensionOf: $0) != nil }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            .map { name in
                let path = (folder as NSString).appendingPathComponent(name)
                return Image(path: path, name: name, expectedText: Self.expectedText(for: path))
            }
    }

    static func expectedText(for imagePath: String) -> String? {
        let txt = (imagePath as NSString).deletingPathExtension + ".txt"
        guard let data = FileManager.default.contents(atPath: txt) else { return nil }
        return normalized(String(decoding: data, as: UTF8.self))
    }

    /// Texts compare after CRLF → LF and with trailing white space trimmed, as ZXing's own tests compare them.
    public static func normalized(_ text: String) -> String {
        var t = text.replacingOccurrences(of: "\r\n", with: "\n")
        while let last = t.unicodeScalars.last, last.properties.isWhitespace { t.unicodeScalars.removeLast() }
        return t
    }
}
