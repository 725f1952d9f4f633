import Foundation
import Glibc
@testable import IrisVideo
import Testing

/// The output policy (issue 34) on real files, links, FIFOs and locks in a temporary folder.
@Suite(.serialized) struct OutputPolicyTests {
    private func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map(Array.init) }

    @Test func regularFilesAreReplacedOnlyWhenCommitted() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(Array("old".utf8), to: "m.json")
        let file = try OutputFile(path: path)
        try file.write(Array("new".utf8))
        #expect(bytes(path) == Array("old".utf8), "the old file stays until commit")
        try file.commit()
        #expect(bytes(path) == Array("new".utf8))
        #expect((try dir.contents()) == ["m.json"], "no lock or temporary file is left")
    }

    @Test func aDiscardedOutputLeavesTheOldFile() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(Array("old".utf8), to: "m.json")
        let file = try OutputFile(path: path)
        try file.write(Array("half".utf8))
        file.discard()
        #expect(bytes(path) == Array("old".utf8))
        #expect((try dir.contents()) == ["m.json"])
    }

    @Test func aSecondWriterIsRefusedWhileTheFirstHoldsTheLock() throws {
        let dir = try TemporaryDirectory()
        let first = try OutputFile(path: dir.file("ev.jsonl"))
        do {
            _ = try OutputFile(path: dir.file("ev.jsonl"))
            Issue.record("expected an error")
        } catch {
            guard case let .busy(_, holder) = error as? OutputError else {
                Issue.record("\(error)")
                return
            }
            #expect(holder.contains("process \(getpid())"), "\(holder)")
        }
        first.discard()
        #expect(throws: Never.self) { try OutputFile(path: dir.file("ev.jsonl")).discard() }
    }

    @Test func aLockThatIsALinkIsRefusedAndItsTargetUntouched() throws {
        let dir = try TemporaryDirectory()
        let victim = try dir.write(Array("precious".utf8), to: "victim")
        #expect(symlink(victim, dir.file(".cam.mkv.lock")) == 0)
        do {
            _ = try OutputFile(path: dir.file("cam.mkv"))
            Issue.record("expected an error")
        } catch {
            guard case .lockNotAFile = error as? OutputError else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(bytes(victim) == Array("precious".utf8))
        #expect(throws: (any Error).self) { try RecorderReservation(path: dir.file("cam.mkv")) }
        #expect(bytes(victim) == Array("precious".utf8))
    }

    @Test func aFailedRenameKeepsThePartialAndNamesIt() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("out.json")
        let file = try OutputFile(path: path)
        try file.write(Array("kept".utf8))
        // A folder appearing at the output's name makes the rename fail.
        #expect(mkdir(path, 0o755) == 0)
        do {
            _ = try file.commit()
            Issue.record("expected an error")
        } catch {
            guard case let .notMovedIntoPlace(_, partial, _) = error as? OutputError else {
                Issue.record("\(error)")
                return
            }
            #expect(self.bytes(partial) == Array("kept".utf8))
            #expect("\(error)".contains(partial))
        }
    }

    @Test func destinationsByNodeType() throws {
        let dir = try TemporaryDirectory()
        #expect(
            (try OutputDestination(path: dir.file("new.json")))
                == .file(target: OutputPaths.resolved(dir.file("new.json"))))
        do {
            _ = try OutputDestination(path: dir.path)
            Issue.record("expected an error")
        } catch {
            #expect((error as? OutputError) == .isDirectory(path: dir.path))
        }
        #expect(mkfifo(dir.file("f"), 0o644) == 0)
        #expect((try OutputDestination(path: dir.file("f"))) == .stream)
        #expect((try OutputDestination(path: "/dev/null")) == .stream)
        let program = try dir.write([0x7F, 0x45], to: "prog")
        #expect(chmod(program, 0o755) == 0)
        do {
            _ = try OutputDestination(path: program)
            Issue.record("expected an error")
        } catch {
            #expect((error as? OutputError) == .executable(path: program))
        }
        #expect(symlink(dir.file("nowhere"), dir.file("dangling")) == 0)
        do {
            _ = try OutputDestination(path: dir.file("dangling"))
            Issue.record("expected an error")
        } catch {
            guard case .danglingLink = error as? OutputError else {
                Issue.record("\(error)")
                return
            }
        }
        do {
            _ = try OutputDestination(path: dir.file("missing/x.json"))
            Issue.record("expected an error")
        } catch {
            guard case .noDirectory = error as? OutputError else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test func aLinkToOwnFileIsFollowedSoTheLinkSurvives() throws {
        let dir = try TemporaryDirectory()
        let real = try dir.write(Array("old".utf8), to: "real.json")
        #expect(symlink("real.json", dir.file("link.json")) == 0)
        try OutputFile.write(Array("new".utf8), to: dir.file("link.json"))
        #expect(bytes(real) == Array("new".utf8))
        var info = stat()
        #expect(lstat(dir.file("link.json"), &info) == 0)
        #expect((info.st_mode & S_IFMT) == S_IFLNK)
    }

    @Test func outputsThatAreInputsOrEachOtherAreRefused() throws {
        let dir = try TemporaryDirectory()
        let input = try dir.write([1, 2, 3], to: "in.y4m")
        #expect(link(input, dir.file("hard.y4m")) == 0)
        do {
            _ = try RunFiles.check(outputs: [dir.file("hard.y4m")], inputs: [input])
            Issue.record("expected an error")
        } catch {
            #expect((error as? OutputError) == .isInput(path: dir.file("hard.y4m"), input: input))
        }
        // Not yet existing, spelled two ways.
        let spelled = dir.path + "/./out.json"
        do {
            _ = try RunFiles.check(outputs: [dir.file("out.json"), spelled], inputs: [])
            Issue.record("expected an error")
        } catch {
            #expect((error as? OutputError) == .isOtherOutput(path: spelled, other: dir.file("out.json")))
        }
        // Two reports to one terminal-like device are fine.
        #expect(throws: Never.self) { try RunFiles.check(outputs: ["/dev/null", "/dev/null"], inputs: [input]) }
    }

    @Test func aFIFOWithNoReaderIsWaitedForUntilAStop() throws {
        let dir = try TemporaryDirectory()
        #expect(mkfifo(dir.file("f"), 0o644) == 0)
        let latch = StopLatch()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { latch.trip("test") }
        let start = ContinuousClock.now
        do {
            _ = try OutputFile(path: dir.file("f"), latch: latch)
            Issue.record("expected an error")
        } catch {
            #expect((error as? OutputError) == .stopped(path: dir.file("f")))
        }
        #expect((ContinuousClock.now - start) >= .milliseconds(150), "it waited for a reader")
        var info = stat()
        #expect(stat(dir.file("f"), &info) == 0)
        #expect((info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test func aFIFOWhoseReaderStoppedReadingEndsAtASecondStop() throws {
        let dir = try TemporaryDirectory()
        #expect(mkfifo(dir.file("f"), 0o644) == 0)
        // A reader that opens the FIFO and never reads.
        let reader = open(dir.file("f"), O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let latch = StopLatch()
        let file = try OutputFile(path: dir.file("f"), latch: latch)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            latch.trip("first")
            latch.trip("second")
        }
        do {
            _ = try file.write([UInt8](repeating: 7, count: 1 << 20))
            Issue.record("expected an error")
        } catch {
            #expect((error as? OutputError) == .stopped(path: dir.file("f")))
        }
        file.discard()
    }
}
