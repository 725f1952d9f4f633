import IrisCore

/// Renders `RenderPlan`s with OpenGL ES 2 through EGL: on a GPU's render node via GBM where there is one,
/// else on Mesa's surfaceless platform (llvmpipe on CI), else on an EGL device (NVIDIA's headless EGL).
/// Safe to share between threads: GL work runs on the renderer's own thread, and `execute` blocks until its
/// render is done.
///
///     let renderer = try GLESRenderer(options: .init(maximumTextureSize: 4096))
///     let pixels = try renderer.execute(plan)
public final class GLESRenderer: Renderer {
    /// How to set the renderer up. The defaults use everything the driver offers.
    public struct Options: Sendable {
        /// Lowers GL's texture limit (to exercise tiling, or to bound memory); nil keeps GL's.
        public var maximumTextureSize: Int?
        /// Intermediate passes in half float when the driver can render into it; false forces RGBA8.
        public var allowHalfFloat: Bool
        /// 1- and 2-channel planes as R8/RG8 when the driver has them; false forces LUMINANCE/LUMINANCE_ALPHA.
        public var allowTextureRG: Bool
        /// Forces an EGL platform; nil tries GBM on a render node, then surfaceless, then the EGL devices.
        public var platform: GLESPlatform?
        /// The DRM node to open GBM on instead of the render nodes: a card, to render into its scanout buffers.
        public var devicePath: String?
        /// Whether planes that live in a dmabuf (a camera's lent buffers) are imported through
        /// EGL_EXT_image_dma_buf_import or uploaded from their mapped memory (`planeImport` says which, and why).
        public var dmabufImport = DMABufImportPolicy.automatic
        /// Whether `submit` reads back into pixel buffer objects where GL has them (GLES 3); false makes every
        /// readback wait, as on GLES 2.
        public var asynchronousReadback = true

        public init(
            maximumTextureSize: Int? = nil, allowHalfFloat: Bool = true, allowTextureRG: Bool = true,
            platform: GLESPlatform? = nil, devicePath: String? = nil
        ) {
            self.maximumTextureSize = maximumTextureSize
            self.allowHalfFloat = allowHalfFloat
            self.allowTextureRG = allowTextureRG
            self.platform = platform
            self.devicePath = devicePath
        }
    }

    public let name = "gles"
    /// What the driver is and which of its features the renderer uses.
    public let info: GLESInfo
    let thread: GLThread

    /// Opens an EGL display and a GLES context on a new thread.
    /// Throws `RenderError.deviceUnavailable` when EGL or GLES cannot be set up.
    public init(options: Options = .init()) throws {
        (thread, info) = try GLThread.start(options: options)
    }

    deinit { thread.stop() }

    public var maximumTextureSize: Int { info.maximumTextureSize }

    /// GL's texture size and texture units; kernels need no Swift body. Colour cubes (CIColorCube, or a
    /// plan baked for the CPU) are applied from a texture atlas; GLES does not prefer them, because running
    /// a chain's kernels in the shader costs it less than four dependent texture reads.
    /// On a software rasteriser a baked cube (four reads from the atlas) costs less than the fused kernels'
    /// transfer curves and matrices: `iris bench` measured 1.04–1.20× the fused shader's speed on llvmpipe.
    /// On a GPU the kernels stay until a GPU measurement says otherwise.
    public var prefersColorCubes: Bool { info.isSoftwareRasterizer }

    /// On a software rasteriser each texture read is CPU work: reading an I420 frame's Cb and Cr with one
    /// read instead of two took the 720p camera chain's recording to 0.89× the wall time on llvmpipe, the
    /// CPU's interleaving included. A GPU reads textures in hardware and keeps the planes as they are.
    public var prefersInterleavedChroma: Bool { info.isSoftwareRasterizer }

    public var traffic: ByteTraffic { thread.traffic.total }

    /// How camera planes that live in a dmabuf reach the GPU: imported, or uploaded from their mapped memory
    /// and why (`DMABufImporter`).
    public var planeImport: PlaneImportStatus { thread.planeImport.status }

    public var planRequirements: PlanRequirements {
        PlanRequirements(
            maximumTextureSize: info.maximumTextureSize, maximumTexturesPerPass: info.maximumTextureUnits,
            executesColorCubes: true)
    }

    /// Throws `PlanError` for a plan it cannot run (checked on the caller's thread, so a bad plan costs the
    /// GL thread nothing), then `RenderError` for what GL refuses.
    public func execute(_ plan: RenderPlan) throws -> PixelBuffer {
        try plan.validate(planRequirements)
        return try thread.perform { backend throws(RenderError) in try backend.render(plan) }
    }

    /// Renders the plan, draws the encoder's planes and starts reading them (and the picture, when kept)
    /// into a pixel buffer object; returns once GL has the commands, without waiting for them. The
    /// `PendingRender` maps the buffer when its result is asked for, so submitting the next frame first lets
    /// this one's readback overlap that render. On GLES 2 (`info.readsBackAsynchronously` false), or for a
    /// plan split into tiles, the render finishes here.
    public func submit(_ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool) throws -> PendingRender {
        try plan.validate(planRequirements)
        let submitted = try thread.perform { backend throws(RenderError) in
            try backend.submit(plan, encoding: encoding, keepingPicture: keepingPicture)
        }
        return pendingRender(submitted)
    }

    /// What a caller waits on for a submitted render: finished already, or collected from its pixel buffer
    /// object on the GL thread.
    func pendingRender(_ submitted: GLESBackend.Submitted) -> PendingRender {
        switch submitted {
        case .finished(let render):
            return PendingRender(finished: render)
        case .pending(let id):
            // The planes borrow the mapped buffer; letting them go unmaps it on the GL thread. The renderer
            // stays alive while any are held, so the buffer outlives them.
            return PendingRender(
                collecting: { [self] in
                    try thread.perform { backend throws(RenderError) in
                        try backend.collect(id) { buffer, byteCount in
                            self.thread.performDetached { $0.packBuffers?.unmapAndGive(buffer, byteCount: byteCount) }
                        }
                    }
                },
                abandon: { [thread] in thread.performDetached { $0.discard(id) } })
        }
    }

    /// Renders `plan` once (to RGBA, or to `encoding`'s planes) with `glFinish` between the upload, the
    /// passes and the readback, and says how long each took: what `iris bench` reports per step.
    public func timeStages(_ plan: RenderPlan, encoding: EncoderPlanes? = nil) throws -> GLESStageTimes {
        try plan.validate(planRequirements)
        return try thread.perform { backend throws(RenderError) in try backend.timeStages(plan, encoding: encoding) }
    }

    /// The picture's encoder planes drawn on the GPU (`EncoderPlanePasses`): the readback is 1.5 bytes a
    /// pixel, plus the picture's 4 when it is kept.
    public func execute(_ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool) throws -> EncodedRender {
        try plan.validate(planRequirements)
        return try thread.perform { backend throws(RenderError) in
            try backend.render(plan, encoding: encoding, keepingPicture: keepingPicture)
        }
    }
}

/// When a GLES renderer imports dmabuf planes instead of uploading them.
public enum DMABufImportPolicy: Sendable {
    /// On a GPU whose display and GL offer it; never on a software rasteriser (Mesa 22's kms_swrast makes an
    /// image of another device's dmabuf without an error, then reads a null pointer when sampling it).
    case automatic
    /// Always upload.
    case never
    /// Also on a software rasteriser: for checking the import path where there is no GPU, with dmabufs the
    /// renderer's own card exported (the QEMU guest's check does this).
    case evenOnSoftwareRasterizers
}
