/// The output pass's store: each channel clamped to 0…1, then `floor(v × 255 + 0.5)` (the contract's
/// `rounded()` for non-negative values), 4 bytes in R, G, B, A order.
///
/// Written as one flat loop over floats with no traps or calls so that LLVM vectorises it: the stdlib's
/// generic SIMD conversions cost tens of nanoseconds a pixel, and `Int32(Float)` carries a range check.
/// The integer part comes from the float-add trick: for 0 ≤ t < 2²², the low bits of t + 2²³ hold t
/// rounded to nearest; one compare turns that into floor.
@inline(__always)
func packBytes(_ colours: UnsafePointer<SIMD4<Float>>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
    let floats = UnsafeRawPointer(colours).assumingMemoryBound(to: Float.self)
    let shift: Float = 8_388_608
    for j in 0..<(count * 4) {
        let v = floats[j]
        // The comparison form sends NaN to 0.
        let t = (v > 0 ? (v < 1 ? v : 1) : 0) * 255 + 0.5
        let shifted = t + shift
        let nearest = shifted - shift
        out[j] = UInt8(truncatingIfNeeded: shifted.bitPattern &- (nearest > t ? 1 : 0))
    }
}

/// Sets the colours of the span's points outside `extent` to 0 (a pass is 0 outside its extent).
@inline(__always)
func maskOutside(_ extent: ExtentBounds, rowY y: Int, x0: Int, count: Int, _ colours: inout [SIMD4<Float>]) {
    colours.withUnsafeMutableBufferPointer { p in
        guard let base = p.baseAddress else { return }
        guard extent.containsRow(centre: Double(y) + 0.5) else {
            base.update(repeating: .zero, count: count)
            return
        }
        let inside = extent.columns(x0: x0, count: count)
        base.update(repeating: .zero, count: inside.lowerBound)
        (base + inside.upperBound).update(repeating: .zero, count: count - inside.upperBound)
    }
}
