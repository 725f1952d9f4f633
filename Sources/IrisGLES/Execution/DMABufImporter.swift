import CEGL
import IrisCore
#if canImport(Glibc)
    import Glibc
#endif

/// Imports planes that live in a dmabuf (a camera's lent capture buffer) as textures through
/// `EGL_EXT_image_dma_buf_import`, so the GPU samples the camera's memory and nothing is uploaded. Each
/// plane is imported as a one-, two- or four-byte-a-texel image (DRM's R8, GR88, ABGR8888), which samples
/// exactly like the R8/RG8/RGBA8 texture an upload would make. The path is chosen when the renderer
/// starts, from what EGL and GL offer, and every new image is checked once against the plane's mapped
/// memory (drawn into a small RGBA target and read back): one that reads differently turns import off for
/// the renderer, with the reason, and the plane is uploaded instead. It never gives a wrong picture.
/// Lives on the renderer's GL thread.
final class DMABufImporter {
    private typealias CreateImage =
        @convention(c) (
            EGLDisplay?, EGLContext?, EGLenum, EGLClientBuffer?, UnsafePointer<EGLint>?
        ) -> EGLImageKHR?
    private typealias DestroyImage = @convention(c) (EGLDisplay?, EGLImageKHR?) -> EGLBoolean
    private typealias TargetTexture = @convention(c) (GLenum, GLeglImageOES?) -> Void

    private struct Entry {
        let image: EGLImageKHR
        let texture: GLuint
    }

    /// An image is the same while its dmabuf (by inode: descriptors are reused), place and shape are.
    private struct Key: Hashable {
        let inode: UInt64
        let offset: Int
        let bytesPerRow: Int
        let width: Int
        let height: Int
        let fourCC: UInt32
    }

    private let display: EGLDisplay
    private let createImage: CreateImage?
    private let destroyImage: DestroyImage?
    private let targetTexture: TargetTexture?
    private var cache: [Key: Entry] = [:]
    private var order: [Key] = []
    private var checker: ImportChecker?
    /// Images let go of during a render: the render's other planes may still sample them, so they are
    /// deleted when it ends.
    private var retired: [Entry] = []
    let report: PlaneImportReport

    /// Buffers a camera cycles through, and then some: older images are let go.
    private static let cacheLimit = 16

    init(
        session: EGLSession, capabilities: GLCapabilities, info: GLESInfo, policy: DMABufImportPolicy,
        report: PlaneImportReport
    ) {
        display = session.display
        self.report = report
        let eglExtensions = Set(
            (eglQueryString(session.display, EGL_EXTENSIONS).map { String(cString: $0) } ?? "").split(separator: " ")
                .map(String.init))
        var missing: [String] = []
        if !eglExtensions.contains("EGL_EXT_image_dma_buf_import") { missing.append("EGL_EXT_image_dma_buf_import") }
        if !eglExtensions.contains("EGL_KHR_image_base") { missing.append("EGL_KHR_image_base") }
        if !capabilities.extensions.contains("GL_OES_EGL_image") { missing.append("GL_OES_EGL_image") }
        if !capabilities.usesTextureRG { missing.append("RG textures (GL_EXT_texture_rg)") }
        createImage = eglGetProcAddress("eglCreateImageKHR").map { unsafeBitCast($0, to: CreateImage.self) }
        destroyImage = eglGetProcAddress("eglDestroyImageKHR").map { unsafeBitCast($0, to: DestroyImage.self) }
        targetTexture = eglGetProcAddress("glEGLImageTargetTexture2DOES").map {
            unsafeBitCast($0, to: TargetTexture.self)
        }
        if createImage == nil || destroyImage == nil || targetTexture == nil {
            missing.append("the image entry points")
        }
        if policy == .never {
            report.set(.unavailable("turned off (GLESRenderer.Options.dmabufImport)"))
        } else if info.isSoftwareRasterizer && policy == .automatic {
            // Mesa 22's kms_swrast maps an imported dmabuf through the card, which refuses imported objects:
            // the image is made without an error and the rasteriser then reads a null pointer (seen in the QEMU
            // guest with vivid's buffers). A software rasteriser reads host memory anyway.
            report.set(
                .unavailable(
                    "\(info.renderer) is a software rasteriser, which cannot map another device's dmabuf (Mesa 22's "
                        + "kms_swrast reads a null pointer for a camera's buffer)"))
        } else if missing.isEmpty {
            report.set(.available)
        } else {
            report.set(.unavailable("the \(session.platform) display lacks " + missing.joined(separator: ", ")))
        }
    }

    var isEnabled: Bool { report.status.isUsable }

