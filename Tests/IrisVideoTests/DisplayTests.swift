import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// The DRM/KMS preview without a card (this host has no /dev/dri): typed errors for paths that are not
/// cards, the mode-choice rules, and the letterbox geometry and recipe. Real display (vkms, both renderers,
/// writeback read-back) is checked in the QEMU guest by tools/vm-test (iris-guest-checks).
@Suite struct DisplayTests {
    @Test func missingCardIsNoSuchCard() {
        #expect(throws: DisplayError.noSuchCard(path: "/dev/dri/card-iris-none")) {
            _ = try DisplayCard(path: "/dev/dri/card-iris-none")
        }
        #expect(throws: DisplayError.noSuchCard(path: "/dev/dri/card-iris-none")) {
            _ = try Display(card: "/dev/dri/card-iris-none")
        }
    }

    @Test func noCardsAtAllIsNoCard() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("iris-dri-\(getpid())").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(DisplayCard.cardPaths(directory: empty).isEmpty)
        #expect(DisplayCard.cardPaths(directory: "/nonexistent-iris").isEmpty)
        if DisplayCard.cardPaths().isEmpty {
            #expect(throws: DisplayError.noCard) { _ = try Display() }
        }
    }

    @Test func nonDRMFileIsNotKMSDevice() {
        do {
            _ = try DisplayCard(path: "/dev/null")
            Issue.record("/dev/null opened as a DRM card")
        } catch let error {
            guard case .notKMSDevice(let path, _) = error else {
                Issue.record("expected .notKMSDevice, got \(error)")
                return
            }
            #expect(path == "/dev/null")
        }
    }

    @Test func cardPathsSortNumerically() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("iris-dri-sort-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["card10", "card2", "renderD128", "card0"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: nil)
        }
        #expect(DisplayCard.cardPaths(directory: dir) == ["card0", "card2", "card10"].map { dir + "/" + $0 })
    }

    @Test func modeRequestParsing() {
        #expect(ModeRequest("640x480") == ModeRequest(width: 640, height: 480))
        #expect(ModeRequest("1920x1080@50") == ModeRequest(width: 1920, height: 1080, refresh: 50))
        for bad in ["", "640", "640x", "x480", "0x480", "640x480@", "640x480@fast", "-1x2"] {
            #expect(ModeRequest(bad) == nil, "\(bad)")
        }
    }

    private func resources(_ connectors: [DisplayConnector]) -> DisplayResources {
        DisplayResources(
            connectors: connectors, crtcs: [DisplayCRTC(id: 35, index: 0, framebuffer: 0, mode: nil)], planes: [],
            minWidth: 0, maxWidth: 4096, minHeight: 0, maxHeight: 4096)
    }
    private let modes = [
        DisplayMode(width: 1920, height: 1080, refresh: 60),
        DisplayMode(width: 1024, height: 768, refresh: 60, preferred: true),
        DisplayMode(width: 640, height: 480, refresh: 75), DisplayMode(width: 640, height: 480, refresh: 60)
    ]

    @Test func choosesPreferredModeOfFirstConnectedConnector() throws {
        let res = resources([
            DisplayConnector(id: 1, name: "HDMI-A-1", connected: false, modes: []),
            DisplayConnector(id: 2, name: "Writeback-1", connected: true, isWriteback: true, modes: modes),
            DisplayConnector(id: 3, name: "Virtual-1", connected: true, modes: modes)
        ])
        let choice = try ModeChoice.choose(in: res, path: "/dev/dri/card0")
        #expect(
            choice.connector.name == "Virtual-1" && choice.mode.width == 1024 && choice.mode.preferred
                && choice.crtc.id == 35)
        let asked = try ModeChoice.choose(in: res, mode: ModeRequest(width: 640, height: 480), path: "/dev/dri/card0")
        #expect(asked.mode.width == 640 && asked.mode.refresh == 75)
        let rate = try ModeChoice.choose(
            in: res, mode: ModeRequest(width: 640, height: 480, refresh: 60), path: "/dev/dri/card0")
        #expect(rate.mode.refresh == 60)
    }

    @Test func modeNotOfferedAndNoConnectorAreTyped() {
        let res = resources([DisplayConnector(id: 3, name: "Virtual-1", connected: true, modes: modes)])
        do {
            _ = try ModeChoice.choose(in: res, mode: ModeRequest(width: 123, height: 45), path: "/dev/dri/card0")
            Issue.record("123x45 was chosen")
        } catch let error {
            guard case let .modeNotOffered(path, connector, requested, offered) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "/dev/dri/card0" && connector == "Virtual-1" && requested == "123x45" && offered.count == 4)
        }
        let dark = resources([DisplayConnector(id: 1, name: "HDMI-A-1", connected: false, modes: [])])
        #expect(
            throws: DisplayError.noConnectedConnector(
                path: "/dev/dri/card0", connectors: ["HDMI-A-1 (connector 1): disconnected, 0 modes"])
        ) {
            _ = try ModeChoice.choose(in: dark, path: "/dev/dri/card0")
        }
        #expect(throws: DisplayError.self) {
            _ = try ModeChoice.choose(in: res, connector: "DSI-1", path: "/dev/dri/card0")
        }
    }

    @Test func letterboxGeometry() {
        let wide = Letterbox(source: (160, 90), display: (640, 480))  // 16:9 on 4:3: bars top and bottom
        #expect(wide.scale == 4 && wide.content == Rect(x: 0, y: 60, width: 640, height: 360))
        #expect(wide.bars == [Rect(x: 0, y: 0, width: 640, height: 60), Rect(x: 0, y: 420, width: 640, height: 60)])
        let tall = Letterbox(source: (480, 640), display: (1920, 1080))  // portrait on landscape: pillarbox
        #expect(tall.scale == 1.6875 && tall.content == Rect(x: 555, y: 0, width: 810, height: 1080))
        #expect(tall.bars.count == 2 && tall.bars.allSatisfy { $0.height == 1080 && $0.width == 555 })
        let same = Letterbox(source: (1280, 720), display: (1920, 1080))  // same aspect: fills, no bars
        #expect(same.content == Rect(x: 0, y: 0, width: 1920, height: 1080) && same.bars.isEmpty)
        let odd = Letterbox(source: (1280, 720), display: (1024, 768))
        #expect(odd.scale == 0.8 && odd.content == Rect(x: 0, y: 96, width: 1024, height: 576))
        let p = wide.transform(sourceOrigin: Point(x: 0, y: 0)).apply(Point(x: 160, y: 90))
        #expect(p == Point(x: 640, y: 420))
    }

    @Test func letterboxedRecipeCoversTheDisplay() {
        let frame = Image(buffer: PixelBuffer(width: 160, height: 90, format: .rgba8))
        let screen = frame.letterboxed(width: 640, height: 480)
        #expect(screen.extent == Rect(width: 640, height: 480))
        let exact = Image(buffer: PixelBuffer(width: 640, height: 480, format: .rgba8))
        #expect(exact.letterboxed(width: 640, height: 480) === exact)
        let shifted = frame.transformed(by: AffineTransform(translationX: 10, y: -5)).letterboxed(
            width: 320, height: 240)
        #expect(shifted.extent == Rect(width: 320, height: 240))
    }

    @Test func fourCCNames() {
        #expect(ScanoutBuffer.xrgb8888.code == 0x3432_5258)
        #expect(ScanoutBuffer.xrgb8888.name == "XR24")
    }

    /// Frames of another size go to the first overlay plane that can drive the display's CRTC and takes
    /// XRGB8888; primary and cursor planes, and planes of other CRTCs, are never chosen.
    @Test func theScalingPlaneIsAnOverlayOnTheCRTC() {
        func resources(_ planes: [DisplayPlane]) -> DisplayResources {
            DisplayResources(
                connectors: [], crtcs: [], planes: planes, minWidth: 0, maxWidth: 4096, minHeight: 0, maxHeight: 4096)
        }
        func plane(_ id: UInt32, _ kind: DisplayPlane.Kind, crtcs: UInt32, formats: [String] = ["XR24", "AR24"])
            -> DisplayPlane
        {
            DisplayPlane(
                id: id, kind: kind, formats: formats, possibleCRTCs: crtcs, currentCRTC: 0, currentFramebuffer: 0)
        }
        let primaryAndCursor = resources([plane(31, .primary, crtcs: 1), plane(32, .cursor, crtcs: 1)])
        #expect(ScalingPlane.choose(in: primaryAndCursor, crtcIndex: 0) == nil)
        let overlays = resources([
            plane(31, .primary, crtcs: 1), plane(40, .overlay, crtcs: 2),
            plane(41, .overlay, crtcs: 1, formats: ["NV12"]),
            plane(42, .overlay, crtcs: 3)
        ])
        #expect(ScalingPlane.choose(in: overlays, crtcIndex: 0) == 42)
        #expect(ScalingPlane.choose(in: overlays, crtcIndex: 1) == 40)
        #expect(ScalingPlane.choose(in: overlays, crtcIndex: 2) == nil)
    }
}
