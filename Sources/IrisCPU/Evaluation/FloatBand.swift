#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import IrisCore

/// One band of an intermediate's rows: zeroed premultiplied RGBA floats in memory asked of the C allocator
/// (`calloc`), so a plan whose intermediates the system refuses is an `AllocationError`, not a trap as a
/// Swift array's would be. Written by the one thread that renders the band, then only read once the pass
/// is done (the threads are joined in between), hence `@unchecked Sendable`.
final class FloatBand: @unchecked Sendable {
    let base: UnsafeMutablePointer<SIMD4<Float>>
    /// Texels stored.
    let count: Int

    /// `count` zeroed texels; `what` names the intermediate in the error.
    init(count: Int, for what: @autoclosure () -> String) throws(AllocationError) {
        let stride = MemoryLayout<SIMD4<Float>>.stride, alignment = MemoryLayout<SIMD4<Float>>.alignment
        let texels = max(count, 1)
        let (bytes, overflow) = texels.multipliedReportingOverflow(by: stride)
        guard !overflow else { throw .outOfMemory(what: what(), bytes: .max) }
        // calloc maps large blocks on demand and already zeroed; its blocks are 16-byte aligned on the
        // platforms Iris builds for, checked here all the same.
        var raw = calloc(texels, stride)
        if let block = raw, Int(bitPattern: block) % alignment != 0 {
            free(block)
            raw = nil
            var aligned: UnsafeMutableRawPointer?
            if posix_memalign(&aligned, alignment, bytes) == 0, let aligned {
                memset(aligned, 0, bytes)
                raw = aligned
            }
        }
        guard let raw else { throw .outOfMemory(what: what(), bytes: bytes) }
        base = raw.bindMemory(to: SIMD4<Float>.self, capacity: texels)
        self.count = count
    }

    deinit { free(base) }
}
