import Foundation
import IrisCPU
import IrisCore
import IrisFilters
import Testing

/// The encoder planes both renderers write (`Renderer.execute(_:encoding:keepingPicture:)`) against the
/// CPU's conversion of the picture each rendered: the CPU's band-by-band path exactly, the GLES encoder
/// passes within one code value, for every matrix, range and layout, odd sizes included.
@Suite(.serialized) struct EncoderPlanesAgreementTests {
    static let colorimetries = YCbCrMatrix.allCases.flatMap { matrix in
        YCbCrRange.allCases.map { Colorimetry(matrix: matrix, range: $0) }
    }

    /// Recipes that reach each CPU output path: the camera's direct rows (decode → baked cube), the span
    /// interpreter over a blur's intermediate, and a plain RGBA picture.
    static func recipes(width: Int, height: Int) throws -> [(name: String, image: Image)] {
        let camera = ColorCubeAgreementTests.frame(.nv12, width: width + width % 2, height: height + height % 2)
        let frame = try Image(frame: Frame(buffer: camera, colorimetry: .default))
            .applyingFilter(.sepiaTone(intensity: 0.6)).applyingFilter(.exposureAdjust(ev: 0.3))
            .cropped(to: Rect(width: width, height: height))
        let gradient = Image(buffer: Frames.rgbaGradient(width: width, height: height))
        return [
            ("camera frame through a colour chain", frame),
            ("a blurred gradient", try gradient.applyingFilter(.gaussianBlur(radius: 2)).cropped(to: gradient.extent)),
            ("a gradient as it is", gradient)
        ]
    }

