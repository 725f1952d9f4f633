import Foundation
import IrisCore
@testable import IrisFilters
import IrisDetect
import IrisEval
import IrisVideo
import Testing

/// A real recording (Y4M written here) with a QR code drawn at known places, scored end to end: the
/// detector's finds against hand-placed truth.
@Suite struct ClipEvaluatorTests {
    static let message = "IRIS-EVAL-TEST"
    /// Each module is 4 px; the code sits at `left`, its top edge `top` pixels below the picture's top.
    static let module = 4

    /// A 320×240 I420 frame, mid-grey, with the code (and its 4-module quiet zone in white) drawn in.
    static func frame(left: Int, top: Int) throws -> Frame {
        let symbol = try QRCodeSymbol(message: Array(message.utf8))
        var buffer = PixelBuffer(width: 320, height: 240, format: .i420)
        for p in 1...2 { buffer.planes[p].bytes = [UInt8](repeating: 128, count: buffer.planes[p].bytes.count) }
        buffer.planes[0].bytes = [UInt8](repeating: 120, count: buffer.planes[0].bytes.count)
        let side = (symbol.size + 8) * module
        for y in 0..<side {
            for x in 0..<side {
                let mx = x / module - 4, my = y / module - 4
                let dark =
                    (0..<symbol.size).contains(mx) && (0..<symbol.size).contains(my) && symbol.isDark(x: mx, y: my)
                buffer.planes[0].bytes[(top - 4 * module + y) * 320 + left - 4 * module + x] = dark ? 16 : 235
            }
        }
        return Frame(buffer: buffer)
    }

    /// The code's corners in bottom-left coordinates: a square `size × 4` px at (left, top) from the top-left.
    static func truthObject(left: Int, top: Int, id: Int = 1) throws -> TruthObject {
        let side = Double(try QRCodeSymbol(message: Array(message.utf8)).size * module)
        let x = Double(left), yTop = 240 - Double(top)
        let quad = Quadrilateral(
            topLeft: Point(x: x, y: yTop), topRight: Point(x: x + side, y: yTop),
            bottomLeft: Point(x: x, y: yTop - side), bottomRight: Point(x: x + side, y: yTop - side))
        return TruthObject(id: id, kind: .qrCode, corners: quad, message: message)
    }

    static func writeClip(_ positions: [(Int, Int)]) throws -> String {
        let path = NSTemporaryDirectory() + "iris-eval-\(UUID().uuidString).y4m"
        let writer = try Y4MWriter(path: path, header: Y4MHeader(width: 320, height: 240))
        for (left, top) in positions { try writer.append(try frame(left: left, top: top)) }
        try writer.close()
        return path
    }

    @Test func aCodeFoundInEveryFrameScoresFullRecallAndDecodeRate() throws {
        let positions = [(40, 40), (46, 42), (52, 44)]
        let clip = try Self.writeClip(positions)
        defer { try? FileManager.default.removeItem(atPath: clip) }
        let truth = ClipTruth(
            clip: clip, width: 320, height: 240, frameRate: 25,
            frames: try positions.enumerated().map { i, p in
                FrameTruth(frame: i, objects: [try Self.truthObject(left: p.0, top: p.1)])
            })
        let report = try ClipEvaluator(detectors: [try Detector(type: .qrCode)]).evaluate(clip: clip, truth: truth)
        let qr = try #require(report.report(for: .qrCode))
        #expect(report.frames == 3)
        #expect(qr.truths == 3 && qr.truePositives == 3 && qr.falsePositives == 0)
        #expect(qr.recall == 1 && qr.precision == 1 && qr.qrDecodeRate == 1)
        // The finder patterns' outer corners are the module grid's corners: within a module of the truth.
        #expect(try #require(qr.cornerError).meanPixels < Double(Self.module))

        // Every second frame: frames 0 and 2 are scored, frame 1 is decoded and passed over.
        var sampled = ClipEvaluator(detectors: [try Detector(type: .qrCode)])
        sampled.detectEvery = 2
        let every2 = try #require(try sampled.evaluate(clip: clip, truth: truth).report(for: .qrCode))
        #expect(every2.frames == 2 && every2.truths == 2 && every2.truePositives == 2)
    }

