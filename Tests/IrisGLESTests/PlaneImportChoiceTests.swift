import IrisCore
import IrisGLES
import Testing

/// How a renderer will bring dmabuf planes onto the GPU is decided when it starts, from what the display and
/// GL offer, and said with its reason. Here (EGL surfaceless on llvmpipe) every way ends in uploads; the
/// import itself is checked in the QEMU guest with a buffer the card's own GBM device exported.
@Suite(.serialized) struct PlaneImportChoiceTests {
    static func renderer(_ policy: DMABufImportPolicy) throws -> GLESRenderer {
        var options = GLESRenderer.Options()
        options.dmabufImport = policy
        return try GLESRenderer(options: options)
    }

    @Test func aSoftwareRasteriserUploadsAndSaysWhy() throws {
        let gles = try Self.renderer(.automatic)
        try #require(gles.info.isSoftwareRasterizer, "this check is for llvmpipe")
        guard case .unavailable(let reason) = gles.planeImport else {
            Issue.record("\(gles.planeImport)")
            return
        }
        #expect(reason.contains(gles.info.renderer) && reason.contains("software rasteriser"))
        #expect(gles.planeImport.description.hasPrefix("uploaded from mapped memory: "))
    }

    @Test func turnedOffSaysSo() throws {
        #expect(try Self.renderer(.never).planeImport == .unavailable("turned off (GLESRenderer.Options.dmabufImport)"))
    }

    @Test func forcedOnASurfacelessDisplayNamesWhatItLacks() throws {
        let gles = try Self.renderer(.evenOnSoftwareRasterizers)
        guard gles.info.platform == .surfaceless else { return }
        guard case .unavailable(let reason) = gles.planeImport else {
            Issue.record("\(gles.planeImport)")
            return
        }
        #expect(reason.contains("surfaceless") && reason.contains("EGL_EXT_image_dma_buf_import"), "\(reason)")
    }
}
