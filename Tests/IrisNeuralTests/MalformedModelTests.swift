import IrisDetect
@testable import IrisNeural
import Testing

/// Damaged model files give `TFLiteError.malformed` naming what is wrong, never a crash.
@Suite struct MalformedModelTests {
    let good: [UInt8]

    init() throws { good = try FaceMeshModel.tfliteBytes }

    func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try TFLiteModel(bytes: bytes)
            return nil
        } catch {
            if case .malformed(let why) = error { return why }
            return "other: \(error)"
        }
    }

    @Test func truncatedFilesAreMalformed() {
        #expect(reason([]) != nil)
        #expect(reason(Array(good.prefix(6)))?.contains("too short") == true)
        // Cut inside the tables: some offset now points past the end.
        #expect(reason(Array(good.prefix(good.count / 3))) != nil)
        #expect(reason(Array(good.prefix(200))) != nil)
    }

    @Test func aWrongIdentifierIsNamed() {
        var bytes = good
        bytes.replaceSubrange(4..<8, with: Array("ONNX".utf8))
        #expect(reason(bytes)?.contains("'ONNX'") == true)
    }

    @Test func anOffsetOutsideTheFileIsNamed() {
        var bytes = good
        // The root table offset (the first four bytes, little-endian) pointing far past the end.
        bytes.replaceSubrange(0..<4, with: [0xF0, 0xFF, 0xFF, 0x7F])
        #expect(reason(bytes)?.contains("outside the file") == true)
    }

    @Test func flippedBytesNeverCrash() {
        // Every 97th byte of the tables and the start of the weights flipped in turn: each copy either still
        // reads (a weight changed) or is refused with a reason.
        for position in stride(from: 8, to: 6000, by: 97) {
            var bytes = good
            bytes[position] ^= 0xFF
            if let why = reason(bytes) { #expect(!why.hasPrefix("other"), "byte \(position): \(why)") }
        }
    }

    /// The same for the other bundled models: the emotion model whole (int8 weights, their scales, MEAN and
    /// SOFTMAX options), and the attention model's operator tables and custom-operator FlexBuffers, which
    /// sit in its last 80 KB. Any typed refusal will do (a flipped type or opcode is named as unsupported).
    @Test func flippedBytesNeverCrashTheOtherModels() throws {
        let attention = try FaceMeshModel.attentionTFLiteBytes
        // Every 97th byte of the small model; every 499th of the large one (each read widens 2.5 MB of weights).
        for (model, start, step) in [(try EmotionModel.tfliteBytes, 8, 97), (attention, attention.count - 80_000, 499)]
        {
            for position in stride(from: start, to: model.count, by: step) {
                var bytes = model
                bytes[position] ^= 0xFF
                // Reaching the next line at all is the test: a crash would end the process.
                _ = try? TFLiteModel(bytes: bytes)
            }
        }
    }

    @Test func wrongInputsAreRefused() throws {
        let model = try TFLiteModel(bytes: good)
        #expect(throws: TFLiteError.self) { try model.run([]) }
        #expect(throws: TFLiteError.self) { try model.run([[Float](repeating: 0, count: 10)]) }
    }
}