    /// A texture that samples `leaf`'s plane in its dmabuf, or nil: import is off, the plane is not in a
    /// dmabuf, the tile needs only part of it, or this image failed (then import is off from now on).
    func texture(for leaf: RenderPlan.Leaf, rect: Rect, format: TextureFormat, backend: GLESBackend) -> PooledTexture? {
        guard isEnabled, let dmabuf = leaf.buffer.planes[leaf.plane].borrowedMemory?.dmabuf,
            leaf.plane < dmabuf.planes.count,
            rect.minX == 0, rect.minY == 0, Int(rect.width) == leaf.width, Int(rect.height) == leaf.height,
            let fourCC = Self.drmFourCC(bytesPerTexel: format.bytesPerTexel)
        else { return nil }
        let plane = dmabuf.planes[leaf.plane]
        var st = stat()
        guard fstat(plane.fd, &st) == 0 else { return nil }
        let key = Key(
            inode: UInt64(st.st_ino), offset: plane.offset, bytesPerRow: plane.bytesPerRow, width: leaf.width,
            height: leaf.height, fourCC: fourCC)
        if let entry = cache[key] {
            return PooledTexture(
                texture: entry.texture, framebuffer: 0, width: leaf.width, height: leaf.height, format: format)
        }
        guard let entry = makeImage(plane, key: key) else { return nil }
        let texture = PooledTexture(
            texture: entry.texture, framebuffer: 0, width: leaf.width, height: leaf.height, format: format)
        // Every new image is checked once against the memory it maps.
        do {
            if checker == nil { checker = try ImportChecker() }
            let mismatch = try leaf.buffer.planes[leaf.plane].withUnsafeBytes { bytes throws(RenderError) in
                try checker?.compare(texture, against: bytes, bytesPerRow: plane.bytesPerRow, backend: backend)
            }
            if let mismatch {
                destroy(entry)
                refuse(
                    "an imported \(dmabuf.fourCC) plane \(leaf.plane) reads differently from its mapped memory: \(mismatch)"
                )
                return nil
            }
        } catch {
            destroy(entry)
            refuse("checking an imported plane failed: \(error)")
            return nil
        }
        cache[key] = entry
        order.append(key)
        if order.count > Self.cacheLimit, let oldest = cache.removeValue(forKey: order.removeFirst()) {
            retired.append(oldest)
        }
        report.set(.importing)
        return texture
    }

    private func makeImage(_ plane: DMABuf.Plane, key: Key) -> Entry? {
        guard let createImage, let targetTexture else { return nil }
        let attributes: [EGLint] = [
            EGL_WIDTH, EGLint(key.width), EGL_HEIGHT, EGLint(key.height),
            EGL_LINUX_DRM_FOURCC_EXT, EGLint(bitPattern: key.fourCC),
            EGL_DMA_BUF_PLANE0_FD_EXT, plane.fd,
            EGL_DMA_BUF_PLANE0_OFFSET_EXT, EGLint(plane.offset),
            EGL_DMA_BUF_PLANE0_PITCH_EXT, EGLint(plane.bytesPerRow),
            EGL_NONE
        ]
        let image = attributes.withUnsafeBufferPointer {
            createImage(display, nil, EGLenum(EGL_LINUX_DMA_BUF_EXT), nil, $0.baseAddress)
        }
        guard let image else {
            refuse(String(format: "eglCreateImageKHR refused the dmabuf (EGL error 0x%04x)", eglGetError()))
            return nil
        }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        for (name, value) in [
            (GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
            (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)
        ] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
        }
        targetTexture(GLenum(GL_TEXTURE_2D), image)
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else {
            glDeleteTextures(1, &texture)
            _ = destroyImage?(display, image)
            refuse(String(format: "glEGLImageTargetTexture2DOES refused the image (GL error 0x%04x)", error))
            return nil
        }
        return Entry(image: image, texture: texture)
    }

    private func refuse(_ reason: String) {
        report.set(.refused(reason))
        retired += cache.values
        cache = [:]
        order = []
    }

    /// Deletes the images let go of during the render that just ended.
    func endRender() {
        retired.forEach(destroy)
        retired = []
    }

    private func destroy(_ entry: Entry) {
        var texture = entry.texture
        glDeleteTextures(1, &texture)
        _ = destroyImage?(display, entry.image)
    }

    func delete() {
        for entry in cache.values { destroy(entry) }
        endRender()
        cache = [:]
        checker?.delete()
    }

    /// DRM's single-plane formats whose texels are one, two or four bytes in memory order, as an upload reads them.
    static func drmFourCC(bytesPerTexel: Int) -> UInt32? {
        switch bytesPerTexel {
        case 1: return FourCC("R8  ").code
        case 2: return FourCC("GR88").code
        case 4: return FourCC("AB24").code
        default: return nil
        }
    }
}
