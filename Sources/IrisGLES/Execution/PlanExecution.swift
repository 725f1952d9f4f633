import CEGL
import IrisCore

/// One render of one plan: generates and compiles the passes' programs, then renders tile after tile
/// and reads each tile's output pass back into the output buffer. The plan has passed
/// `RenderPlan.validate` with the renderer's requirements, so indices, counts, channels and texture sizes
/// are trusted here.
struct PlanExecution {
    private let backend: GLESBackend
    private let plan: RenderPlan
    private var programs: [(generated: GeneratedProgram, compiled: CompiledProgram)] = []
    /// Per pass, the textures of its program's colour cubes.
    private var cubeTextures: [[GLuint]] = []
    /// Set for a timed render (`GLESRenderer.timeStages`): each step waits for the GL and is timed.
    var clock: GLESStageClock?

    init(backend: GLESBackend, plan: RenderPlan) {
        self.backend = backend
        self.plan = plan
    }

    mutating func run() throws(RenderError) -> PixelBuffer {
        try prepare()
        var output = PixelBuffer(
            width: Int(plan.outputRect.width), height: Int(plan.outputRect.height), format: plan.outputFormat)
        for tile in plan.tiles where !tile.output.isEmpty {
            try render(tile) { result throws(RenderError) in try read(result, tile: tile, into: &output) }
        }
        return output
    }

    /// Draws a render's output texture somewhere else once its readbacks are issued (a scanout surface's
    /// preview), so one render feeds the recording and the screen.
    typealias Presentation = (PooledTexture) throws(RenderError) -> Void

    /// Renders and draws the encoder's planes from the output texture (one tile), reading back the planes
    /// and, when kept, the picture, then hands the texture to `present` when it is the picture's size. A
    /// plan split into tiles reads its picture back and the CPU converts it (and presents nothing).
    mutating func run(
        encoding: EncoderPlanes, keepingPicture: Bool, present: Presentation? = nil
    ) throws(RenderError) -> EncodedRender {
        guard plan.tiles.count == 1, plan.tiles[0].output.contains(plan.outputRect) else {
            let picture = try run()
            let planes = EncoderPlaneConverter(encoding, from: plan.outputFormat).convert(picture)
            backend.traffic.add(ByteTraffic(cpuConverted: planes.planes.reduce(0) { $0 + $1.byteCount }))
            return EncodedRender(picture: keepingPicture ? picture : nil, planes: planes)
        }
        try prepare()
        let tile = plan.tiles[0]
        var picture: PixelBuffer?
        var planes: PixelBuffer?
        try render(tile) { result throws(RenderError) in
            if keepingPicture { picture = try readPicture(result, tile: tile) }
            guard result.width == Int(plan.outputRect.width), result.height == Int(plan.outputRect.height) else {
                planes = try convertOnTheCPU(result, tile: tile, encoding: encoding, picture: picture)
                return
            }
            planes = try backend.encoderPlanes.read(
                result, pictureFormat: plan.outputFormat, encoding: encoding, backend: backend)
            try present?(result)
        }
        guard let planes else { preconditionFailure("a one-tile plan's render delivered no output texture") }
        return EncodedRender(picture: picture, planes: planes)
    }

    /// What `submit` started.
    enum Submission {
        case finished(EncodedRender)
        case packed(PackedReadback)
    }

