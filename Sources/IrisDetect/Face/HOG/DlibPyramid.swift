/// dlib's pyramid_down<N>: each level is (N−1)/N the size of the one before.
///
/// Pictures and coordinates follow dlib 19.24 exactly: N = 1 is `pyramid_disable` (every level empty),
/// N = 2 and N = 3 are dlib's specialised filters (a 5×5 and a 3×3 binomial kernel), every other N is a
/// bilinear `resize_image` with dlib's own SIMD rounding. The face detector uses N = 6.
struct DlibPyramidDown: Sendable {
    let n: Int

    init(n: Int) {
        precondition(n > 0, "pyramid_down<N> needs N > 0")
        self.n = n
    }

    // MARK: Coordinates

    /// `point_down(p)` (one level).
    func pointDown(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        switch n {
        case 1: return (0, 0)
        case 2: return (x / 2.0 - 1.25, y / 2.0 - 0.75)
        case 3:
            let ratio = 2.0 / 3.0
            return (x * ratio - 1, y * ratio - 1)
        default:
            let ratio = (Double(n) - 1.0) / Double(n)
            return ((x - 0.3) * ratio, (y - 0.3) * ratio)
        }
    }

    /// `point_up(p)` (one level).
    func pointUp(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        switch n {
        case 1: return (0, 0)
        case 2: return ((x + 1.25) * 2, (y + 0.75) * 2)
        case 3:
            let ratio = 3.0 / 2.0
            return (x * ratio + ratio, y * ratio + ratio)
        default:
            let ratio = Double(n) / (Double(n) - 1.0)
            return (x * ratio + 0.3, y * ratio + 0.3)
        }
    }

    /// `point_down(p, levels)`: the levels are walked in double precision, rounded once at the end.
    func pointDown(_ x: Double, _ y: Double, levels: Int) -> (x: Double, y: Double) {
        if n == 1 { return levels == 0 ? (x, y) : (0, 0) }
        var p = (x: x, y: y)
        for _ in 0..<max(levels, 0) { p = pointDown(p.x, p.y) }
        return p
    }

    /// `point_up(p, levels)`.
    func pointUp(_ x: Double, _ y: Double, levels: Int) -> (x: Double, y: Double) {
        if n == 1 { return levels == 0 ? (x, y) : (0, 0) }
        var p = (x: x, y: y)
        for _ in 0..<max(levels, 0) { p = pointUp(p.x, p.y) }
        return p
    }

    /// `rectangle r = pyr.rect_down(rect)`: the corners mapped as a `drectangle` (which orders them),
    /// then rounded to whole pixels with `floor(v + 0.5)`, as dlib's `rectangle(drectangle)` does.
    func rectDown(_ r: DlibRect) -> DlibRect {
        Self.rounded(pointDown(Double(r.left), Double(r.top)), pointDown(Double(r.right), Double(r.bottom)))
    }

    /// `rectangle r = pyr.rect_down(rect, levels)` (all levels in double precision, one rounding).
    func rectDown(_ r: DlibRect, levels: Int) -> DlibRect {
        Self.rounded(
            pointDown(Double(r.left), Double(r.top), levels: levels),
            pointDown(Double(r.right), Double(r.bottom), levels: levels))
    }

    /// `rectangle r = pyr.rect_up(rect)`.
    func rectUp(_ r: DlibRect) -> DlibRect {
        Self.rounded(pointUp(Double(r.left), Double(r.top)), pointUp(Double(r.right), Double(r.bottom)))
    }

    /// `rectangle r = pyr.rect_up(rect, levels)`: what `detect_from_fhog_pyramid` uses to bring a window
    /// found on level `levels` back to the picture.
    func rectUp(_ r: DlibRect, levels: Int) -> DlibRect {
        Self.rounded(
            pointUp(Double(r.left), Double(r.top), levels: levels),
            pointUp(Double(r.right), Double(r.bottom), levels: levels))
    }

    private static func rounded(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> DlibRect {
        DlibRect(rounding: min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))
    }

    // MARK: Pictures

