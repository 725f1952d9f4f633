import Foundation
import Testing

@testable import IrisCore

/// Baked cubes kept on disk: read back whole, ignored when damaged, truncated or filed for another run,
/// and never in a render's way when the folder cannot be written.
@Suite struct BakedCubeStoreTests {
    /// A per-channel gain in linear light.
    static let gain = Kernel(color: "bakedCubeStoreTestGain") { s0, p in
        vec4(s0.rgb * p.vec3("gain"), s0.a)
    }

    /// A threshold: no cube size follows its step.
    static let threshold = Kernel(color: "bakedCubeStoreTestThreshold") { s0, p in
        vec4(s0.rgb.step(p.float("edge")) * s0.a, s0.a)
    }

    /// A run no other test bakes, so this process's memory holds no cube for it; it mixes channels (a
    /// per-channel run is not stored).
    static func uniqueRun(_ kernel: Kernel = mix) -> [ColorCubeBaker.Step] {
        let value = Float.random(in: 0.2...0.6)
        let arguments: [KernelValue] = kernel.name == gain.name ? [.vec3(SIMD3(value, 1, value))] : [.float(value)]
        return [
            .init(BuiltInKernels.srgbToLinear), .init(kernel, KernelArguments(arguments)),
            .init(BuiltInKernels.linearToSRGB)
        ]
    }

    /// `store` once the writes asked for so far are done (they happen on a background queue).
    static func settled(_ store: BakedCubeStore) -> BakedCubeStore {
        BakedCubeStore.waitForWrites()
        return store
    }

