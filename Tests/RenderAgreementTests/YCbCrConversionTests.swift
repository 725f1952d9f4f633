import Foundation
import IrisCore
import Testing

/// NV12 → RGB against pixels computed by hand from the standards' equations (not from Iris's matrix code).
@Suite(.serialized) struct YCbCrConversionTests {
    struct Case {
        let colorimetry: Colorimetry
        let y: Double, cb: Double, cr: Double
        let rgb: (Double, Double, Double)
    }

    /// BT.709 full: 1.5748, 0.187324, 0.468124, 1.8556; BT.2020 full: 1.4746, 0.164553, 0.571353, 1.8814, and
    /// video range scales those by 255/224 (luma by 255/219).
    /// BT.601 video: R = 1.164383(Y−16) + 1.596027(Cr−128), G = 1.164383(Y−16) − 0.391762(Cb−128) − 0.812968(Cr−128),
    /// B = 1.164383(Y−16) + 2.017232(Cb−128). Full range: R = Y + 1.402(Cr−128), G = Y − 0.344136(Cb−128) −
    /// 0.714136(Cr−128),
    /// B = Y + 1.772(Cb−128). BT.709 video: 1.792741, 0.213249, 0.532909, 2.112402.
    static func expected(_ c: Colorimetry, _ y: Double, _ cb: Double, _ cr: Double) -> (Double, Double, Double) {
        let u = cb - 128, v = cr - 128
        switch (c.matrix, c.range) {
        case (.bt601, .video):
            let l = 1.164383 * (y - 16)
            return (l + 1.596027 * v, l - 0.391762 * u - 0.812968 * v, l + 2.017232 * u)
        case (.bt601, .full):
            return (y + 1.402 * v, y - 0.344136 * u - 0.714136 * v, y + 1.772 * u)
        case (.bt709, .video):
            let l = 1.164383 * (y - 16)
            return (l + 1.792741 * v, l - 0.213249 * u - 0.532909 * v, l + 2.112402 * u)
        case (.bt709, .full):
            return (y + 1.5748 * v, y - 0.187324 * u - 0.468124 * v, y + 1.8556 * u)
        case (.bt2020, .video):
            let l = 1.164383 * (y - 16)
            return (l + 1.678674 * v, l - 0.187326 * u - 0.650424 * v, l + 2.141772 * u)
        case (.bt2020, .full):
            return (y + 1.4746 * v, y - 0.164553 * u - 0.571353 * v, y + 1.8814 * u)
        }
    }

