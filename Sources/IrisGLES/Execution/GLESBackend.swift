import CEGL
import IrisCore

/// Everything GL: the context, the caches and pools. Lives on, and only on, the renderer's GL thread.
final class GLESBackend {
    let session: EGLSession
    let capabilities: GLCapabilities
    let info: GLESInfo
    let programs = ProgramCache()
    let pool = TexturePool()
    /// Uploads, readbacks and the CPU copies around them, for `GLESRenderer.traffic`.
    let traffic: ByteTrafficCounter
    let uploader: PlaneUploader
    let cubeTextures: CubeTextureCache
    let triangle: FullScreenTriangle
    /// The encoder-plane passes' programs, compiled when a render first asks for planes.
    let encoderPlanes = EncoderPlanePasses()
    /// A 1×1 transparent texture bound where a pass samples something the tile left empty.
    let placeholder: PooledTexture
    /// Camera planes in dmabufs, imported instead of uploaded where EGL allows it.
    let importer: DMABufImporter
    /// Pixel buffer objects for readbacks that do not wait (GLES 3); nil on GLES 2.
    let packBuffers: PixelPackBuffers?
    /// Readbacks submitted and not yet collected, by the id their `PendingRender` holds.
    private var packed: [Int: PackedReadback] = [:]
    private var lastPackedID = 0

    /// What `submit` started: a finished render, or the id of a readback still under way.
    enum Submitted: Sendable {
        case finished(EncodedRender)
        case pending(id: Int)
    }

    init(
        options: GLESRenderer.Options, traffic: ByteTrafficCounter = ByteTrafficCounter(),
        planeImport: PlaneImportReport = PlaneImportReport()
    ) throws(RenderError) {
        self.traffic = traffic
        uploader = PlaneUploader(traffic: traffic)
        cubeTextures = CubeTextureCache(traffic: traffic)
        session = try EGLSession.open(preference: options.platform, devicePath: options.devicePath)
        do {
            capabilities = GLCapabilities(options: options)
            packBuffers = PixelPackBuffers(capabilities: capabilities, allowed: options.asynchronousReadback)
            info = capabilities.info(platform: session.platform, readsBackAsynchronously: packBuffers != nil)
            importer = DMABufImporter(
                session: session, capabilities: capabilities, info: info, policy: options.dmabufImport,
                report: planeImport)
            triangle = try FullScreenTriangle()
            placeholder = try pool.acquire(width: 1, height: 1, format: .rgba8, renderable: false)
            var transparent: [UInt8] = [0, 0, 0, 0]
            glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, 0, 0, 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &transparent)
        } catch {
            session.close()
            throw error
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        // Dithering is on by default and would perturb RGBA8 results on some GPUs; blending must not mix passes.
        glDisable(GLenum(GL_DITHER))
        glDisable(GLenum(GL_BLEND))
    }

    /// Renders a plan already validated against the renderer's `planRequirements`.
    func render(_ plan: RenderPlan) throws(RenderError) -> PixelBuffer {
        var execution = PlanExecution(backend: self, plan: plan)
        defer {
            pool.endRender()
            importer.endRender()
            cubeTextures.trim()
        }
        return try execution.run()
    }

    /// Renders a plan once with each step timed (`GLESStageTimes`): to RGBA, or to `encoding`'s planes.
    func timeStages(_ plan: RenderPlan, encoding: EncoderPlanes?) throws(RenderError) -> GLESStageTimes {
        var execution = PlanExecution(backend: self, plan: plan)
        defer {
            pool.endRender()
            importer.endRender()
            cubeTextures.trim()
        }
        // Programs and cubes are made inside `run` (cached after a first render; a cube's upload counts as upload).
        let clock = GLESStageClock()
        execution.clock = clock
        if let encoding {
            _ = try execution.run(encoding: encoding, keepingPicture: false)
        } else {
            _ = try execution.run()
        }
        return clock.times
    }

    /// Renders a plan and draws the encoder's planes from its output on the GPU (then hands the output to
    /// `present`, when given and the output is the picture's size).
    func render(
        _ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool,
        present: PlanExecution.Presentation? = nil
    ) throws(RenderError) -> EncodedRender {
        var execution = PlanExecution(backend: self, plan: plan)
        defer {
            pool.endRender()
            importer.endRender()
            cubeTextures.trim()
        }
        return try execution.run(encoding: encoding, keepingPicture: keepingPicture, present: present)
    }

    /// Renders a plan and starts reading its encoder planes (and picture) into a pixel buffer object.
    func submit(
        _ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool, present: PlanExecution.Presentation? = nil
    ) throws(RenderError) -> Submitted {
        guard let packs = packBuffers else {
            return .finished(try render(plan, encoding: encoding, keepingPicture: keepingPicture, present: present))
        }
        var execution = PlanExecution(backend: self, plan: plan)
        defer {
            pool.endRender()
            importer.endRender()
            cubeTextures.trim()
        }
        switch try execution.submit(encoding: encoding, keepingPicture: keepingPicture, packs: packs, present: present)
        {
        case .finished(let render):
            return .finished(render)
        case .packed(let readback):
            lastPackedID += 1
            packed[lastPackedID] = readback
            return .pending(id: lastPackedID)
        }
    }

    /// Waits for readback `id` and returns its planes, which read the mapped buffer in place;
    /// `giveBack(buffer, byteCount)` runs once they are let go, and must bring the buffer back to this
    /// thread's `packBuffers.unmapAndGive`.
    func collect(_ id: Int, giveBack: @escaping @Sendable (GLuint, Int) -> Void) throws(RenderError)
        -> EncodedRender
    {
        guard let readback = packed.removeValue(forKey: id), let packs = packBuffers else {
            throw .deviceUnavailable(renderer: "gles", reason: "readback \(id) is not pending")
        }
        let buffer = readback.buffer, byteCount = readback.byteCount
        return try readback.collect(packs) { giveBack(buffer, byteCount) }
    }

    /// Lets readback `id` go unread.
    func discard(_ id: Int) {
        guard let readback = packed.removeValue(forKey: id), let packs = packBuffers else { return }
        readback.discard(packs)
    }

    func close() {
        for id in Array(packed.keys) { discard(id) }
        packBuffers?.removeAll()
        programs.removeAll()
        encoderPlanes.delete()
        importer.delete()
        pool.release(placeholder)
        pool.removeAll()
        cubeTextures.removeAll()
        triangle.delete()
        session.close()
    }
}