    @Test func truthInTheWrongPlaceIsAMissAndAFalsePositive() throws {
        let clip = try Self.writeClip([(40, 40)])
        defer { try? FileManager.default.removeItem(atPath: clip) }
        // The truth puts the code 120 px to the right (x 160 → 280, clear of 40 → 124) of where it is drawn: no overlap
        // at all.
        let truth = ClipTruth(
            clip: clip, width: 320, height: 240, frameRate: 25,
            frames: [FrameTruth(frame: 0, objects: [try Self.truthObject(left: 160, top: 40)])])
        let qr = try #require(
            try ClipEvaluator(detectors: [try Detector(type: .qrCode)]).evaluate(clip: clip, truth: truth).report(
                for: .qrCode))
        #expect(qr.truePositives == 0 && qr.falseNegatives == 1 && qr.falsePositives == 1)
        #expect(qr.recall == 0 && qr.precision == 0)
    }

    @Test func aClipShorterOrLongerThanItsTruthIsNamed() throws {
        let clip = try Self.writeClip([(40, 40), (40, 40)])
        defer { try? FileManager.default.removeItem(atPath: clip) }
        let detector = try Detector(type: .qrCode)
        let three = ClipTruth(
            clip: clip, width: 320, height: 240, frameRate: 25,
            frames: (0..<3).map { FrameTruth(frame: $0, objects: []) })
        #expect(throws: EvaluationError.self) {
            try ClipEvaluator(detectors: [detector]).evaluate(clip: clip, truth: three)
        }
        let one = ClipTruth(
            clip: clip, width: 320, height: 240, frameRate: 25, frames: [FrameTruth(frame: 0, objects: [])])
        do {
            _ = try ClipEvaluator(detectors: [detector]).evaluate(clip: clip, truth: one)
            Issue.record("a clip with more frames than its truth was scored")
        } catch {
            #expect("\(error)".contains(clip) && "\(error)".contains("more frames than the 1"))
        }
        // Frames past a MOT-style truth's last listed frame are empty frames, not an error.
        var lenient = ClipEvaluator(detectors: [detector])
        lenient.truthListsEveryFrame = false
        let qr = try #require(try lenient.evaluate(clip: clip, truth: one).report(for: .qrCode))
        #expect(qr.frames == 2 && qr.falsePositives == 2)
    }

    @Test func aTruthOfAnotherSizeIsRefused() throws {
        let clip = try Self.writeClip([(40, 40)])
        defer { try? FileManager.default.removeItem(atPath: clip) }
        let truth = ClipTruth(
            clip: clip, width: 640, height: 480, frameRate: 25, frames: [FrameTruth(frame: 0, objects: [])])
        do {
            _ = try ClipEvaluator(detectors: [try Detector(type: .qrCode)]).evaluate(clip: clip, truth: truth)
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("320×240") && "\(error)".contains("640×480"))
        }
    }

    @Test func objectsBelowTheDetectorsMinimumSizeAreNotRequired() throws {
        let clip = try Self.writeClip([(40, 40)])
        defer { try? FileManager.default.removeItem(atPath: clip) }
        // The rectangle detector's default minimum is 0.2 of the shorter side: 0.2 × 240 = 48 px. Truth
        // rectangles are placed where the picture is flat grey, so the detector finds neither.
        func square(_ side: Double, id: Int) -> TruthObject {
            TruthObject(
                id: id, kind: .rectangle,
                corners: Quadrilateral(
                    topLeft: Point(x: 200, y: 200), topRight: Point(x: 200 + side, y: 200),
                    bottomLeft: Point(x: 200, y: 200 - side), bottomRight: Point(x: 200 + side, y: 200 - side)))
        }
        let detector = try Detector(type: .rectangle)
        for (side, required) in [(40.0, 0), (60.0, 1)] {
            let truth = ClipTruth(
                clip: clip, width: 320, height: 240, frameRate: 25,
                frames: [FrameTruth(frame: 0, objects: [square(side, id: 1)])])
            let rect = try #require(
                try ClipEvaluator(detectors: [detector]).evaluate(clip: clip, truth: truth).report(for: .rectangle))
            #expect(rect.truths == required && rect.falseNegatives == required, "a \(side) px square")
        }
    }
}
