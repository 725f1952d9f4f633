import Foundation
import IrisEval
import Testing

/// CVAT XML that Foundation's XMLParser would trap on (found by tools/fuzz) is refused as malformed, by line.
@Suite struct CVATXMLGateTests {
    @Test func aNameThatIsNotUTF8IsRefusedByLine() {
        var bytes = Array("<annotations>\n<meta><task><original_size><width>64</width>".utf8)
        bytes += [0x3C, 0x68, 0xDC, 0xDC, 0x3E] + Array("48</h></original_size></task></meta></annotations>".utf8)
        #expect(throws: TruthFileError.malformed(path: "a.xml", detail: "line 2: not UTF-8 text")) {
            try CVATVideoTruth.decode(Data(bytes), path: "a.xml", frameRate: 30)
        }
    }

    @Test func aProcessingInstructionIsRefusedByLine() {
        let data = Data("<?xml version=\"1.0\"?>\n<annotations>\n<?x?></annotations>".utf8)
        #expect(
            throws: TruthFileError.malformed(
                path: "a.xml", detail: "line 3: a processing instruction (<?…?>): a CVAT export has none")
        ) {
            try CVATVideoTruth.decode(data, path: "a.xml", frameRate: 30)
        }
        #expect(
            throws: TruthFileError.malformed(
                path: "a.xml", detail: "line 1: a processing instruction (<?…?>): a CVAT export has none")
        ) {
            try CVATVideoTruth.decode(Data("<?xmlfoo?><annotations/>".utf8), path: "a.xml", frameRate: 30)
        }
    }

    @Test func theDeclarationAndAByteOrderMarkAreFine() throws {
        let text =
            "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<annotations><meta><task><size>2</size>"
            + "<original_size><width>64</width><height>48</height></original_size></task></meta></annotations>"
        #expect(try CVATVideoTruth.decode(Data(text.utf8), path: "a.xml", frameRate: 30).frames.count == 2)
    }
}
