import Foundation
@testable import IrisCore
import Testing

/// `.cube` 3D LUT files: the layout grading tools write, and a typed error naming the file and line for
/// everything else.
@Suite(.serialized) struct ColorCubeFileTests {
    /// A size-2 LUT that swaps red and blue, written as a tool would (title, comments, blank lines, CRLF).
    static let swapRedBlue =
        [
            "# Created by a test", "TITLE \"swap red and blue\"", "", "LUT_3D_SIZE 2", "DOMAIN_MIN 0.0 0.0 0.0",
            "DOMAIN_MAX 1.0 1.0 1.0",
            // Red varies fastest: (r, g, b) = (0,0,0) (1,0,0) (0,1,0) (1,1,0) (0,0,1) (1,0,1) (0,1,1) (1,1,1), output
            // (b, g, r).
            "0 0 0", "0 0 1", "0 1 0", "0 1 1", "1 0 0", "1 0 1", "1 1 0", "1 1 1  # white stays white"
        ].joined(separator: "\r\n") + "\r\n"

    @Test func aToolWrittenFileParsesWithRedVaryingFastest() throws {
        let file = try ColorCubeFile.parse(Self.swapRedBlue, name: "swap.cube")
        #expect(file.title == "swap red and blue")
        #expect(file.cube.size == 2)
        #expect(file.cube.sample(SIMD3(1, 0, 0)) == SIMD4(0, 0, 1, 1))
        #expect(file.cube.sample(SIMD3(0.25, 0.5, 0.75)) == SIMD4(0.75, 0.5, 0.25, 1))
    }

    @Test func aDomainOtherThanTheUnitCubeIsResampled() throws {
        // The unit-corner table over the domain 0…2: input v reads the table at v / 2, so returns v / 2.
        let text = "LUT_3D_SIZE 2\nDOMAIN_MIN 0 0 0\nDOMAIN_MAX 2 2 2\n" + identityLines(2)
        let file = try ColorCubeFile.parse(text, name: "wide.cube")
        #expect(file.domainMax == SIMD3(2, 2, 2))
        let v = file.cube.sample(SIMD3(1, 0.5, 0))
        #expect(abs(v.x - 0.5) <= 1e-5)
        #expect(abs(v.y - 0.25) <= 1e-5)
        #expect(abs(v.z - 0) <= 1e-5)
        let resolve = try ColorCubeFile.parse(
            "LUT_3D_INPUT_RANGE 0 2\nLUT_3D_SIZE 2\n" + identityLines(2), name: "r.cube")
        #expect(resolve.domainMin == SIMD3(0, 0, 0))
        #expect(resolve.domainMax == SIMD3(2, 2, 2))
    }

    @Test func malformedFilesNameTheFileAndLine() {
        let cases: [(String, Int, String)] = [
            ("0 0 0\n", 1, "a table line comes before LUT_3D_SIZE"),
            (
                "LUT_3D_SIZE 2\n" + identityLines(2).split(separator: "\n").prefix(7).joined(separator: "\n") + "\n", 9,
                "LUT_3D_SIZE 2 needs 8 table lines, the file has 7"
            ),
            ("LUT_3D_SIZE 2\n" + identityLines(2) + "1 1 1\n", 10, "more than 8 table lines for LUT_3D_SIZE 2"),
            ("LUT_3D_SIZE 2\n0 0 zero\n", 2, "a table line has something other than a finite number in place 3"),
            ("LUT_3D_SIZE 2\n0 0\n", 2, "a table line takes 3 numbers, got 2"),
            ("LUT_3D_SIZE 2\n0 0 0\nTITLE \"late\"\n", 3, "keyword TITLE after the table started"),
            (
                "LUT_1D_SIZE 1024\n", 1,
                "LUT_1D_SIZE: 1D LUTs (and 1D shapers) are not supported; Iris reads 3D LUTs (LUT_3D_SIZE)"
            ),
            ("LUT_3D_SIZE 1\n", 1, "LUT_3D_SIZE 1 is outside 2…128"),
            ("LUT_3D_SIZE 300\n", 1, "LUT_3D_SIZE 300 is outside 2…128"),
            ("LUT_3D_SIZE 2\nLUT_3D_SIZE 2\n", 2, "LUT_3D_SIZE given twice"),
            ("LUT_3D_SIZE two\n", 1, "LUT_3D_SIZE takes one whole number"),
            (
                "GAMMA 2.2\n", 1,
                "not a .cube line: it starts with none of TITLE, LUT_3D_SIZE, DOMAIN_MIN, DOMAIN_MAX, "
                    + "LUT_3D_INPUT_RANGE, and is not a table line; is this a .cube file?"
            ),
            (
                "DOMAIN_MIN 1 1 1\nDOMAIN_MAX 0 1 1\nLUT_3D_SIZE 2\n" + identityLines(2), 12,
                "DOMAIN_MIN must be below DOMAIN_MAX in every channel"
            ),
            ("DOMAIN_MAX 1 1 inf\n", 1, "DOMAIN_MAX has something other than a finite number in place 3"),
            ("# only a comment\n", 2, "no LUT_3D_SIZE line")
        ]
        for (text, line, reason) in cases {
            do {
                _ = try ColorCubeFile.parse(text, name: "bad.cube")
                Issue.record("\(reason)")
            } catch {
                #expect((error as? ColorCubeFileError) == .malformed(file: "bad.cube", line: line, reason: reason))
            }
        }
        #expect(ColorCubeFileError.malformed(file: "g.cube", line: 3, reason: "x").description == "g.cube:3: x")
    }

    @Test func filesAreReadFromDiskAndRereadWhenTheyChange() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iris-cube-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("grade.cube").path
        try Self.swapRedBlue.write(toFile: path, atomically: true, encoding: .utf8)
        #expect((try ColorCubeFile.load(path: path).cube.sample(SIMD3(1, 0, 0))) == SIMD4(0, 0, 1, 1))
        // A new table (and a new size, so the cache cannot mistake it) under the same name is read again.
        try ("LUT_3D_SIZE 3\n" + identityLines(3)).write(toFile: path, atomically: true, encoding: .utf8)
        let again = try ColorCubeFile.load(path: path)
        #expect(again.cube.size == 3)
        #expect(again.cube.sample(SIMD3(1, 0, 0)) == SIMD4(1, 0, 0, 1))

        do {
            _ = try ColorCubeFile.load(path: dir.appendingPathComponent("missing.cube").path)
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? ColorCubeFileError)
                    == .unreadable(file: dir.appendingPathComponent("missing.cube").path, reason: "no such file"))
        }
        do {
            _ = try ColorCubeFile.load(path: dir.path)
            Issue.record("expected an error")
        } catch {
            #expect((error as? ColorCubeFileError) == .unreadable(file: dir.path, reason: "is a directory"))
        }
    }

    /// The identity table of `size`, red fastest.
    private func identityLines(_ size: Int) -> String {
        var lines = ""
        let step = 1 / Double(size - 1)
        for b in 0..<size {
            for g in 0..<size {
                for r in 0..<size { lines += "\(Double(r) * step) \(Double(g) * step) \(Double(b) * step)\n" }
            }
        }
        return lines
    }
}
