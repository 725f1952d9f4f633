import Foundation
import IrisCore
import Testing

/// Small input files are read only when they are regular files under their limit, named without a NUL.
@Suite(.serialized) final class SmallFileTests {
    private let folder = NSTemporaryDirectory() + "iris-smallfile-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func refusal(_ path: String, limit: Int = 100) -> SmallFileError? {
        do {
            _ = try SmallFile.read(path, limit: limit)
            return nil
        } catch { return error }
    }

    @Test func aRegularFileIsReadWhole() throws {
        let path = folder + "/a.json"
        try Data("{\"a\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        #expect((try SmallFile.read(path, limit: 8)) == Data("{\"a\": 1}".utf8))
        #expect(refusal(path, limit: 7) == .tooLarge(path: path, limit: 7))
    }

    @Test func devicesFoldersFIFOsAndNULPathsAreRefusedSayingWhy() throws {
        #expect(refusal("/dev/zero") == .notRegular(path: "/dev/zero", kind: "a character device"))
        #expect(
            refusal("/dev/zero")?.description == "/dev/zero: is a character device, not a regular file; give a file")
        #expect(refusal(folder) == .notRegular(path: folder, kind: "a folder"))
        let fifo = folder + "/f"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(
            refusal(fifo) == .notRegular(path: fifo, kind: "a FIFO"),
            "refused without opening it (no writer: an open would block)")
        #expect(refusal(folder + "/missing") == .unreadable(path: folder + "/missing", reason: "no such file"))
        let cut = folder + "/a.json\0.txt"
        #expect(refusal(cut) == .nulInPath(path: cut))
        #expect(
            refusal(cut)?.description
                == (folder + "/a.json\\0.txt: the path holds a NUL character; name the file without it"))
    }
}
