/// How the bytes of one leaf sample become RGBA: (c0, 0, 0, 1), (c0, c1, 0, 1) or (c0, c1, c2, c3), each
/// byte / 255, with red and blue swapped for BGRA storage.
protocol ByteTexelLayout {
    /// Bytes from one sample to the next.
    var stride: Int { get }
    func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float>
    /// Converts `count` consecutive samples (the identity fast path).
    func convert(_ p: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>)
}

extension ByteTexelLayout {
    @inline(__always)
    func convert(_ p: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        for i in 0..<count { out[i] = load(p + i * stride) }
    }
}

private let byteScale: Float = 1 / 255

/// Y, Cb or Cr planes.
struct OneChannelLayout: ByteTexelLayout {
    var stride: Int { 1 }
    @inline(__always)
    func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> { SIMD4(Float(p[0]) * byteScale, 0, 0, 1) }
}

/// Interleaved chroma (NV12's CbCr, NV21's CrCb).
struct TwoChannelLayout: ByteTexelLayout {
    var stride: Int { 2 }
    @inline(__always)
    func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4(Float(p[0]) * byteScale, Float(p[1]) * byteScale, 0, 1)
    }
}

/// RGBA bytes, or YUYV macropixels, read in memory order.
struct FourChannelLayout: ByteTexelLayout {
    var stride: Int { 4 }
    @inline(__always)
    func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * byteScale
    }

    /// One flat byte → float loop, which LLVM vectorises.
    @inline(__always)
    func convert(_ p: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let floats = UnsafeMutableRawPointer(out).assumingMemoryBound(to: Float.self)
        for j in 0..<(count * 4) { floats[j] = Float(p[j]) * byteScale }
    }
}

/// BGRA bytes returned as RGBA.
struct SwappedFourChannelLayout: ByteTexelLayout {
    var stride: Int { 4 }
    @inline(__always)
    func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4(Float(p[2]), Float(p[1]), Float(p[0]), Float(p[3])) * byteScale
    }
}

/// Any other pairing of channels and sample size (none in today's format table: `RenderPlan.validate`
/// holds a leaf to its plane's texture channels): slower, but never reads past a sample.
struct GenericLayout: ByteTexelLayout {
    let channels: Int
    let stride: Int
    let swapsRedBlue: Bool

    func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        var v = SIMD4<Float>(0, 0, 0, 1)
        for c in 0..<min(channels, 4) { v[c] = Float(p[c]) * byteScale }
        return swapsRedBlue ? SIMD4(v.z, v.y, v.x, v.w) : v
    }
}