    /// `run(encoding:keepingPicture:)` with the readbacks going into a pixel buffer object and a fence after
    /// them, not waited for: a one-tile plan whose output pass is the picture's size. Anything else is
    /// rendered and read back here.
    mutating func submit(
        encoding: EncoderPlanes, keepingPicture: Bool, packs: PixelPackBuffers, present: Presentation? = nil
    ) throws(RenderError) -> Submission {
        let width = Int(plan.outputRect.width), height = Int(plan.outputRect.height)
        guard plan.tiles.count == 1, plan.tiles[0].output.contains(plan.outputRect) else {
            return .finished(try run(encoding: encoding, keepingPicture: keepingPicture))
        }
        try prepare()
        let tile = plan.tiles[0]
        var submission: Submission?
        try render(tile) { result throws(RenderError) in
            guard result.width == width, result.height == height else {
                let picture = keepingPicture ? try readPicture(result, tile: tile) : nil
                let planes = try convertOnTheCPU(result, tile: tile, encoding: encoding, picture: picture)
                submission = .finished(EncodedRender(picture: picture, planes: planes))
                return
            }
            let (offsets, planeBytes) = PackedReadback.planeOffsets(encoding, width: width, height: height)
            let pictureBytes = keepingPicture ? width * 4 * height : 0
            let byteCount = planeBytes + pictureBytes
            let buffer = packs.bind(byteCount: byteCount)
            do throws(RenderError) {
                try backend.encoderPlanes.read(
                    result, pictureFormat: plan.outputFormat, encoding: encoding, backend: backend,
                    packingAt: offsets)
                if keepingPicture {
                    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), result.framebuffer)
                    glReadPixels(
                        0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                        UnsafeMutableRawPointer(bitPattern: planeBytes))
                    backend.traffic.add(ByteTraffic(gpuReadBack: pictureBytes))
                    let error = glGetError()
                    guard error == GLenum(GL_NO_ERROR) else {
                        throw .gl(operation: "glReadPixels(\(width)×\(height)) into a buffer", code: Int(error))
                    }
                }
            } catch {
                packs.give(buffer, byteCount: byteCount, fence: packs.finishReads())
                throw error
            }
            let readback = PackedReadback(
                buffer: buffer, byteCount: byteCount, fence: packs.finishReads(), encoding: encoding,
                width: width, height: height,
                picture: keepingPicture ? (offset: planeBytes, format: plan.outputFormat) : nil)
            do throws(RenderError) { try present?(result) } catch {
                readback.discard(packs)
                throw error
            }
            submission = .packed(readback)
        }
        guard let submission else { preconditionFailure("a one-tile plan's render delivered no output texture") }
        return submission
    }

    /// The encoder planes converted on the CPU from the picture (read back here unless `picture` has it):
    /// for an output pass wider than the picture.
    private func convertOnTheCPU(
        _ result: PooledTexture, tile: RenderPlan.Tile, encoding: EncoderPlanes, picture: PixelBuffer?
    ) throws(RenderError) -> PixelBuffer {
        let output: PixelBuffer
        if let picture { output = picture } else { output = try readPicture(result, tile: tile) }
        let planes = EncoderPlaneConverter(encoding, from: plan.outputFormat).convert(output)
        backend.traffic.add(ByteTraffic(cpuConverted: planes.planes.reduce(0) { $0 + $1.byteCount }))
        return planes
    }

    /// The output pass's picture, read back whole (a one-tile plan).
    private func readPicture(_ result: PooledTexture, tile: RenderPlan.Tile) throws(RenderError) -> PixelBuffer {
        var output = PixelBuffer(
            width: Int(plan.outputRect.width), height: Int(plan.outputRect.height), format: plan.outputFormat)
        try read(result, tile: tile, into: &output)
        return output
    }

    /// Generates and compiles the passes' programs; `render(_:deliver:)` needs it done once per plan.
    mutating func prepare() throws(RenderError) {
        let capabilities = backend.capabilities
        backend.traffic.add(plan.planningTraffic)
        backend.programs.makeRoom()
        for index in plan.passes.indices {
            let generated = try PassShaderGenerator.generate(
                plan: plan, pass: index, planeUsesTextureRG: capabilities.usesTextureRG)
            programs.append((generated, try backend.programs.program(for: generated)))
            var textures: [GLuint] = []
            for cube in generated.cubes {
                textures.append(try backend.cubeTextures.texture(for: cube, format: capabilities.intermediateFormat))
            }
            cubeTextures.append(textures)
        }
        while glGetError() != GLenum(GL_NO_ERROR) {}
    }

    /// Renders one tile's passes and hands the output pass's texture to `deliver` (a readback, or a draw
    /// into a scanout surface) before the tile's textures go back to the pool.
    func render(_ tile: RenderPlan.Tile, deliver: (PooledTexture) throws(RenderError) -> Void) throws(RenderError) {
        var acquired: [PooledTexture] = []
        defer { acquired.forEach(backend.pool.release) }

        var leafTextures: [Int: PooledTexture] = [:]
        for (index, rect) in tile.leafRects.enumerated() where !rect.isEmpty {
            let leaf = plan.leaves[index]
            guard let format = backend.capabilities.planeFormat(channels: leaf.channels) else {
                preconditionFailure("RenderPlan.validate admitted leaf \(index) with \(leaf.channels) channels")
            }
            if let imported = backend.importer.texture(for: leaf, rect: rect, format: format, backend: backend) {
                leafTextures[index] = imported
                continue
            }
            let texture = try backend.pool.acquire(
                width: Int(rect.width), height: Int(rect.height), format: format, renderable: false)
            acquired.append(texture)
            backend.uploader.upload(leaf: leaf, rect: rect, into: texture)
            leafTextures[index] = texture
        }

        clock?.mark(\.upload)
        var passTargets: [Int: PooledTexture] = [:]
        let outputPass = plan.passes.count - 1
        for (index, rect) in tile.passRects.enumerated() where !rect.isEmpty {
            let format = index == outputPass ? TextureFormat.rgba8 : backend.capabilities.intermediateFormat
            let target = try backend.pool.acquire(
                width: Int(rect.width), height: Int(rect.height), format: format, renderable: true)
            acquired.append(target)
            draw(pass: index, into: target, rect: rect, tile: tile, leaves: leafTextures, passes: passTargets)
            passTargets[index] = target
        }
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else {
            if error == GLenum(GL_OUT_OF_MEMORY) {
                throw .outOfMemory(renderer: "gles", bytes: Int(tile.output.width * tile.output.height) * 8)
            }
            throw .gl(operation: "rendering tile \(tile.output)", code: Int(error))
        }
        guard let result = passTargets[outputPass] else { return }
        clock?.mark(\.passes)
        try deliver(result)
        clock?.mark(\.readback)
    }

    private func draw(
        pass index: Int, into target: PooledTexture, rect: Rect, tile: RenderPlan.Tile,
        leaves: [Int: PooledTexture], passes: [Int: PooledTexture]
    ) {
        let (generated, compiled) = programs[index]
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        glUseProgram(compiled.program)
        glUniform2f(compiled.location(GeneratedProgram.originUniform), Float(rect.minX), Float(rect.maxY))
        for (unit, source) in generated.textures.enumerated() {
            let (texture, stored): (PooledTexture?, Rect)
            switch source {
            case let .leaf(i): (texture, stored) = (leaves[i], tile.leafRects[i])
            case let .intermediate(k): (texture, stored) = (passes[k], tile.passRects[k])
            case let .cube(k):
                glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
                glBindTexture(GLenum(GL_TEXTURE_2D), cubeTextures[index][k])
                glUniform1i(compiled.location(GeneratedProgram.samplerUniform(unit)), GLint(unit))
                continue
            }
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            // An empty rectangle means the tile does not need this input; any value will do, so read 0.
            glBindTexture(GLenum(GL_TEXTURE_2D), (texture ?? backend.placeholder).texture)
            glUniform1i(compiled.location(GeneratedProgram.samplerUniform(unit)), GLint(unit))
            let r = texture == nil ? Rect(x: 0, y: 0, width: 1, height: 1) : stored
            glUniform4f(
                compiled.location(GeneratedProgram.rectUniform(unit)), Float(r.minX), Float(r.maxY), Float(r.width),
                Float(r.height))
        }
        for uniform in generated.planUniforms {
            setUniform(compiled.location(uniform.name), uniform.value)
        }
        setFilter(GL_NEAREST, units: generated.texelCentredUnits)
        backend.triangle.draw()
        // The pool's textures sample bilinearly everywhere else.
        setFilter(GL_LINEAR, units: generated.texelCentredUnits)
    }

    /// Sets the sampling of the textures bound to `units`.
    private func setFilter(_ filter: Int32, units: Set<Int>) {
        for unit in units {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        }
    }

    /// Reads the output pass back. Framebuffer row 0 is the tile's top row, which lands at memory row
    /// `outputRect.maxY - tile.output.maxY` of the output.
    private func read(_ target: PooledTexture, tile: RenderPlan.Tile, into output: inout PixelBuffer)
        throws(RenderError)
    {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        let width = target.width, height = target.height
        let column = Int(tile.output.minX - plan.outputRect.minX)
        let topRow = Int(plan.outputRect.maxY - tile.output.maxY)
        let outputStride = output.planes[0].bytesPerRow
        let rowBytes = width * 4
        backend.traffic.add(
            ByteTraffic(
                cpuCopied: column == 0 && rowBytes == outputStride ? 0 : rowBytes * height,
                gpuReadBack: rowBytes * height))
        if column == 0, rowBytes == outputStride {
            // Rows are contiguous in the output: read straight into place.
            output.planes[0].bytes.withUnsafeMutableBytes { bytes in
                glReadPixels(
                    0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                    bytes.baseAddress.map { $0 + topRow * outputStride })
            }
        } else {
            var rows = [UInt8](repeating: 0, count: rowBytes * height)
            rows.withUnsafeMutableBytes {
                glReadPixels(
                    0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            output.planes[0].bytes.withUnsafeMutableBytes { bytes in
                rows.withUnsafeBytes { source in
                    guard let to = bytes.baseAddress, let from = source.baseAddress else { return }
                    for row in 0..<height {
                        (to + (topRow + row) * outputStride + column * 4).copyMemory(
                            from: from + row * rowBytes, byteCount: rowBytes)
                    }
                }
            }
        }
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else {
            throw .gl(operation: "glReadPixels(\(width)×\(height))", code: Int(error))
        }
    }
}
