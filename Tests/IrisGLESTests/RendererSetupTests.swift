import IrisCore
import IrisGLES
import XCTest

final class RendererSetupTests: XCTestCase {
    func testReportsDriverFacts() throws {
        let gles = try renderer()
        print(gles.info)
        XCTAssertEqual(gles.name, "gles")
        XCTAssertFalse(gles.info.renderer.isEmpty)
        XCTAssertTrue(gles.info.version.hasPrefix("OpenGL ES"))
        XCTAssertGreaterThanOrEqual(gles.maximumTextureSize, 2048)
        XCTAssertTrue(gles.info.description.contains(gles.info.renderer))
        // GLES 2 guarantees 8 fragment texture units; plans are validated against what the driver has.
        XCTAssertGreaterThanOrEqual(gles.info.maximumTextureUnits, 8)
        XCTAssertEqual(gles.planRequirements.maximumTexturesPerPass, gles.info.maximumTextureUnits)
        XCTAssertEqual(gles.planRequirements.maximumTextureSize, gles.maximumTextureSize)
        XCTAssertFalse(gles.planRequirements.requiresCPUBodies)
    }

    func testLoweredMaximumTextureSizeIsReported() throws {
        let gles = try renderer(.init(maximumTextureSize: 256))
        XCTAssertEqual(gles.maximumTextureSize, 256)
        XCTAssertEqual(gles.info.maximumTextureSize, 256)
    }

    func testGBMWithoutRenderNodeIsATypedError() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/dri") else { throw XCTSkip("this machine has DRM nodes") }
        XCTAssertThrowsError(try GLESRenderer(options: .init(platform: .gbm))) { error in
            guard case .deviceUnavailable(renderer: "gles", _)? = error as? RenderError else {
                return XCTFail("\(error)")
            }
        }
    }

    func testDevicePlatformRendersWhereEGLEnumeratesDevices() throws {
        // Mesa enumerates its software device too, so this runs on CI; NVIDIA's headless EGL has only this platform.
        let gles: GLESRenderer
        do { gles = try GLESRenderer(options: .init(platform: .device)) } catch {
            guard case .deviceUnavailable(renderer: "gles", _)? = error as? RenderError else {
                return XCTFail("\(error)")
            }
            throw XCTSkip("no EGL device platform here: \(error)")
        }
        XCTAssertEqual(gles.info.platform, .device)
        let result = try gles.execute(
            plan(
                leaves: [], passes: [.init(root: .constant(SIMD4(0.25, 0.5, 0.75, 1)), extent: .infinite)],
                output: Rect(width: 4, height: 2), format: .rgba8))
        XCTAssertEqual(Array(result.planes[0].bytes.prefix(4)), [64, 128, 191, 255])
    }

    func testConstantIntoBGRAOutputStoresBytesAsGiven() throws {
        // The plan's root already swizzles for bgra8; the renderer stores R, G, B, A bytes as they come.
        let output = Rect(width: 4, height: 2)
        let result = try renderer().execute(
            plan(
                leaves: [], passes: [.init(root: .constant(SIMD4(0.25, 0.5, 0.75, 1)), extent: .infinite)],
                output: output, format: .bgra8))
        XCTAssertEqual(result.format, .bgra8)
        XCTAssertEqual(Array(result.planes[0].bytes.prefix(4)), [64, 128, 191, 255])
    }

    func testUnsupportedOutputFormatIsRefused() throws {
        let output = Rect(width: 4, height: 2)
        XCTAssertThrowsError(
            try renderer().execute(
                plan(
                    leaves: [], passes: [.init(root: .constant(.zero), extent: .infinite)],
                    output: output, format: .nv12))
        ) {
            XCTAssertEqual($0 as? PlanError, .unsupportedOutputFormat(.nv12))
        }
    }
}
