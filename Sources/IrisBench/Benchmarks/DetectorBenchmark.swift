import Foundation
import IrisCore
import IrisFilters
import IrisDetect
import IrisEval
import IrisNeural

/// `iris detect --bench`: median ms per NV12 frame for each detector, on generated scenes (a card for the
/// rectangle detector; two QR codes drawn into it for the QR detector; a Code 128 barcode added below them
/// for the barcode detector, reading every symbology, or those `--symbologies` names). The scene has no face, so the
/// face
/// row measures the search itself (HOG pyramid at high accuracy, cascade scan at low), most of its cost on
/// any frame; the landmark row times the plain landmark model on one face box (crop and model), and the
/// last two rows what `--blink` and `--smile` add to each face found: the attention model's look and the
/// emotion model, each run by itself on a fixed input (the scene's box holds no face, so the detector
/// would rightly skip them there).
public enum DetectorBenchmark {
    public static func run(options: DetectorOptions, iterations: Int = 15, emit: (String) -> Void) throws {
        emit("| detector | accuracy | frame | ms/frame | found |")
        emit("|---|---|---|---:|---:|")
        for (width, height) in [(640, 480), (1280, 720)] {
            let scene = RectangleScene(seed: 11, width: width, height: height)
            var luma = LumaPlane(buffer: scene.buffer)
            let first = try QRCodePicture("https://example.com/iris/bench/1")
            let second = try QRCodePicture("IRIS-BENCH-2")
            let module = max(2, height / 160)
            first.draw(into: &luma, x: width / 20, y: height / 20, moduleSize: module)
            second.draw(into: &luma, x: width - width / 20 - second.size * module, y: height / 20, moduleSize: module)
            let frame = nv12Frame(luma)
            // The barcode detector's frame: the same scene with a Code 128 barcode, so its row reads a code too.
            var withBarcode = luma
            try drawCode128(
                "IRIS-BENCH-3", into: &withBarcode, x: width / 20, y: height / 2, module: module, barHeight: height / 6)
            let barcodeFrame = nv12Frame(withBarcode)
            for type in [DetectorType.qrCode, .rectangle, .face, .barcode] {
                let detector = try Detector(type: type, options: options)
                let input = type == .barcode ? barcodeFrame : frame
                let (median, found) = try MedianTiming.measure(iterations: iterations) {
                    try detector.features(in: input).count
                }
                emit(
                    "| \(type.rawValue) | \(options.accuracy.rawValue) | \(width)×\(height) | \(String(format: "%.2f", median)) | \(found) |"
                )
            }
            try landmarkRow(options: options, luma: luma, iterations: iterations, emit: emit)
        }
        try attributeModelRows(iterations: iterations, emit: emit)
    }

    /// The landmark model on one face box (a fifth of the frame's height, its cost whatever the box holds):
    /// what eyes, mouth and angle add per face, and what following a face between detections costs.
    static func landmarkRow(options: DetectorOptions, luma: LumaPlane, iterations: Int, emit: (String) -> Void) throws {
        var faceOptions = options
        faceOptions.face.landmarkModel = .mesh
        let detector = try Detector(type: .face, options: faceOptions)
        let side = Double(luma.height) / 5
        let box = Rect(
            x: Double(luma.width) / 2 - side / 2, y: Double(luma.height) / 2 - side / 2, width: side, height: side)
        let median = MedianTiming.measure(iterations: iterations) {
            _ = detector.face(in: box, of: luma, options: FeatureOptions(smile: true, eyeBlink: true))
        }.milliseconds
        emit(
            "| face landmarks, per face | mesh | \(luma.width)×\(luma.height) | \(String(format: "%.2f", median)) | – |"
        )
    }

    /// The attention and emotion models by themselves, whatever the frame size.
    static func attributeModelRows(iterations: Int, emit: (String) -> Void) throws {
        for (name, bytes) in [
            ("+ blink (attention model), per face", try FaceMeshModel.attentionTFLiteBytes),
            ("+ smile (emotion model), per face", try EmotionModel.tfliteBytes)
        ] {
            let model = try TFLiteModel(bytes: bytes)
            let inputs = model.inputs.map { [Float](repeating: 0.5, count: $0.elementCount) }
            let median = try MedianTiming.measure(iterations: iterations) { _ = try model.run(inputs) }.milliseconds
            emit("| \(name) | model | – | \(String(format: "%.2f", median)) | – |")
        }
    }

    /// IrisCore's Code 128 symbol (CICode128BarcodeGenerator's) drawn dark on white, `module` pixels a module,
    /// with ten modules of quiet zone on each side, its top-left corner at (x, y) from the top-left.
    static func drawCode128(_ text: String, into luma: inout LumaPlane, x: Int, y: Int, module: Int, barHeight: Int)
        throws
    {
        let symbol = try Code128Symbol(message: Array(text.utf8))
        let quiet = 10 * module
        let width = symbol.modules.count * module + 2 * quiet, height = barHeight + 2 * quiet
        for row in max(0, y)..<min(luma.height, y + height) {
            for column in max(0, x)..<min(luma.width, x + width) {
                let m = (column - x - quiet) / module
                let inBars =
                    row >= y + quiet && row < y + quiet + barHeight && column >= x + quiet && m < symbol.modules.count
                luma.bytes[row * luma.bytesPerRow + column] = inBars && symbol.modules[m] ? 0 : 255
            }
        }
    }

    /// An NV12 frame whose luma plane is `luma` (grey chroma): what a camera delivers.
    static func nv12Frame(_ luma: LumaPlane) -> Frame {
        var buffer = PixelBuffer(width: luma.width, height: luma.height, format: .nv12)
        buffer.planes[0].bytes = luma.packed.bytes
        for i in buffer.planes[1].bytes.indices { buffer.planes[1].bytes[i] = 128 }
        return Frame(buffer: buffer)
    }
}