    struct Folder: ~Copyable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("iris-cubes-\(UUID())").path
        var store: BakedCubeStore { BakedCubeStore(directory: path) }
        /// The folder's files once the writes asked for so far are done.
        var files: [String] {
            BakedCubeStore.waitForWrites()
            return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func aBakeIsStoredAndReadsBackBitForBit() throws {
        let folder = Folder()
        let run = Self.uniqueRun()
        let cube = try #require(ColorCubeBaker.cube(for: run, colorManagement: true, store: folder.store))
        #expect(folder.files.count == 1)
        guard
            case let .cube(stored)? = Self.settled(folder.store).load(
                BakedCubeStore.Key(run: run, colorManagement: true))
        else {
            Issue.record("no cube read back")
            return
        }
        #expect(stored.size == cube.size)
        #expect(stored.entries.map(\.x.bitPattern) == cube.entries.map(\.x.bitPattern))
        #expect(stored.entries.map(\.w.bitPattern) == cube.entries.map(\.w.bitPattern))
        #expect(stored.entries == cube.entries)
    }

    /// Part way to the pixel's mean: mixes channels, affinely, so a run through it has a `ChannelMatrixForm`.
    static let mix = Kernel(color: "bakedCubeStoreTestMix") { s0, p in
        vec4(s0.rgb.mixed(with: vec3(s0.rgb.dot(vec3(1.0 / 3))), p.float("amount")), s0.a)
    }

    /// A cube's `ChannelMatrixForm` is stored with it and reads back table for table.
    @Test func aCubesFormIsStoredWithIt() throws {
        let folder = Folder()
        let run = Self.uniqueRun()
        let cube = try #require(ColorCubeBaker.cube(for: run, colorManagement: true, store: folder.store))
        let form = try #require(cube.channelMatrix)
        guard
            case let .cube(stored)? = Self.settled(folder.store).load(
                BakedCubeStore.Key(run: run, colorManagement: true)),
            let read = stored.channelMatrix
        else {
            Issue.record("no cube with a form read back")
            return
        }
        #expect(stored.entries == cube.entries)
        #expect(read.before == form.before && read.after == form.after && read.endsEncoded == form.endsEncoded)
        #expect(read.rows == form.rows && read.offset == form.offset)
        #expect(read.afterStart == form.afterStart && read.afterScale == form.afterScale)
        // Channels that share a table in the form share it read back too.
        read.before[0].withUnsafeBufferPointer { a in
            read.before[2].withUnsafeBufferPointer { b in #expect(a.baseAddress == b.baseAddress) }
        }
    }

    /// The baker reads the store before baking: a cube stored for a run comes back as it was stored, though
    /// baking the run would give another.
    @Test func theBakerTakesTheStoredCube() throws {
        let folder = Folder()
        let run = Self.uniqueRun()
        let swapped = ColorCube(size: 17) { rgb in SIMD4(rgb.z, rgb.y, rgb.x, 1) }
        folder.store.save(.cube(swapped), for: BakedCubeStore.Key(run: run, colorManagement: true))
        BakedCubeStore.waitForWrites()
        let cube = try #require(ColorCubeBaker.cube(for: run, colorManagement: true, store: folder.store))
        #expect(cube.size == 17)
        #expect(cube.sample(SIMD3(1, 0, 0)) == SIMD4(0, 0, 1, 1))
    }

    @Test func aRunWithNoCubeIsStoredAsSuch() {
        let folder = Folder()
        let run = Self.uniqueRun(Self.threshold)
        #expect(ColorCubeBaker.cube(for: run, colorManagement: true, store: folder.store) == nil)
        guard case .unbakeable? = Self.settled(folder.store).load(BakedCubeStore.Key(run: run, colorManagement: true))
        else {
            Issue.record("the failed bake was not stored")
            return
        }
        #expect(folder.files.count == 1)
    }

    @Test func aDamagedTruncatedOrMisfiledFileIsIgnored() throws {
        let folder = Folder()
        let key = BakedCubeStore.Key(run: Self.uniqueRun(), colorManagement: true)
        let other = BakedCubeStore.Key(run: Self.uniqueRun(), colorManagement: true)
        folder.store.save(.cube(ColorCube(size: 17) { SIMD4($0, 1) }), for: key)
        BakedCubeStore.waitForWrites()
        let path = folder.path + "/" + key.fileName
        let good = try #require(FileManager.default.contents(atPath: path))
        #expect(Self.settled(folder.store).load(key) != nil)

        var flipped = good
        flipped[good.count / 2] ^= 0x10
        try flipped.write(to: URL(fileURLWithPath: path))
        #expect(Self.settled(folder.store).load(key) == nil)

        try good.dropLast().write(to: URL(fileURLWithPath: path))
        #expect(Self.settled(folder.store).load(key) == nil)

        try good.write(to: URL(fileURLWithPath: folder.path + "/" + other.fileName))
        #expect(Self.settled(folder.store).load(other) == nil)
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(Self.settled(folder.store).load(key) == nil)
    }

    /// Every kernel, argument bit and the colour management are part of the key.
    @Test func keysDifferWithTheRun() {
        let a = Self.uniqueRun(), b = Self.uniqueRun()
        #expect(BakedCubeStore.Key(run: a, colorManagement: true) == BakedCubeStore.Key(run: a, colorManagement: true))
        #expect(BakedCubeStore.Key(run: a, colorManagement: true) != BakedCubeStore.Key(run: b, colorManagement: true))
        #expect(BakedCubeStore.Key(run: a, colorManagement: true) != BakedCubeStore.Key(run: a, colorManagement: false))
        #expect(
            BakedCubeStore.Key(run: a, colorManagement: true)
                != BakedCubeStore.Key(run: Array(a.dropLast()), colorManagement: true))
        #expect(BakedCubeStore.Key(run: a, colorManagement: true).fileName.hasSuffix(".cube-bake"))
    }

    /// A folder that cannot be made (its parent is a file) stores nothing, and the baker still bakes.
    @Test func anUnwritableFolderIsLeftAlone() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let blocker = folder.path + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let store = BakedCubeStore(directory: blocker + "/cubes")
        let run = Self.uniqueRun()
        let cube = try #require(ColorCubeBaker.cube(for: run, colorManagement: true, store: store))
        #expect(cube.sample(SIMD3(0.5, 0.5, 0.5)).y > 0.49)
        #expect(Self.settled(store).load(BakedCubeStore.Key(run: run, colorManagement: true)) == nil)
        #expect(folder.files == ["file"])
    }

