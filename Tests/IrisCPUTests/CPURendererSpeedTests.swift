import Foundation
import IrisCore
import IrisBench
import IrisCPU
import Testing

/// Frame times on 1080p, printed for the report. Runs only with IRIS_CPU_BENCH=1, in a release build:
///     IRIS_CPU_BENCH=1 swift test -c release --filter CPURendererSpeedTests
@Suite(
    .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["IRIS_CPU_BENCH"] == "1", "set IRIS_CPU_BENCH=1 to measure"))
struct CPURendererSpeedTests {
    let width = 1920, height = 1080

    /// Fastest of `runs` calls: the machine is shared, and the minimum is the least disturbed.
    func milliseconds(_ runs: Int = 15, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.min() ?? 0
    }

    func report(_ name: String, _ ms: Double) {
        print(String(format: "bench %-34@ %7.2f ms", name as NSString, ms))
    }

    static let exposure = Kernel(
        color: "benchExposure", parameters: [.init("k", "float")], glsl: "",
        cpu: { px, _, _, args in
            let k = args.float(0)
            for i in px.indices { px[i] = SIMD4(px[i].x * k, px[i].y * k, px[i].z * k, px[i].w) }
        })
    static let matrix = Kernel(
        color: "benchMatrix", parameters: [.init("m", "mat4")], glsl: "",
        cpu: { px, _, _, args in
            let m = args.mat4(0)
            let c0 = SIMD4(m[0], m[1], m[2], m[3]), c1 = SIMD4(m[4], m[5], m[6], m[7])
            let c2 = SIMD4(m[8], m[9], m[10], m[11]), c3 = SIMD4(m[12], m[13], m[14], m[15])
            for i in px.indices {
                let s = px[i]
                px[i] = c0 * s.x + c1 * s.y + c2 * s.z + c3 * s.w
            }
        })
    static let invert = Kernel(
        color: "benchInvert", parameters: [], glsl: "",
        cpu: { px, _, _, _ in
            for i in px.indices {
                let c = px[i]
                px[i] = SIMD4(c.w - c.x, c.w - c.y, c.w - c.z, c.w)
            }
        })
    static let brightness = Kernel(
        color: "benchBrightness", parameters: [.init("b", "float")], glsl: "",
        cpu: { px, _, _, args in
            let b = args.float(0)
            for i in px.indices {
                let c = px[i]
                px[i] = SIMD4(c.x + b * c.w, c.y + b * c.w, c.z + b * c.w, c.w)
            }
        })
    static let square = Kernel(
        color: "benchSquare", parameters: [], glsl: "",
        cpu: { px, _, _, _ in
            for i in px.indices {
                let c = px[i]
                px[i] = SIMD4(c.x * c.x, c.y * c.y, c.z * c.z, c.w)
            }
        })
    static let halfScale = Kernel(
        warp: "benchHalf", parameters: [], glsl: "",
        cpu: { coords, _ in
            for i in coords.indices { coords[i] *= 0.5 }
        }, roi: { _, r, _ in r })
    static let ycbcr = Kernel(
        color: "benchYCbCr", inputCount: 2, parameters: [], glsl: "",
        cpu: { px, others, _, _ in
            let chroma = others[0]
            for i in px.indices {
                let y = 1.164 * (px[i].x - 16.0 / 255), cb = chroma[i].x - 0.5, cr = chroma[i].y - 0.5
                let rgb = SIMD4<Float>(y + 1.596 * cr, y - 0.392 * cb - 0.813 * cr, y + 2.017 * cb, 1)
                px[i] = rgb.clamped(lowerBound: .zero, upperBound: .one)
            }
        })

    @Test func frameTimes() throws {
        let renderer = CPURenderer()
        let rgba = TestPlans.noise(width: width, height: height)
        let leaf = RenderPlan.Leaf(buffer: rgba, plane: 0, channels: 4, swapsRedBlue: false)
        let ext = leaf.extent
        func node(_ k: Kernel, _ input: RenderPlan.Expression, _ args: [KernelValue] = []) -> RenderPlan.Expression {
            TestKernels.node(k, [input], args, extent: ext)
        }
        report("memcpy RGBA", milliseconds { _ = MemoryCopy.copy(rgba) })
        report("libyuv CopyPlane RGBA", milliseconds { _ = LibYUV.copy(rgba) })
        let copy = TestPlans.single([leaf], .leaf(0), extent: ext, output: ext)
        report("cpu leaf copy (direct rows)", try milliseconds { _ = try renderer.execute(copy) })
        let floatCopy = TestPlans.single([leaf], node(TestKernels.identity, .leaf(0)), extent: ext, output: ext)
        report("cpu leaf copy via float path", try milliseconds { _ = try renderer.execute(floatCopy) })
        let swapLeaf = RenderPlan.Leaf(buffer: rgba, plane: 0, channels: 4, swapsRedBlue: true)
        report(
            "cpu leaf R/B swap (libyuv rows)",
            try milliseconds {
                _ = try renderer.execute(TestPlans.single([swapLeaf], .leaf(0), extent: ext, output: ext))
            })

        let m: [Float] = [0.9, 0.05, 0.05, 0, 0.05, 0.9, 0.05, 0, 0.05, 0.05, 0.9, 0, 0, 0, 0, 1]
        let five = node(
            Self.square,
            node(
                Self.brightness,
                node(Self.invert, node(Self.matrix, node(Self.exposure, .leaf(0), [.float(1.2)]), [.mat4(m)])),
                [.float(0.05)]))
        let fivePlan = TestPlans.single([leaf], five, extent: ext, output: ext)
        report("cpu 5 colour kernels, 1 pass", try milliseconds { _ = try renderer.execute(fivePlan) })
        let oneThread = CPURenderer(options: .init(threads: 1))
        report("cpu 5 colour kernels, 1 thread", try milliseconds { _ = try oneThread.execute(fivePlan) })

        var nv12 = PixelBuffer(width: width, height: height, format: .nv12)
        for p in nv12.planes.indices {
            nv12.planes[p].bytes = nv12.planes[p].bytes.indices.map { UInt8(truncatingIfNeeded: $0 &* 7 >> 3) }
        }
        let luma = RenderPlan.Leaf(buffer: nv12, plane: 0, channels: 1, swapsRedBlue: false)
        let chroma = RenderPlan.Leaf(buffer: nv12, plane: 1, channels: 2, swapsRedBlue: false)
        let decode = TestKernels.node(
            Self.ycbcr, [.leaf(0), TestKernels.node(Self.halfScale, [.leaf(1)], extent: ext)], extent: ext)
        let nv12Plan = TestPlans.single([luma, chroma], decode, extent: ext, output: ext)
        report("libyuv NV12ToARGB", try milliseconds { _ = try LibYUV.nv12ToARGB(nv12) })
        report("cpu NV12 → RGBA (bilinear chroma)", try milliseconds { _ = try renderer.execute(nv12Plan) })
    }
}
