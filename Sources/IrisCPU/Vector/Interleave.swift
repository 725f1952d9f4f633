/// Two-vector lane interleaves, each one SSE2 (or NEON) unpack instruction: written as element lists of two
/// concrete vectors, which LLVM turns into a single shuffle (a list drawn from more vectors, or the stdlib's
/// generic conversions, are not reliably turned into one). Widening a vector is interleaving it with zero.
///
///     Interleave.low(a, .zero)   // lanes 0–3 of `a` zero-extended to 32 bits
enum Interleave {
    /// Lanes 0–3 of `a` and `b` alternated, as 32-bit words (`punpcklwd`).
    @inline(__always)
    static func low(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD4<UInt32> {
        unsafeBitCast(SIMD8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]), to: SIMD4<UInt32>.self)
    }

    /// Lanes 4–7 of `a` and `b` alternated, as 32-bit words (`punpckhwd`).
    @inline(__always)
    static func high(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD4<UInt32> {
        unsafeBitCast(SIMD8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]), to: SIMD4<UInt32>.self)
    }

    /// Lanes 0–1 of `a` and `b` alternated (`punpckldq`).
    @inline(__always)
    static func low(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> { SIMD4(a[0], b[0], a[1], b[1]) }

    /// Lanes 2–3 of `a` and `b` alternated (`punpckhdq`).
    @inline(__always)
    static func high(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> { SIMD4(a[2], b[2], a[3], b[3]) }

    /// The bytes of `a` and `b` alternated (`punpcklbw`).
    @inline(__always)
    static func bytes(_ a: SIMD8<UInt8>, _ b: SIMD8<UInt8>) -> SIMD16<UInt8> {
        SIMD16(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
    }
}