    /// `pyr(img, out)` for an `unsigned char` picture: the next level down, size and pixels as dlib makes them.
    func downsampled(_ luma: LumaPlane) -> LumaPlane {
        switch n {
        case 1: return LumaPlane(width: 0, height: 0, bytes: [])
        case 2: return Self.downTwoToOne(luma)
        case 3: return Self.downThreeToTwo(luma)
        default:
            // set_image_size(down, ((N-1)*nr)/N + 0.5, ((N-1)*nc)/N + 0.5): integer division, then truncation.
            let height = ((n - 1) * luma.height) / n, width = ((n - 1) * luma.width) / n
            return luma.dlibResizedBilinear(width: width, height: height)
        }
    }

    /// dlib::impl::pyramid_down_2_1 on a grey picture: a separable [1 4 6 4 1] filter, every other row and
    /// column kept, divided by 256 with truncation.
    private static func downTwoToOne(_ luma: LumaPlane) -> LumaPlane {
        let inW = luma.width, inH = luma.height, stride = luma.bytesPerRow
        guard inH > 8, inW > 8 else { return LumaPlane(width: 0, height: 0, bytes: []) }
        let tempW = (inW - 3) / 2, outW = tempW, outH = (inH - 3) / 2
        var temp = [Int32](repeating: 0, count: inH * tempW)
        var out = [UInt8](repeating: 0, count: outW * outH)
        luma.bytes.withUnsafeBufferPointer { src in
            temp.withUnsafeMutableBufferPointer { tmp in
                for r in 0..<inH {
                    let row = r * stride
                    for c in 0..<tempW {
                        let o = row + 2 * c
                        let sum =
                            Int32(src[o]) + Int32(src[o + 1]) * 4 + Int32(src[o + 2]) * 6
                            + Int32(src[o + 3]) * 4 + Int32(src[o + 4])
                        tmp[r * tempW + c] = sum
                    }
                }
                out.withUnsafeMutableBufferPointer { dst in
                    var dr = 0, r = 2
                    while r < inH - 2 {
                        for c in 0..<tempW {
                            let v =
                                tmp[(r - 2) * tempW + c] + tmp[(r - 1) * tempW + c] * 4 + tmp[r * tempW + c] * 6
                                + tmp[(r + 1) * tempW + c] * 4 + tmp[(r + 2) * tempW + c]
                            dst[dr * outW + c] = UInt8(clamping: v / 256)
                        }
                        dr += 1
                        r += 2
                    }
                }
            }
        }
        return LumaPlane(width: outW, height: outH, bytes: out)
    }

    /// dlib::impl::pyramid_down_3_2 on a grey picture: a separable [2 12 2] filter, then each 3×3 block of
    /// filtered values bilinearly reduced to 2×2, divided by 16 × 256 with truncation.
    private static func downThreeToTwo(_ luma: LumaPlane) -> LumaPlane {
        let inW = luma.width, inH = luma.height, stride = luma.bytesPerRow
        guard inH > 8, inW > 8 else { return LumaPlane(width: 0, height: 0, bytes: []) }
        let outH = (2 * (inH - 2)) / 3, outW = (2 * (inW - 2)) / 3
        var out = [UInt8](repeating: 0, count: outW * outH)
        luma.bytes.withUnsafeBufferPointer { src in
            // separable_3x3_filter_block_grayscale's value at (r, c).
            @inline(__always) func filtered(_ r: Int, _ c: Int) -> Int32 {
                func row(_ rr: Int) -> Int32 {
                    let o = rr * stride + c
                    return Int32(src[o - 1]) * 2 + Int32(src[o]) * 12 + Int32(src[o + 1]) * 2
                }
                return row(r - 1) * 2 + row(r) * 12 + row(r + 1) * 2
            }
            out.withUnsafeMutableBufferPointer { dst in
                for r in 0..<outH {
                    let rr = 1 + 3 * (r / 2), i = 2 * (r % 2)
                    for c in 0..<outW {
                        let cc = 1 + 3 * (c / 2), j = 2 * (c % 2)
                        let v =
                            filtered(rr + i, cc + j) * 9 + filtered(rr + 1, cc + j) * 3
                            + filtered(rr + i, cc + 1) * 3 + filtered(rr + 1, cc + 1)
                        dst[r * outW + c] = UInt8(clamping: v / (16 * 256))
                    }
                }
            }
        }
        return LumaPlane(width: outW, height: outH, bytes: out)
    }
}

