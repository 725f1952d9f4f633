import CEGL
import IrisCore

/// GLES 3's pixel buffer objects, for readbacks that do not wait: `glReadPixels` into a buffer the GPU fills
/// while the CPU goes on, a fence after it, and a map when the bytes are wanted. GLES 2 has none (its
/// `glReadPixels` waits for the render), so `init` fails there and readbacks stay synchronous. GLES 3's entry
/// points are looked up through EGL, as the headers Iris builds with are GLES 2's.
final class PixelPackBuffers {
    private typealias MapBufferRange =
        @convention(c) (GLenum, GLintptr, GLsizeiptr, GLbitfield) -> UnsafeMutableRawPointer?
    private typealias UnmapBuffer = @convention(c) (GLenum) -> GLboolean
    private typealias FenceSync = @convention(c) (GLenum, GLbitfield) -> GLsync?
    private typealias ClientWaitSync = @convention(c) (GLsync?, GLbitfield, GLuint64) -> GLenum
    private typealias DeleteSync = @convention(c) (GLsync?) -> Void

    private let mapBufferRange: MapBufferRange
    private let unmapBuffer: UnmapBuffer
    private let fenceSync: FenceSync
    private let clientWaitSync: ClientWaitSync
    private let deleteSync: DeleteSync
    /// Buffers not in use, with their sizes.
    private var free: [(buffer: GLuint, byteCount: Int)] = []

    /// Nil on GLES 2, or when the driver lacks an entry point.
    init?(capabilities: GLCapabilities, allowed: Bool) {
        guard allowed, capabilities.isGLES3,
            let map = eglGetProcAddress("glMapBufferRange"), let unmap = eglGetProcAddress("glUnmapBuffer"),
            let fence = eglGetProcAddress("glFenceSync"), let wait = eglGetProcAddress("glClientWaitSync"),
            let delete = eglGetProcAddress("glDeleteSync")
        else { return nil }
        mapBufferRange = unsafeBitCast(map, to: MapBufferRange.self)
        unmapBuffer = unsafeBitCast(unmap, to: UnmapBuffer.self)
        fenceSync = unsafeBitCast(fence, to: FenceSync.self)
        clientWaitSync = unsafeBitCast(wait, to: ClientWaitSync.self)
        deleteSync = unsafeBitCast(delete, to: DeleteSync.self)
    }

    /// A buffer of at least `byteCount` bytes, bound as the pixel pack buffer: `glReadPixels` now writes into
    /// it, its pointer argument an offset.
    func bind(byteCount: Int) -> GLuint {
        if let index = free.firstIndex(where: { $0.byteCount >= byteCount }) {
            let buffer = free.remove(at: index).buffer
            glBindBuffer(GLConstant.pixelPackBuffer, buffer)
            return buffer
        }
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        glBindBuffer(GLConstant.pixelPackBuffer, buffer)
        glBufferData(GLConstant.pixelPackBuffer, GLsizeiptr(byteCount), nil, GLConstant.streamRead)
        return buffer
    }

    /// Ends the readbacks into the bound buffer: unbinds it and fences the commands so far.
    func finishReads() -> GLsync? {
        glBindBuffer(GLConstant.pixelPackBuffer, 0)
        return fenceSync(GLConstant.syncGPUCommandsComplete, 0)
    }

    /// Waits for `fence` and maps `byteCount` bytes of `buffer` for reading; the mapping stays until
    /// `unmapAndGive`. Another buffer may be bound, drawn and read into meanwhile.
    func map(_ buffer: GLuint, byteCount: Int, fence: GLsync?) throws(RenderError) -> UnsafeRawPointer {
        if let fence {
            let waited = clientWaitSync(fence, GLConstant.syncFlushCommandsBit, .max)
            deleteSync(fence)
            guard waited == GLConstant.alreadySignaled || waited == GLConstant.conditionSatisfied else {
                give(buffer, byteCount: byteCount, fence: nil)
                throw .gl(operation: "glClientWaitSync on a readback", code: Int(waited))
            }
        }
        glBindBuffer(GLConstant.pixelPackBuffer, buffer)
        defer { glBindBuffer(GLConstant.pixelPackBuffer, 0) }
        guard let mapped = mapBufferRange(GLConstant.pixelPackBuffer, 0, GLsizeiptr(byteCount), GLConstant.mapReadBit)
        else {
            let error = glGetError()
            give(buffer, byteCount: byteCount, fence: nil)
            throw .gl(operation: "glMapBufferRange(\(byteCount) bytes) of a readback", code: Int(error))
        }
        return UnsafeRawPointer(mapped)
    }

    /// Ends a mapping made by `map` and takes the buffer back for reuse.
    func unmapAndGive(_ buffer: GLuint, byteCount: Int) {
        glBindBuffer(GLConstant.pixelPackBuffer, buffer)
        _ = unmapBuffer(GLConstant.pixelPackBuffer)
        glBindBuffer(GLConstant.pixelPackBuffer, 0)
        give(buffer, byteCount: byteCount, fence: nil)
    }

    /// Takes back a buffer whose bytes nobody will read, with its fence.
    func give(_ buffer: GLuint, byteCount: Int, fence: GLsync?) {
        if let fence { deleteSync(fence) }
        free.append((buffer, byteCount))
        // A run's frames are one size; a few spare buffers cover a change of size without growing for ever.
        if free.count > 4 {
            var oldest = free.removeFirst().buffer
            glDeleteBuffers(1, &oldest)
        }
    }

    func removeAll() {
        for (buffer, _) in free {
            var name = buffer
            glDeleteBuffers(1, &name)
        }
        free.removeAll()
    }
}
