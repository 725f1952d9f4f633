import CEGL
import IrisCore

/// `ColorCube` tables as 2D textures: the cube's blue slices (each size × size, red across, green down)
/// tiled in a near-square grid, read with nearest filtering by the generated tetrahedral lookup. Half-float
/// where the driver has it, else RGBA8 with entries clamped to 0…1. The last few cubes stay uploaded, so a
/// live chain uploads its table once (`trim()` after each render keeps the last four); a cube is recognised by its
/// entries' storage, which the cache keeps
/// alive while it holds the texture.
final class CubeTextureCache {
    struct Layout: Hashable {
        let size: Int
        /// Slices per row of the atlas.
        let columns: Int
        var width: Int { columns * size }
        var height: Int { ((size + columns - 1) / columns) * size }

        init(size: Int) {
            self.size = size
            var columns = 1
            while columns * columns < size { columns += 1 }
            self.columns = columns
        }
    }

    private struct Entry {
        let cube: ColorCube
        let texture: GLuint
    }
    private var entries: [Entry] = []
    private let capacity = 4
    /// Counts each upload (the texels converted from the cube's floats, then sent up).
    private let traffic: ByteTrafficCounter

    init(traffic: ByteTrafficCounter) { self.traffic = traffic }

    /// The texture holding `cube`, uploaded on first use in `format` (`.rgba8` or a half-float format).
    func texture(for cube: ColorCube, format: TextureFormat) throws(RenderError) -> GLuint {
        if let hit = entries.firstIndex(where: { $0.cube.sharesStorage(with: cube) }) {
            let entry = entries.remove(at: hit)
            entries.append(entry)
            return entry.texture
        }
        let layout = Layout(size: cube.size)
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        if format == .rgba8 {
            var texels = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
            Self.fill(cube, layout) { index, c in
                for k in 0..<4 { texels[index * 4 + k] = UInt8((min(max(c[k], 0), 1) * 255).rounded()) }
            }
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, format.internalFormat, GLsizei(layout.width), GLsizei(layout.height), 0,
                format.format, format.type, texels)
        } else {
            var texels = [UInt16](repeating: 0, count: layout.width * layout.height * 4)
            Self.fill(cube, layout) { index, c in
                for k in 0..<4 { texels[index * 4 + k] = Float16(c[k]).bitPattern }
            }
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, format.internalFormat, GLsizei(layout.width), GLsizei(layout.height), 0,
                format.format, format.type, texels)
        }
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else {
            glDeleteTextures(1, &texture)
            throw .gl(
                operation: "uploading a \(cube.size)³ colour cube (\(layout.width)×\(layout.height) \(format))",
                code: Int(error))
        }
        let bytes = layout.width * layout.height * 4 * (format == .rgba8 ? 1 : 2)
        traffic.add(ByteTraffic(cpuConverted: bytes, gpuUploaded: bytes))
        entries.append(Entry(cube: cube, texture: texture))
        return texture
    }

    /// Deletes the least recently used textures beyond the capacity; called after each render, so a plan
    /// with many cubes keeps them all while it runs.
    func trim() {
        while entries.count > capacity {
            var old = entries.removeFirst().texture
            glDeleteTextures(1, &old)
        }
    }

    func removeAll() {
        for entry in entries {
            var t = entry.texture
            glDeleteTextures(1, &t)
        }
        entries.removeAll()
    }

    /// Calls `store` with each entry's texel index in the atlas.
    private static func fill(_ cube: ColorCube, _ layout: Layout, _ store: (Int, SIMD4<Float>) -> Void) {
        let n = cube.size
        for b in 0..<n {
            let originX = (b % layout.columns) * n, originY = (b / layout.columns) * n
            for g in 0..<n {
                for r in 0..<n {
                    store((originY + g) * layout.width + originX + r, cube.entries[(b * n + g) * n + r])
                }
            }
        }
    }
}