    /// The largest difference between two encoder-plane buffers over their samples (padding left out).
    static func planeDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        precondition(a.format == b.format && a.width == b.width && a.height == b.height)
        var worst = 0
        for index in a.planes.indices {
            let (samples, rows) = a.format.planeSize(index, width: a.width, height: a.height)
            let rowBytes = samples * a.format.planes[index].bytesPerSample
            for row in 0..<rows {
                for x in 0..<rowBytes {
                    let d =
                        Int(a.planes[index].bytes[row * a.planes[index].bytesPerRow + x])
                        - Int(b.planes[index].bytes[row * b.planes[index].bytesPerRow + x])
                    worst = max(worst, abs(d))
                }
            }
        }
        return worst
    }

    static func plan(_ image: Image, for renderer: any Renderer, format: PixelFormat) throws -> RenderPlan {
        var options = Context.Options()
        options.outputFormat = format
        return try Context(renderer: renderer, options: options).planAndRenderer(image).0
    }

    /// One case: a recipe's plan for `renderer` at one size and output format, and an encoding.
    struct Case {
        let label: String
        let plan: RenderPlan
        let format: PixelFormat
        let encoding: EncoderPlanes
    }

    /// Every recipe at every size, output format and layout, with `colorimetry`.
    static func cases(for renderer: any Renderer, sizes: [(Int, Int)], colorimetry: Colorimetry) throws -> [Case] {
        var cases: [Case] = []
        for (width, height) in sizes {
            for (name, image) in try recipes(width: width, height: height) {
                for format in [PixelFormat.bgra8, .rgba8] {
                    let plan = try plan(image, for: renderer, format: format)
                    for layout in EncoderPlanes.Layout.allCases {
                        cases.append(
                            Case(
                                label: "\(name) \(width)×\(height) \(format) → \(layout)", plan: plan, format: format,
                                encoding: EncoderPlanes(layout: layout, colorimetry: colorimetry)))
                    }
                }
            }
        }
        return cases
    }

    @Test("CPU: the planes written band by band equal the conversion of its picture", arguments: colorimetries)
    func cpuPlanesEqualConversion(colorimetry: Colorimetry) throws {
        let renderer = CPURenderer(options: .init(threads: 3))
        for c in try Self.cases(for: renderer, sizes: [(64, 48), (33, 17)], colorimetry: colorimetry) {
            let both = try renderer.execute(c.plan, encoding: c.encoding, keepingPicture: true)
            let picture = try #require(both.picture)
            #expect(picture == (try renderer.execute(c.plan)), "\(c.label): the kept picture differs")
            let converted = EncoderPlaneConverter(c.encoding, from: c.format).convert(picture)
            #expect(Self.planeDifference(both.planes, converted) == 0, "\(c.label)")
            let alone = try renderer.execute(c.plan, encoding: c.encoding, keepingPicture: false)
            #expect(alone.picture == nil)
            #expect(alone.planes == both.planes, "\(c.label): planes alone differ, padding included")
        }
    }

    @Test("CPU: a render held to one band thread (ThreadLimit) writes the same planes and picture as three")
    func oneBandThreadWritesTheSame() throws {
        let renderer = CPURenderer(options: .init(threads: 3))
        let copy = renderer
        defer { renderer.threadLimit.set(.max) }
        for c in try Self.cases(for: renderer, sizes: [(64, 48), (33, 17)], colorimetry: .default) {
            renderer.threadLimit.set(.max)
            let three = try renderer.execute(c.plan, encoding: c.encoding, keepingPicture: true)
            copy.threadLimit.set(1)
            #expect(renderer.threadLimit.current == 1, "a copy shares the limit")
            let one = try renderer.execute(c.plan, encoding: c.encoding, keepingPicture: true)
            #expect(one.planes == three.planes, "\(c.label): planes")
            #expect(one.picture == three.picture, "\(c.label): picture")
        }
    }

    @Test("GLES: the encoder passes agree with the CPU conversion of its picture", arguments: colorimetries)
    func glesPlanesMatchConversion(colorimetry: Colorimetry) throws {
        let renderer = try Renderers.glesRenderer()
        for c in try Self.cases(for: renderer, sizes: [(64, 48), (33, 17), (1, 1)], colorimetry: colorimetry) {
            let both = try renderer.execute(c.plan, encoding: c.encoding, keepingPicture: true)
            let picture = try #require(both.picture)
            let converted = EncoderPlaneConverter(c.encoding, from: c.format).convert(picture)
            let worst = Self.planeDifference(both.planes, converted)
            #expect(worst <= 1, "\(c.label): off by \(worst)")
            let alone = try renderer.execute(c.plan, encoding: c.encoding, keepingPicture: false)
            #expect(Self.planeDifference(alone.planes, both.planes) == 0)
        }
    }

    @Test("GLES reads back 1.5 bytes a pixel for the planes, and the CPU writes no RGBA frame")
    func trafficOfThePlanes() throws {
        let gles = try Renderers.glesRenderer()
        let image = try Self.recipes(width: 64, height: 48)[0].image
        let plan = try Self.plan(image, for: gles, format: .bgra8)
        let before = gles.traffic
        _ = try gles.execute(plan, encoding: EncoderPlanes(), keepingPicture: false)
        let moved = gles.traffic - before
        #expect(moved.gpuReadBack == 64 * 48 * 3 / 2)
        let cpu = CPURenderer()
        let cpuPlan = try Self.plan(image, for: cpu, format: .bgra8)
        let cpuBefore = cpu.traffic
        _ = try cpu.execute(cpuPlan, encoding: EncoderPlanes(), keepingPicture: false)
        #expect((cpu.traffic - cpuBefore).cpuConverted == 64 * 48 * 3 / 2)
    }

    @Test("the context renders a recipe straight into planes on either renderer")
    func contextRendersPlanes() throws {
        let image = Image(buffer: Frames.rgbaGradient(width: 20, height: 10))
        for renderer in [try Renderers.glesRenderer() as any Renderer, CPURenderer()] {
            let planes = try Context(renderer: renderer).render(image, encoding: EncoderPlanes(layout: .nv12))
            #expect(planes.format == .nv12 && planes.width == 20 && planes.height == 10)
            let top = Int(planes.planes[0].bytes[0]), right = Int(planes.planes[0].bytes[19])
            // Red grows to the right along the top row; Y' grows with it.
            #expect(right > top, "\(renderer.name): \(top) → \(right)")
        }
    }
}