    func check(_ colorimetry: Colorimetry, y: UInt8, cb: UInt8, cr: UInt8, format: PixelFormat = .nv12) throws {
        var buffer = Frames.uniformNV12(width: 16, height: 8, y: y, cb: cb, cr: cr)
        if format == .nv21 {
            for i in stride(from: 0, to: buffer.planes[1].bytes.count, by: 2) {
                buffer.planes[1].bytes.swapAt(i, i + 1)
            }
            buffer = try PixelBuffer(width: 16, height: 8, format: .nv21, planes: buffer.planes)
        }
        let image = Image(buffer: buffer, colorimetry: colorimetry)
        let e = Self.expected(colorimetry, Double(y), Double(cb), Double(cr))
        let want = [e.0, e.1, e.2].map { min(max($0, 0), 255) }
        for renderer in [try Renderers.glesRenderer() as any Renderer, Renderers.cpu] {
            let out = try Renderers.render(image, on: renderer)
            for (x, row) in [(0, 0), (15, 7), (8, 4)] {
                let p = out.rgba(x: x, row: row)
                for c in 0..<3 {
                    #expect(
                        abs(Double(p[c]) - want[c]) <= 1.0,
                        "\(colorimetry) \(format) Y\(y) Cb\(cb) Cr\(cr) channel \(c) on \(renderer.name)")
                }
                #expect(p[3] == 255)
            }
        }
    }

    @Test func bT601VideoRange() throws {
        try check(Colorimetry(matrix: .bt601, range: .video), y: 120, cb: 100, cr: 150)
        try check(Colorimetry(matrix: .bt601, range: .video), y: 81, cb: 90, cr: 240)
        try check(Colorimetry(matrix: .bt601, range: .video), y: 235, cb: 128, cr: 128)
    }

    @Test func bT601FullRange() throws {
        try check(Colorimetry(matrix: .bt601, range: .full), y: 120, cb: 100, cr: 150)
        try check(Colorimetry(matrix: .bt601, range: .full), y: 30, cb: 200, cr: 60)
    }

    @Test func bT709VideoRange() throws {
        try check(Colorimetry(matrix: .bt709, range: .video), y: 120, cb: 100, cr: 150)
        try check(Colorimetry(matrix: .bt709, range: .video), y: 180, cb: 60, cr: 90)
    }

    @Test func nV21SwapsChroma() throws {
        try check(Colorimetry(matrix: .bt601, range: .video), y: 120, cb: 100, cr: 150, format: .nv21)
    }

    @Test func topRowOfTheBufferIsTheTopOfTheImage() throws {
        // Y ramps down the rows: the first output row must be the first buffer row.
        let buffer = Frames.nv12(width: 8, height: 8, y: { _, r in UInt8(16 + r * 20) }, cb: 128, cr: 128)
        for renderer in [try Renderers.glesRenderer() as any Renderer, Renderers.cpu] {
            let out = try Renderers.render(
                Image(buffer: buffer, colorimetry: .init(matrix: .bt601, range: .video)), on: renderer)
            #expect(abs(Int(out.rgba(x: 3, row: 0)[0]) - 0) <= 1, "\(renderer.name)")
            #expect(abs(Double(out.rgba(x: 3, row: 7)[0]) - (1.164383 * 140)) <= 1, "\(renderer.name)")
        }
    }

    /// Chroma that changes at every chroma texel (a checkerboard plus ramps) exercises the 2× upsampling
    /// weights, including the edges; GLES's texture filtering is the reference.
    @Test func upsampledChromaAgreesWithGLESTextureFiltering() throws {
        for (w, h) in [(32, 16), (30, 14), (64, 6)] {
            var b = Frames.nv12(width: w, height: h, y: { x, r in UInt8(40 + (x * 3 + r * 5) % 180) })
            let cw = (w + 1) / 2, ch = (h + 1) / 2
            for r in 0..<ch {
                for c in 0..<cw {
                    let o = r * b.planes[1].bytesPerRow + c * 2
                    b.planes[1].bytes[o] = (r + c) % 2 == 0 ? 40 : 220
                    b.planes[1].bytes[o + 1] = UInt8(16 + (c * 200) / max(cw - 1, 1))
                }
            }
            for format in [PixelFormat.nv12, .nv21] {
                let buffer = try PixelBuffer(width: w, height: h, format: format, planes: b.planes)
                let image = Image(buffer: buffer, colorimetry: Colorimetry(matrix: .bt709, range: .full))
                let gles = try Renderers.render(image, on: try Renderers.glesRenderer())
                let cpu = try Renderers.render(image, on: Renderers.cpu)
                let d = maxDifference(gles, cpu)
                #expect(d.value <= 2, "\(w)×\(h) \(format): \(d)")
                // A sub-rectangle render (spans that start mid-frame) agrees too.
                let rect = Rect(x: 3, y: 1, width: Double(w - 7), height: Double(h - 3))
                let d2 = maxDifference(
                    try Renderers.render(image, on: try Renderers.glesRenderer(), rect: rect),
                    try Renderers.render(image, on: Renderers.cpu, rect: rect))
                #expect(d2.value <= 2, "\(w)×\(h) \(format) sub-rect: \(d2)")
            }
        }
    }

    /// Every luma value under a grid of chroma values, on every matrix and range, in RGBA and BGRA, through
    /// the CPU's fixed-point row decoder (frames 250 pixels wide, so rows end in a partial block): each
    /// channel within one code value of the standard's equations.
    @Test func theCPUDecodeMatchesTheStandardsOverTheWholeInputRange() throws {
        let width = 250
        for matrix in YCbCrMatrix.allCases {
            for range in YCbCrRange.allCases {
                let colorimetry = Colorimetry(matrix: matrix, range: range)
                for cb in stride(from: 0, through: 255, by: 17) {
                    for cr in stride(from: 0, through: 255, by: 17) {
                        let buffer = Frames.nv12(
                            width: width, height: 2, y: { x, _ in UInt8(x) }, cb: UInt8(cb), cr: UInt8(cr))
                        let image = Image(buffer: buffer, colorimetry: colorimetry)
                        var bgra = Context.Options()
                        bgra.outputFormat = .bgra8
                        let rgbaOut = try Renderers.render(image, on: Renderers.cpu)
                        let bgraOut = try Renderers.render(image, on: Renderers.cpu, options: bgra)
                        for x in 0..<width {
                            let e = Self.expected(colorimetry, Double(x), Double(cb), Double(cr))
                            let want = [e.0, e.1, e.2].map { min(max($0, 0), 255) }
                            // Raw bytes, so the BGRA byte order itself is checked.
                            let o = bgraOut.planes[0].bytesPerRow + 4 * x
                            let p = rgbaOut.rgba(x: x, row: 1), q = Array(bgraOut.planes[0].bytes[o..<(o + 4)])
                            for c in 0..<3 {
                                #expect(
                                    abs(Double(p[c]) - want[c]) <= 1.0,
                                    "\(colorimetry) Y\(x) Cb\(cb) Cr\(cr) channel \(c)")
                                #expect(
                                    abs(Double(q[2 - c]) - want[c]) <= 1.0,
                                    "BGRA \(colorimetry) Y\(x) Cb\(cb) Cr\(cr) channel \(c)")
                            }
                            #expect(p[3] == 255)
                            #expect(q[3] == 255)
                        }
                    }
                }
            }
        }
    }
}