extension LumaPlane {
    /// dlib::pyramid_up(img): doubles the picture the way dlib's detectors upsample (pyramid_down<2>'s
    /// `rect_up` of the picture's rectangle gives the size, 2w + 2 by 2h + 1; `resize_image` fills it).
    func dlibPyramidUp() -> LumaPlane {
        guard width > 0, height > 0 else { return LumaPlane(width: 0, height: 0, bytes: []) }
        let up = DlibPyramidDown(n: 2).rectUp(DlibRect(width: width, height: height))
        guard !up.isEmpty else { return LumaPlane(width: 0, height: 0, bytes: []) }
        return dlibResizedBilinear(width: up.right + 1, height: up.bottom + 1)
    }

    /// dlib's `resize_image(in, out, interpolate_bilinear())` for two `unsigned char` pictures, exactly: its
    /// SIMD loop steps four float column positions by `4·x_scale` (so rounding accumulates in float) and
    /// rounds to nearest; the columns it leaves over are interpolated with a double/float mix and truncated.
    func dlibResizedBilinear(width outW: Int, height outH: Int) -> LumaPlane {
        guard outW > 0, outH > 0, width > 0, height > 0 else {
            return LumaPlane(
                width: max(outW, 0), height: max(outH, 0),
                bytes: [UInt8](repeating: 0, count: max(outW, 0) * max(outH, 0)))
        }
        let inW = width, inH = height, stride = bytesPerRow
        let xScale = Double(inW - 1) / Double(max(outW - 1, 1))
        let yScale = Double(inH - 1) / Double(max(outH - 1, 1))

        // Column positions are the same on every row: find them once. The SIMD part runs in steps of four
        // until lane 3's right neighbour leaves the picture; lanes past the row's end are dropped (dlib writes
        // them into the next row, which then overwrites them).
        var left = [Int32](), right = [Int32](), frac = [Float](), inverse = [Float]()
        left.reserveCapacity(outW + 4)
        right.reserveCapacity(outW + 4)
        frac.reserveCapacity(outW + 4)
        inverse.reserveCapacity(outW + 4)
        let x0 = -4 * xScale
        var lanes = SIMD4<Float>(Float(x0), Float(x0 + xScale), Float(x0 + 2 * xScale), Float(x0 + 3 * xScale))
        let step = SIMD4<Float>(repeating: Float(4 * xScale))
        var simdColumns = 0
        while simdColumns < outW {  // dlib goes on past the row's end (into the next row): nothing it keeps
            lanes += step
            let l = SIMD4<Int32>(lanes, rounding: .towardZero)  // cvttps: truncation
            if l[3] + 1 >= inW { break }
            let f = lanes - SIMD4<Float>(l)
            for k in 0..<4 where simdColumns + k < outW {
                left.append(l[k])
                right.append(l[k] + 1)
                frac.append(f[k])
                inverse.append(1 - f[k])
            }
            simdColumns += 4
        }
        simdColumns = min(simdColumns, outW)
        // The leftover columns: x = -x_scale + c·x_scale, then x += x_scale per column, in double.
        var x = -xScale + Double(simdColumns) * xScale
        for _ in simdColumns..<outW {
            x += xScale
            let l = Int(x.rounded(.down))
            left.append(Int32(l))
            right.append(Int32(min(l + 1, inW - 1)))
            frac.append(Float(x - Double(l)))
            inverse.append(0)  // unused: the tail computes 1 − lr_frac itself
        }

        var out = [UInt8](repeating: 0, count: outW * outH)
        // Per-row bilinear weights of the SIMD columns (tlf, trf, blf, brf as dlib names them).
        var weights = [Float](repeating: 0, count: 4 * simdColumns + 256)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                left.withUnsafeBufferPointer { left in
                    right.withUnsafeBufferPointer { right in
                        frac.withUnsafeBufferPointer { frac in
                            inverse.withUnsafeBufferPointer { inverse in
                                weights.withUnsafeMutableBufferPointer { weights in
                                    Self.resizeRows(
                                        src: src.baseAddress!, stride: stride, inH: inH, yScale: yScale,
                                        dst: dst.baseAddress!, outW: outW, outH: outH,
                                        simdColumns: simdColumns, left: left.baseAddress!,
                                        right: right.baseAddress!, frac: frac.baseAddress!,
                                        inverse: inverse.baseAddress!, weights: weights.baseAddress!)
                                }
                            }
                        }
                    }
                }
            }
        }
        return LumaPlane(width: outW, height: outH, bytes: out)
    }

    /// The rows of `dlibResizedBilinear`, on raw pointers so the hot loop keeps its bases in registers.
    private static func resizeRows(
        src: UnsafePointer<UInt8>, stride: Int, inH: Int, yScale: Double,
        dst: UnsafeMutablePointer<UInt8>, outW: Int, outH: Int, simdColumns: Int,
        left: UnsafePointer<Int32>, right: UnsafePointer<Int32>,
        frac: UnsafePointer<Float>, inverse: UnsafePointer<Float>,
        weights: UnsafeMutablePointer<Float>
    ) {
        let tlw = weights, trw = weights + simdColumns, blw = trw + simdColumns, brw = blw + simdColumns
        let lut = brw + simdColumns  // byte → float
        for i in 0..<256 { lut[i] = Float(i) }
        var y = -yScale
        for r in 0..<outH {
            y += yScale
            let top = Int(y.rounded(.down)), bottom = min(top + 1, inH - 1)
            let tb = y - Double(top)
            let tbF = Float(tb), invTbF = Float(1 - tb)
            let tp = src + top * stride, bp = src + bottom * stride, o = dst + r * outW
            for c in 0..<simdColumns {
                let il = inverse[c], lr = frac[c]
                tlw[c] = invTbF * il
                trw[c] = invTbF * lr
                blw[c] = tbF * il
                brw[c] = tbF * lr
            }
            // dlib: static_cast<unsigned char>(value + 0.5) with the sum in double. In float, v + 0.5
            // truncates the same for every v ≥ 0.5, and anything below 0.5 gives 0 either way.
            for c in 0..<simdColumns {
                let l = Int(left[c])
                tlw[c] =
                    tlw[c] * lut[Int(tp[l])] + trw[c] * lut[Int(tp[l &+ 1])] + blw[c] * lut[Int(bp[l])] + brw[c]
                    * lut[Int(bp[l &+ 1])]
            }
            var c = 0
            while c + 4 <= simdColumns {
                let v = UnsafeRawPointer(tlw + c).loadUnaligned(as: SIMD4<Float>.self)
                let bytes = Self.roundedBytes(v)
                o[c] = UInt8(truncatingIfNeeded: bytes[0])
                o[c + 1] = UInt8(truncatingIfNeeded: bytes[1])
                o[c + 2] = UInt8(truncatingIfNeeded: bytes[2])
                o[c + 3] = UInt8(truncatingIfNeeded: bytes[3])
                c += 4
            }
            while c < simdColumns {
                o[c] = UInt8(truncatingIfNeeded: Self.roundedBytes(SIMD4(repeating: tlw[c]))[0])
                c += 1
            }
            for c in simdColumns..<outW {
                let l = Int(left[c]), rt = Int(right[c]), lr = frac[c]
                let tl = Float(tp[l]), tr = Float(tp[rt]), bl = Float(bp[l]), br = Float(bp[rt])
                let temp = Float((1 - tb) * Double((1 - lr) * tl + lr * tr) + tb * Double((1 - lr) * bl + lr * br))
                // assign_pixel(unsigned char, float): clamp, then truncate
                o[c] = temp <= 255 ? (temp >= 0 ? UInt8(temp) : 0) : 255
            }
        }
    }

    /// dlib's `static_cast<unsigned char>(value + 0.5)` (the sum in double) for values in [0, 255.5], without
    /// a checked conversion: in float, v + 0.5 truncates the same for every v ≥ 0.5 and anything below 0.5
    /// gives 0; the truncation is `2^23` magic (round to nearest, step back where that rounded up), the
    /// integer read from the low mantissa bits.
    @inline(__always)
    private static func roundedBytes(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
        let magic = SIMD4<Float>(repeating: 8_388_608)
        let h = pointwiseMin((v + 0.5).replacing(with: 0, where: v .< 0.5), SIMD4(repeating: 255.5))
        let nearest = (h + magic) - magic
        let truncated = nearest.replacing(with: nearest - 1, where: nearest .> h)
        return unsafeBitCast(truncated + magic, to: SIMD4<UInt32>.self) & 0xFF
    }
}
