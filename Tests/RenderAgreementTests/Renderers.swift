import Foundation
import IrisCore
import IrisCPU
import IrisGLES
import Testing

/// One GLES renderer per test process (contexts are costly on llvmpipe), and helpers to compare renders.
enum Renderers {
    static let gles: Result<GLESRenderer, any Error> = Result { try GLESRenderer() }
    static let cpu = CPURenderer()

    static func glesRenderer(file: StaticString = #filePath, line: UInt = #line) throws -> GLESRenderer {
        switch gles {
        case let .success(r): return r
        case let .failure(e):
            Issue.record("GLES renderer unavailable: \(e)")
            throw e
        }
    }

    static func render(_ image: Image, on renderer: any Renderer, options: Context.Options = .init(), rect: Rect? = nil)
        throws -> PixelBuffer
    {
        try Context(renderer: renderer, options: options).render(image, rect: rect)
    }
}

/// The largest per-channel difference between `whole` (a render of the whole picture) and a render of
/// `part` of it, a rectangle starting at an odd column, which takes the CPU's span interpreter where the
/// whole picture may take the direct camera rows.
func worstAgainstSpanInterpreter(_ image: Image, whole: PixelBuffer, options: Context.Options, part: Rect) throws -> Int
{
    let rendered = try Renderers.render(image, on: Renderers.cpu, options: options, rect: part)
    let top = Int(image.extent.maxY - part.maxY), left = Int(part.minX - image.extent.minX)
    var worst = 0
    for row in 0..<rendered.height {
        for x in 0..<rendered.width {
            let a = rendered.rgba(x: x, row: row), b = whole.rgba(x: x + left, row: row + top)
            for c in 0..<4 { worst = max(worst, abs(Int(a[c]) - Int(b[c]))) }
        }
    }
    return worst
}

/// The largest per-channel difference between two RGBA8/BGRA8 buffers of the same size, and where.
func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> (value: Int, x: Int, row: Int) {
    precondition(a.width == b.width && a.height == b.height)
    var worst = (value: 0, x: 0, row: 0)
    for row in 0..<a.height {
        for x in 0..<a.width {
            let pa = a.rgba(x: x, row: row), pb = b.rgba(x: x, row: row)
            for c in 0..<4 {
                let d = abs(Int(pa[c]) - Int(pb[c]))
                if d > worst.value { worst = (d, x, row) }
            }
        }
    }
    return worst
}

/// Synthetic frames with structure in every channel, so filters have something to change.
enum Frames {
    static func rgbaGradient(width: Int, height: Int, alpha: Bool = false) -> PixelBuffer {
        var b = PixelBuffer(width: width, height: height, format: .rgba8)
        for row in 0..<height {
            for x in 0..<width {
                let o = row * b.planes[0].bytesPerRow + x * 4
                b.planes[0].bytes[o] = UInt8(x * 255 / max(width - 1, 1))
                b.planes[0].bytes[o + 1] = UInt8(row * 255 / max(height - 1, 1))
                b.planes[0].bytes[o + 2] = UInt8((x * 7 + row * 13) % 256)
                b.planes[0].bytes[o + 3] = alpha ? UInt8(128 + (x * 127) / max(width - 1, 1)) : 255
            }
        }
        return b
    }

    static func nv12(width: Int, height: Int, y: (Int, Int) -> UInt8, cb: UInt8 = 100, cr: UInt8 = 150) -> PixelBuffer {
        var b = PixelBuffer(width: width, height: height, format: .nv12)
        for row in 0..<height {
            for x in 0..<width { b.planes[0].bytes[row * b.planes[0].bytesPerRow + x] = y(x, row) }
        }
        for i in stride(from: 0, to: b.planes[1].bytes.count, by: 2) {
            b.planes[1].bytes[i] = cb
            b.planes[1].bytes[i + 1] = cr
        }
        return b
    }

    static func uniformNV12(width: Int, height: Int, y: UInt8, cb: UInt8, cr: UInt8) -> PixelBuffer {
        nv12(width: width, height: height, y: { _, _ in y }, cb: cb, cr: cr)
    }
}