    /// Past `maximumBytes` the oldest files go.
    @Test func theFolderIsTrimmedOldestFirst() throws {
        let folder = Folder()
        let cube = ColorCube(size: 17) { SIMD4($0, 1) }
        let first = BakedCubeStore.Key(run: Self.uniqueRun(), colorManagement: true)
        let second = BakedCubeStore.Key(run: Self.uniqueRun(), colorManagement: true)
        let third = BakedCubeStore.Key(run: Self.uniqueRun(), colorManagement: true)
        let oneFile = BakedCubeStore.encode(.cube(cube), key: first).count
        let store = BakedCubeStore(directory: folder.path, maximumBytes: 2 * oneFile + 100, maximumWrites: 10)
        store.save(.cube(cube), for: first)
        BakedCubeStore.waitForWrites()
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: folder.path + "/" + first.fileName)
        store.save(.cube(cube), for: second)
        #expect(folder.files.count == 2)
        store.save(.cube(cube), for: third)
        #expect(folder.files == [second.fileName, third.fileName].sorted())
        #expect(Self.settled(store).load(first) == nil && Self.settled(store).load(third) != nil)
        // A write that never finished: its hidden temporary file goes once it is ten minutes old.
        let stale = folder.path + "/.dat.nosync-killed", fresh = folder.path + "/.dat.nosync-writing"
        try Data("half".utf8).write(to: URL(fileURLWithPath: stale))
        try Data("half".utf8).write(to: URL(fileURLWithPath: fresh))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -900)], ofItemAtPath: stale)
        store.save(.cube(cube), for: first)
        BakedCubeStore.waitForWrites()
        #expect(!FileManager.default.fileExists(atPath: stale) && FileManager.default.fileExists(atPath: fresh))
    }

    /// A process writes at most `maximumWrites` files into one folder; reading goes on.
    @Test func writesStopAtTheLimit() {
        let folder = Folder()
        let store = BakedCubeStore(directory: folder.path, maximumWrites: 3)
        let cube = ColorCube(size: 17) { SIMD4($0, 1) }
        let keys = (0..<5).map { _ in BakedCubeStore.Key(run: Self.uniqueRun(), colorManagement: true) }
        for key in keys { store.save(.cube(cube), for: key) }
        #expect(folder.files.count == 3)
        #expect(Self.settled(store).load(keys[0]) != nil && Self.settled(store).load(keys[4]) == nil)
    }

    /// A per-channel run bakes in a millisecond and is not stored; a mixing one is.
    @Test func perChannelBakesAreNotStored() throws {
        let folder = Folder()
        let curve = Self.uniqueRun(Self.gain)
        #expect(try #require(ColorCubeBaker.cube(for: curve, colorManagement: true, store: folder.store)).isSeparable)
        #expect(folder.files.isEmpty)
        #expect(ColorCubeBaker.cube(for: Self.uniqueRun(), colorManagement: true, store: folder.store) != nil)
        #expect(folder.files.count == 1)
    }

    /// `IRIS_CACHE_DIR` names the folder (empty turns the store off), then `XDG_CACHE_HOME`, then the home.
    @Test func theStandardFolderFollowsTheEnvironment() {
        func folder(_ environment: [String: String]) -> String? { BakedCubeStore.standard(environment)?.directory }
        #expect(folder(["IRIS_CACHE_DIR": "/srv/iris", "XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/srv/iris/cubes")
        #expect(folder(["IRIS_CACHE_DIR": "", "HOME": "/h"]) == nil)
        #expect(folder(["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x/iris/cubes")
        #expect(folder(["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/iris/cubes")
        #expect(folder([:]) == nil)
    }
}
