import IrisCore

/// A `ChannelMatrixForm` over whole rows of the fixed-point decode's coordinates, in stages as
/// `CubeRowLookup` runs a cube: the first curves' reads; the matrix and each channel's index into its output
/// table (one loop of plain float arithmetic, which LLVM vectorises); then the byte reads and the pack. The
/// bytes are `ChannelMatrixForm.bytes` for every pixel (a test holds the two to each other).
///
/// One per thread: it owns its scratch rows.
final class ChannelMatrixRows {
    private var curved: [Float] = []
    private var indices: [Int32] = []

    /// Writes `count` RGBA (BGRA when `swapsRedBlue`) words, alpha 255, from coordinates 0…2¹⁴. The rows
    /// `r`, `g`, `b` hold at least `count` values.
    func encode(
        _ form: ChannelMatrixForm, r: UnsafePointer<UInt16>, g: UnsafePointer<UInt16>, b: UnsafePointer<UInt16>,
        count: Int, swapsRedBlue: Bool, into out: UnsafeMutablePointer<UInt32>
    ) {
        if curved.count < 3 * count {
            curved = [Float](repeating: 0, count: 3 * count)
            indices = [Int32](repeating: 0, count: 3 * count)
        }
        curved.withUnsafeMutableBufferPointer { cp in
            guard let red = cp.baseAddress else { return }
            let green = red + count, blue = green + count
            form.before[0].withUnsafeBufferPointer { t0 in
                form.before[1].withUnsafeBufferPointer { t1 in
                    form.before[2].withUnsafeBufferPointer { t2 in
                        guard let t0 = t0.baseAddress, let t1 = t1.baseAddress, let t2 = t2.baseAddress else { return }
                        Self.readCurves(t0, r, t1, g, t2, b, count: count, into: red, green, blue)
                    }
                }
            }
            indices.withUnsafeMutableBufferPointer { ip in
                guard let first = ip.baseAddress else { return }
                Self.applyMatrix(form, red, green, blue, count: count, into: first, first + count, first + 2 * count)
            }
        }
        indices.withUnsafeBufferPointer { ip in
            guard let first = ip.baseAddress else { return }
            let (ri, gi, bi) = (first, first + count, first + 2 * count)
            form.after[0].withUnsafeBufferPointer { p0 in
                form.after[1].withUnsafeBufferPointer { p1 in
                    form.after[2].withUnsafeBufferPointer { p2 in
                        guard let p0 = p0.baseAddress, let p1 = p1.baseAddress, let p2 = p2.baseAddress else { return }
                        ChannelBytePacking.pack(
                            red: p0, at: ri, green: p1, at: gi, blue: p2, at: bi, count: count,
                            swapsRedBlue: swapsRedBlue, into: out)
                    }
                }
            }
        }
    }

    @inline(never)
    private static func readCurves(
        _ t0: UnsafePointer<Float>, _ r: UnsafePointer<UInt16>, _ t1: UnsafePointer<Float>, _ g: UnsafePointer<UInt16>,
        _ t2: UnsafePointer<Float>, _ b: UnsafePointer<UInt16>, count: Int,
        into red: UnsafeMutablePointer<Float>, _ green: UnsafeMutablePointer<Float>, _ blue: UnsafeMutablePointer<Float>
    ) {
        var i = 0
        while i < count {
            red[i] = t0[Int(r[i])]
            green[i] = t1[Int(g[i])]
            blue[i] = t2[Int(b[i])]
            i &+= 1
        }
    }

    @inline(never)
    private static func applyMatrix(
        _ form: ChannelMatrixForm, _ red: UnsafePointer<Float>, _ green: UnsafePointer<Float>,
        _ blue: UnsafePointer<Float>, count: Int, into ri: UnsafeMutablePointer<Int32>,
        _ gi: UnsafeMutablePointer<Int32>, _ bi: UnsafeMutablePointer<Int32>
    ) {
        let m0 = form.rows[0], m1 = form.rows[1], m2 = form.rows[2], offset = form.offset
        let scale = form.afterScale, shift = form.afterShift
        for i in 0..<count {
            let x = red[i], y = green[i], z = blue[i]
            let o0 = ChannelMatrixForm.dot(m0, x, y, z, offset.x), o1 = ChannelMatrixForm.dot(m1, x, y, z, offset.y)
            let o2 = ChannelMatrixForm.dot(m2, x, y, z, offset.z)
            ri[i] = ChannelMatrixForm.afterIndex(o0 * scale.x + shift.x)
            gi[i] = ChannelMatrixForm.afterIndex(o1 * scale.y + shift.y)
            bi[i] = ChannelMatrixForm.afterIndex(o2 * scale.z + shift.z)
        }
    }
}
