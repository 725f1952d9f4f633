import IrisCore
import IrisGLES
import Foundation
import Testing

@Suite(.serialized) struct RendererSetupTests {
    @Test func reportsDriverFacts() throws {
        let gles = try renderer()
        print(gles.info)
        #expect(gles.name == "gles")
        #expect(!gles.info.renderer.isEmpty)
        #expect(gles.info.version.hasPrefix("OpenGL ES"))
        #expect(gles.maximumTextureSize >= 2048)
        #expect(gles.info.description.contains(gles.info.renderer))
        // GLES 2 guarantees 8 fragment texture units; plans are validated against what the driver has.
        #expect(gles.info.maximumTextureUnits >= 8)
        #expect(gles.planRequirements.maximumTexturesPerPass == gles.info.maximumTextureUnits)
        #expect(gles.planRequirements.maximumTextureSize == gles.maximumTextureSize)
        #expect(!gles.planRequirements.requiresCPUBodies)
    }

    @Test func loweredMaximumTextureSizeIsReported() throws {
        let gles = try renderer(.init(maximumTextureSize: 256))
        #expect(gles.maximumTextureSize == 256)
        #expect(gles.info.maximumTextureSize == 256)
    }

    @Test func gBMWithoutRenderNodeIsATypedError() throws {
        if FileManager.default.fileExists(atPath: "/dev/dri") { try Test.cancel("this machine has DRM nodes") }
        do {
            _ = try GLESRenderer(options: .init(platform: .gbm))
            Issue.record("expected an error")
        } catch {
            guard case .deviceUnavailable(renderer: "gles", _)? = error as? RenderError else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test func devicePlatformRendersWhereEGLEnumeratesDevices() throws {
        // Mesa enumerates its software device too, so this runs on CI; NVIDIA's headless EGL has only this platform.
        let gles: GLESRenderer
        do { gles = try GLESRenderer(options: .init(platform: .device)) } catch {
            guard case .deviceUnavailable(renderer: "gles", _)? = error as? RenderError else {
                Issue.record("\(error)")
                return
            }
            try Test.cancel("no EGL device platform here: \(error)")
        }
        #expect(gles.info.platform == .device)
        let result = try gles.execute(
            plan(
                leaves: [], passes: [.init(root: .constant(SIMD4(0.25, 0.5, 0.75, 1)), extent: .infinite)],
                output: Rect(width: 4, height: 2), format: .rgba8))
        #expect(Array(result.planes[0].bytes.prefix(4)) == [64, 128, 191, 255])
    }

    @Test func constantIntoBGRAOutputStoresBytesAsGiven() throws {
        // The plan's root already swizzles for bgra8; the renderer stores R, G, B, A bytes as they come.
        let output = Rect(width: 4, height: 2)
        let result = try renderer().execute(
            plan(
                leaves: [], passes: [.init(root: .constant(SIMD4(0.25, 0.5, 0.75, 1)), extent: .infinite)],
                output: output, format: .bgra8))
        #expect(result.format == .bgra8)
        #expect(Array(result.planes[0].bytes.prefix(4)) == [64, 128, 191, 255])
    }

    @Test func unsupportedOutputFormatIsRefused() throws {
        let output = Rect(width: 4, height: 2)
        do {
            _ = try renderer().execute(
                plan(
                    leaves: [], passes: [.init(root: .constant(.zero), extent: .infinite)],
                    output: output, format: .nv12))
            Issue.record("expected an error")
        } catch {
            #expect((error as? PlanError) == .unsupportedOutputFormat(.nv12))
        }
    }
}
