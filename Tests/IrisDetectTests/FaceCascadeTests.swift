import Foundation
import IrisCore
@testable import IrisDetect
import Testing

/// Cascade files: both XML layouts, trees, stumps, LBP and tilted features; and clear errors for bad files.
@Suite struct FaceCascadeTests {
    static let haar = "/usr/share/opencv4/haarcascades/"

    @Test func missingCascadeIsATypedError() {
        #expect(throws: DetectorError.cascadeMissing(path: "/nonexistent/face.xml")) {
            try CascadeModel(contentsOf: "/nonexistent/face.xml")
        }
        var options = DetectorOptions()
        options.face.cascade = "no-such-cascade.xml"
        do {
            _ = try Detector(type: .face, options: options)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("no-such-cascade.xml"))
        }
    }

    @Test(arguments: [
        "not xml at all", "<opencv_storage><cascade><stageType>BOOST</stageType></cascade></opencv_storage>",
        "<opencv_storage><cascade><stageType>BOOST", "<other/>"
    ])
    func malformedCascadeIsATypedError(text: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("iris-bad-cascade-\(text.count).xml")
            .path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try CascadeModel(contentsOf: path)
            Issue.record("expected an error")
        } catch {
            guard case .cascadeMalformed(let p, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(p == path)
        }
    }

    @Test func bothLayoutsAndAllKindsLoad() throws {
        let tree = try CascadeModel(contentsOf: Self.haar + "haarcascade_frontalface_alt2.xml")
        #expect(tree.kind == .haar && tree.windowWidth == 20 && tree.stageCount == 20)
        #expect(tree.trees.contains { $0.nodeCount > 1 })
        let stumps = try CascadeModel(contentsOf: Self.haar + "haarcascade_frontalface_default.xml")
        #expect(stumps.trees.allSatisfy { $0.nodeCount == 1 })
        let old = try CascadeModel(contentsOf: Self.haar + "haarcascade_licence_plate_rus_16stages.xml")
        #expect(old.stageCount == 16 && old.windowWidth == 64)
        let tilted = try CascadeModel(contentsOf: Self.haar + "haarcascade_eye_tree_eyeglasses.xml")
        #expect(tilted.usesTiltedFeatures)
        let lbp = try CascadeModel(contentsOf: "/usr/share/opencv4/lbpcascades/lbpcascade_frontalface_improved.xml")
        #expect(lbp.kind == .lbp && lbp.subsets.count == lbp.nodes.count * 8)
    }

    @Test func lbpAndStumpCascadesFindTheAstronaut() throws {
        let plane = try FaceTestSupport.astronaut()
        for cascade in [
            "lbpcascades/lbpcascade_frontalface_improved.xml", "haarcascades/haarcascade_frontalface_default.xml"
        ] {
            var options = DetectorOptions()
            options.face.cascade = cascade
            options.face.landmarks = false
            #expect(
                try FaceTestSupport.faces(try Detector(type: .face, options: options), plane).count == 1, "\(cascade)")
        }
    }

    @Test func tiltedIntegralMatchesItsDefinition() {
        let plane = FaceTestSupport.clutter(width: 13, height: 9, seed: 3)
        let tables = IntegralImages(plane, tilted: true)
        for Y in 0...9 {
            for X in 0...13 {
                var expected: Int32 = 0
                for y in 0..<Y { for x in 0..<13 where abs(x - X + 1) <= Y - y - 1 { expected += Int32(plane[x, y]) } }
                #expect(
                    tables.sum[tables.tiltedOffset + tables.layout.index(column: X, row: Y)] == expected,
                    "T(\(X), \(Y))")
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func phaseLayoutHoldsEveryRectangleSum(phases: Int) {
        let plane = FaceTestSupport.clutter(width: 23, height: 11, seed: 5)
        let tables = IntegralImages(plane, tilted: false, phases: phases), layout = tables.layout
        for (x0, y0, x1, y1) in [(0, 0, 23, 11), (3, 2, 9, 7), (5, 1, 6, 10), (20, 4, 23, 5)] {
            var expected: Int32 = 0, squares: Int32 = 0
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let v = Int32(plane[x, y])
                    expected += v
                    squares += v * v
                }
            }
            func rect(_ t: [Int32]) -> Int32 {
                t[layout.index(column: x0, row: y0)] - t[layout.index(column: x1, row: y0)]
                    - t[layout.index(column: x0, row: y1)] + t[layout.index(column: x1, row: y1)]
            }
            #expect(
                rect(tables.sum) == expected && rect(tables.squares) == squares,
                "\(phases) phases, rect \(x0),\(y0)–\(x1),\(y1)")
        }
        // A window whose left edge is a multiple of `phases` reaches its corners by fixed offsets.
        let origin = layout.origin(step: 2, row: 3)
        #expect(
            tables.sum[origin + layout.offset(dx: 5, dy: 4)] == tables.sum[layout.index(column: 2 * phases + 5, row: 7)]
        )
    }

    /// The vector path (8 windows at a time) must accept exactly the windows the one-at-a-time path accepts,
    /// including OpenCV's skip after a first-stage rejection, for stumps, 2-node trees and tilted 3-node trees.
    @Test(arguments: [
        "haarcascade_frontalface_alt2.xml", "haarcascade_frontalface_default.xml", "haarcascade_eye_tree_eyeglasses.xml"
    ])
    func vectorPathAgreesWithOneWindowAtATime(cascade: String) throws {
        let model = try CascadeModel(contentsOf: Self.haar + cascade)
        for plane in [try FaceTestSupport.astronaut(), FaceTestSupport.clutter(width: 157, height: 101, seed: 11)] {
            for multiplier in [1, 2] {
                var scanner = CascadeScanner(model: model)
                scanner.stepMultiplier = multiplier
                scanner.singleThreaded = true
                let vector = scanner.candidates(in: plane)
                scanner.vectorized = false
                let reference = scanner.candidates(in: plane)
                #expect(
                    vector == reference,
                    "\(cascade), step ×\(multiplier): \(vector.count) vs \(reference.count) windows")
                if plane.width > 200 && multiplier == 1 && cascade.contains("frontalface") {
                    #expect(reference.count >= 3)
                }
            }
        }
    }

    @Test func groupingNeedsNeighbours() {
        let lone = [WindowRect(x: 0, y: 0, width: 20, height: 20)]
        #expect(WindowGrouping.group(lone, minNeighbors: 3).isEmpty)
        let cluster = (0..<5).map { WindowRect(x: 40 + $0, y: 40, width: 24, height: 24) }
        let groups = WindowGrouping.group(cluster + lone, minNeighbors: 3)
        #expect(
            groups.count == 1 && groups[0].rect == WindowRect(x: 42, y: 40, width: 24, height: 24)
                && groups[0].neighbors == 5)
    }
}
