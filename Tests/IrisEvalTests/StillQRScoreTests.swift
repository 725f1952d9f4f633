import IrisCore
import IrisDetect
import IrisEval
import IrisVideo
import Testing

/// ZXing-layout folders made in the test: a QR picture with its text, and a picture without a code.
@Suite struct StillQRScoreTests {
    /// 1.png holds `drawn`, 1.txt says `expected`; 2.png is blank and has no .txt.
    private func folder(drawn: String, expected: String) throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try StillImage.write(try QRCodePicture(drawn).plane(moduleSize: 4).rgbaBuffer, to: folder.file("1.png"))
        try folder.write(expected, to: "1.txt")
        try StillImage.write(LumaPlane(width: 120, height: 120, value: 255).rgbaBuffer, to: folder.file("2.png"))
        try folder.write("not a picture, not listed", to: "notes.md")
        return folder
    }

    @Test func theTruthListsTheStillsWithTheirNormalizedTexts() throws {
        // CRLF becomes LF and trailing white space goes: "line one\r\nline two \r\n" → "line one\nline two".
        let folder = try folder(drawn: "x", expected: "line one\r\nline two \r\n")
        let truth = try ZXingFolderTruth(folder: folder.path)
        #expect(truth.images.map(\.name) == ["1.png", "2.png"])
        #expect(truth.images.map(\.expectedText) == ["line one\nline two", nil])
    }

    @Test func aCodeReadRightAndABlankPictureScoreOneOfOne() throws {
        let folder = try folder(drawn: "Iris eval 1", expected: "Iris eval 1\n")
        let score = try StillQRScore(ZXingFolderTruth(folder: folder.path), detector: Detector(type: .qrCode))
        #expect(score.images == 2 && score.withCode == 1)
        #expect(score.found == 1 && score.correct == 1 && score.falsePositives == 0)
        #expect(score.notes.isEmpty)
    }

    @Test func aCodeThatReadsOtherTextIsFoundButNotCorrect() throws {
        let folder = try folder(drawn: "what is drawn", expected: "what the truth says")
        let score = try StillQRScore(ZXingFolderTruth(folder: folder.path), detector: Detector(type: .qrCode))
        #expect(score.images == 2 && score.withCode == 1 && score.found == 1 && score.correct == 0)
        #expect(score.notes == [#"1.png: read ["\"what is drawn\""]"#])
    }

    @Test func aMissingFolderIsATypedErrorNamingIt() {
        #expect(throws: TruthFileError.unreadable(path: "/nonexistent/zxing", reason: "no such folder")) {
            try ZXingFolderTruth(folder: "/nonexistent/zxing")
        }
    }
}
