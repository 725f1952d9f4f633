import Foundation
import Glibc
@testable import IrisVideo
import XCTest

/// The output policy (issue 34) on real files, links, FIFOs and locks in a temporary folder.
final class OutputPolicyTests: XCTestCase {
    private func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map(Array.init) }

    func testRegularFilesAreReplacedOnlyWhenCommitted() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(Array("old".utf8), to: "m.json")
        let file = try OutputFile(path: path)
        try file.write(Array("new".utf8))
        XCTAssertEqual(bytes(path), Array("old".utf8), "the old file stays until commit")
        try file.commit()
        XCTAssertEqual(bytes(path), Array("new".utf8))
        XCTAssertEqual(try dir.contents(), ["m.json"], "no lock or temporary file is left")
    }

    func testADiscardedOutputLeavesTheOldFile() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(Array("old".utf8), to: "m.json")
        let file = try OutputFile(path: path)
        try file.write(Array("half".utf8))
        file.discard()
        XCTAssertEqual(bytes(path), Array("old".utf8))
        XCTAssertEqual(try dir.contents(), ["m.json"])
    }

    func testASecondWriterIsRefusedWhileTheFirstHoldsTheLock() throws {
        let dir = try TemporaryDirectory()
        let first = try OutputFile(path: dir.file("ev.jsonl"))
        XCTAssertThrowsError(try OutputFile(path: dir.file("ev.jsonl"))) { error in
            guard case let .busy(_, holder) = error as? OutputError else { return XCTFail("\(error)") }
            XCTAssertTrue(holder.contains("process \(getpid())"), holder)
        }
        first.discard()
        XCTAssertNoThrow(try OutputFile(path: dir.file("ev.jsonl")).discard())
    }

    func testALockThatIsALinkIsRefusedAndItsTargetUntouched() throws {
        let dir = try TemporaryDirectory()
        let victim = try dir.write(Array("precious".utf8), to: "victim")
        XCTAssertEqual(symlink(victim, dir.file(".cam.mkv.lock")), 0)
        XCTAssertThrowsError(try OutputFile(path: dir.file("cam.mkv"))) { error in
            guard case .lockNotAFile = error as? OutputError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(bytes(victim), Array("precious".utf8))
        XCTAssertThrowsError(try RecorderReservation(path: dir.file("cam.mkv")))
        XCTAssertEqual(bytes(victim), Array("precious".utf8))
    }

    func testAFailedRenameKeepsThePartialAndNamesIt() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("out.json")
        let file = try OutputFile(path: path)
        try file.write(Array("kept".utf8))
        // A folder appearing at the output's name makes the rename fail.
        XCTAssertEqual(mkdir(path, 0o755), 0)
        XCTAssertThrowsError(try file.commit()) { error in
            guard case let .notMovedIntoPlace(_, partial, _) = error as? OutputError else { return XCTFail("\(error)") }
            XCTAssertEqual(self.bytes(partial), Array("kept".utf8))
            XCTAssertTrue("\(error)".contains(partial))
        }
    }

    func testDestinationsByNodeType() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(
            try OutputDestination(path: dir.file("new.json")), .file(target: OutputPaths.resolved(dir.file("new.json")))
        )
        XCTAssertThrowsError(try OutputDestination(path: dir.path)) {
            XCTAssertEqual($0 as? OutputError, .isDirectory(path: dir.path))
        }
        XCTAssertEqual(mkfifo(dir.file("f"), 0o644), 0)
        XCTAssertEqual(try OutputDestination(path: dir.file("f")), .stream)
        XCTAssertEqual(try OutputDestination(path: "/dev/null"), .stream)
        let program = try dir.write([0x7F, 0x45], to: "prog")
        XCTAssertEqual(chmod(program, 0o755), 0)
        XCTAssertThrowsError(try OutputDestination(path: program)) {
            XCTAssertEqual($0 as? OutputError, .executable(path: program))
        }
        XCTAssertEqual(symlink(dir.file("nowhere"), dir.file("dangling")), 0)
        XCTAssertThrowsError(try OutputDestination(path: dir.file("dangling"))) { error in
            guard case .danglingLink = error as? OutputError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try OutputDestination(path: dir.file("missing/x.json"))) { error in
            guard case .noDirectory = error as? OutputError else { return XCTFail("\(error)") }
        }
    }

    func testALinkToOwnFileIsFollowedSoTheLinkSurvives() throws {
        let dir = try TemporaryDirectory()
        let real = try dir.write(Array("old".utf8), to: "real.json")
        XCTAssertEqual(symlink("real.json", dir.file("link.json")), 0)
        try OutputFile.write(Array("new".utf8), to: dir.file("link.json"))
        XCTAssertEqual(bytes(real), Array("new".utf8))
        var info = stat()
        XCTAssertEqual(lstat(dir.file("link.json"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK)
    }

    func testOutputsThatAreInputsOrEachOtherAreRefused() throws {
        let dir = try TemporaryDirectory()
        let input = try dir.write([1, 2, 3], to: "in.y4m")
        XCTAssertEqual(link(input, dir.file("hard.y4m")), 0)
        XCTAssertThrowsError(try RunFiles.check(outputs: [dir.file("hard.y4m")], inputs: [input])) {
            XCTAssertEqual($0 as? OutputError, .isInput(path: dir.file("hard.y4m"), input: input))
        }
        // Not yet existing, spelled two ways.
        let spelled = dir.path + "/./out.json"
        XCTAssertThrowsError(try RunFiles.check(outputs: [dir.file("out.json"), spelled], inputs: [])) {
            XCTAssertEqual($0 as? OutputError, .isOtherOutput(path: spelled, other: dir.file("out.json")))
        }
        // Two reports to one terminal-like device are fine.
        XCTAssertNoThrow(try RunFiles.check(outputs: ["/dev/null", "/dev/null"], inputs: [input]))
    }

    func testAFIFOWithNoReaderIsWaitedForUntilAStop() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(mkfifo(dir.file("f"), 0o644), 0)
        let latch = StopLatch()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { latch.trip("test") }
        let start = ContinuousClock.now
        XCTAssertThrowsError(try OutputFile(path: dir.file("f"), latch: latch)) {
            XCTAssertEqual($0 as? OutputError, .stopped(path: dir.file("f")))
        }
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(150), "it waited for a reader")
        var info = stat()
        XCTAssertEqual(stat(dir.file("f"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    func testAFIFOWhoseReaderStoppedReadingEndsAtASecondStop() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(mkfifo(dir.file("f"), 0o644), 0)
        // A reader that opens the FIFO and never reads.
        let reader = open(dir.file("f"), O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let latch = StopLatch()
        let file = try OutputFile(path: dir.file("f"), latch: latch)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            latch.trip("first")
            latch.trip("second")
        }
        XCTAssertThrowsError(try file.write([UInt8](repeating: 7, count: 1 << 20))) {
            XCTAssertEqual($0 as? OutputError, .stopped(path: dir.file("f")))
        }
        file.discard()
    }
}
