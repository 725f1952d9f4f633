import Foundation
import XCTest
import IrisCore

/// Small input files are read only when they are regular files under their limit, named without a NUL.
final class SmallFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "iris-smallfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func refusal(_ path: String, limit: Int = 100) -> SmallFileError? {
        do {
            _ = try SmallFile.read(path, limit: limit)
            return nil
        } catch { return error }
    }

    func testARegularFileIsReadWhole() throws {
        let path = folder + "/a.json"
        try Data("{\"a\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try SmallFile.read(path, limit: 8), Data("{\"a\": 1}".utf8))
        XCTAssertEqual(refusal(path, limit: 7), .tooLarge(path: path, limit: 7))
    }

    func testDevicesFoldersFIFOsAndNULPathsAreRefusedSayingWhy() throws {
        XCTAssertEqual(refusal("/dev/zero"), .notRegular(path: "/dev/zero", kind: "a character device"))
        XCTAssertEqual(
            refusal("/dev/zero")?.description, "/dev/zero: is a character device, not a regular file; give a file")
        XCTAssertEqual(refusal(folder), .notRegular(path: folder, kind: "a folder"))
        let fifo = folder + "/f"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(
            refusal(fifo), .notRegular(path: fifo, kind: "a FIFO"),
            "refused without opening it (no writer: an open would block)")
        XCTAssertEqual(refusal(folder + "/missing"), .unreadable(path: folder + "/missing", reason: "no such file"))
        let cut = folder + "/a.json\0.txt"
        XCTAssertEqual(refusal(cut), .nulInPath(path: cut))
        XCTAssertEqual(
            refusal(cut)?.description,
            folder + "/a.json\\0.txt: the path holds a NUL character; name the file without it")
    }
}
