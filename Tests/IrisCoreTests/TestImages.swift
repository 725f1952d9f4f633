import IrisCore

/// Small synthetic frames for plan tests.
enum TestImages {
    static func nv12(width: Int, height: Int, y: UInt8 = 120, cb: UInt8 = 100, cr: UInt8 = 150) -> PixelBuffer {
        var b = PixelBuffer(width: width, height: height, format: .nv12)
        for i in b.planes[0].bytes.indices { b.planes[0].bytes[i] = y }
        for i in stride(from: 0, to: b.planes[1].bytes.count, by: 2) {
            b.planes[1].bytes[i] = cb
            b.planes[1].bytes[i + 1] = cr
        }
        return b
    }

    static func rgba(width: Int, height: Int) -> PixelBuffer {
        var b = PixelBuffer(width: width, height: height, format: .rgba8)
        for row in 0..<height {
            for x in 0..<width {
                let o = row * b.planes[0].bytesPerRow + x * 4
                b.planes[0].bytes[o] = UInt8(x % 256)
                b.planes[0].bytes[o + 1] = UInt8(row % 256)
                b.planes[0].bytes[o + 2] = UInt8((x + row) % 256)
                b.planes[0].bytes[o + 3] = 255
            }
        }
        return b
    }
}

extension RenderPlan {
    func kernelNames(inPass p: Int) -> [String] {
        var out: [String] = []
        func walk(_ e: Expression) {
            if case let .kernel(n) = e {
                n.inputs.forEach(walk)
                out.append(n.kernel.name)
            }
        }
        walk(passes[p].root)
        return out
    }
}
