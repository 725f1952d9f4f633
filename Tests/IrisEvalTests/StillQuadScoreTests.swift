import Foundation
import IrisCore
import IrisDetect
import IrisEval
import IrisVideo
import Testing

/// quads.json read, written and scored, on a hand-drawn card and a blank picture.
@Suite struct StillQuadScoreTests {
    /// A 200×160 dark floor with a bright card over rows 40..<110 and columns 30..<150 (top-left pixels).
    /// In bottom-left coordinates its corners are TL (30, 160 − 40 = 120), TR (150, 120), BR (150, 160 − 110 = 50), BL
    /// (30, 50).
    private func card() -> LumaPlane {
        var plane = LumaPlane(width: 200, height: 160, value: 40)
        for y in 40..<110 { for x in 30..<150 { plane.bytes[y * plane.bytesPerRow + x] = 220 } }
        return plane
    }

    private func folder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try StillImage.write(card().rgbaBuffer, to: folder.file("card.png"))
        try StillImage.write(LumaPlane(width: 200, height: 160, value: 40).rgbaBuffer, to: folder.file("blank.png"))
        // The third entry claims the card sits 14 px further right: 14 / √(120² + 70²) = 14 / 138.9 ≈ 10 % of the
        // diagonal.
        try folder.write(
            """
            {"images": [
              {"file": "card.png", "corners": [[30, 120], [150, 120], [150, 50], [30, 50]], "summary": "hand-drawn"},
              {"file": "blank.png", "corners": null},
              {"file": "card.png", "corners": [[44, 120], [164, 120], [164, 50], [44, 50]]}
            ]}
            """, to: "quads.json")
        return folder
    }

    @Test func theReaderKeepsCornersInOrderAndNullAsNoRectangle() throws {
        let folder = try folder()
        let truth = try QuadsTruth(contentsOf: folder.file("quads.json"))
        #expect(truth.entries.map(\.file) == ["card.png", "blank.png", "card.png"])
        #expect(
            truth.entries[0].corners
                == Quadrilateral(
                    topLeft: Point(x: 30, y: 120), topRight: Point(x: 150, y: 120),
                    bottomLeft: Point(x: 30, y: 50), bottomRight: Point(x: 150, y: 50)))
        #expect(truth.entries[0].summary == "hand-drawn")
        #expect(truth.entries[1].corners == nil)
    }

    @Test func whatTheWriterWritesTheReaderReadsBack() throws {
        let folder = try ScratchFolder()
        let quad = Quadrilateral(
            topLeft: Point(x: 1.5, y: 9), topRight: Point(x: 8, y: 9.25), bottomLeft: Point(x: 1, y: 2),
            bottomRight: Point(x: 8, y: 2))
        let truth = QuadsTruth(entries: [
            .init(file: "a.png", corners: quad, summary: "one"), .init(file: "b.png", corners: nil)
        ])
        try truth.write(to: folder.file("quads.json"))
        #expect(try QuadsTruth(contentsOf: folder.file("quads.json")) == truth)
    }

    @Test func countsOnACardABlankAndAWrongTruth() throws {
        let folder = try folder()
        let score = try StillQuadScore(
            QuadsTruth(contentsOf: folder.file("quads.json")), imagesIn: folder.path,
            detector: Detector(type: .rectangle))
        #expect(score.images == 3 && score.withQuad == 2 && score.empty == 1)
        #expect(score.found == 2 && score.correct == 1 && score.falsePositives == 0)
        // The exact card is found within 2 %; against the shifted truth the error is about 14 / 138.9 ≈ 10 %.
        #expect(score.errors.count == 2)
        #expect(score.errors[0] <= 0.02)
        #expect(score.errors[1] > 0.08 && score.errors[1] < 0.12, "\(score.errors)")
        #expect(score.notes.count == 1 && score.notes[0].hasPrefix("card.png: corner error "))
    }

    @Test func badCornersAreATypedErrorNamingTheEntry() throws {
        let folder = try ScratchFolder()
        let path = try folder.write(
            #"{"images": [{"file": "a.png", "corners": [[0, 0], [1, 0], [1, 1]]}]}"#, to: "quads.json")
        #expect(
            throws: TruthFileError.malformed(
                path: path, detail: "images[0] (a.png): corners must be four [x, y] pairs or null")
        ) {
            try QuadsTruth(contentsOf: path)
        }
        let notQuads = try folder.write(#"{"frames": []}"#, to: "other.json")
        #expect(
            throws: TruthFileError.malformed(
                path: notQuads, detail: #"not a quads.json ({"images": [{"file", "corners"}]})"#)
        ) {
            try QuadsTruth(contentsOf: notQuads)
        }
    }
}
