import IrisCPU
import IrisCore
import IrisFilters
import Testing

/// A Y'CbCr frame rendered unchanged into encoder planes of its own layout and colours is handed on as it is
/// (`Context.framePlanes`): its own bytes, and nothing rendered. Anything else is rendered.
@Suite struct FramePlanesTests {
    static func encode(_ image: Image, _ encoding: EncoderPlanes, keepingPicture: Bool = false) throws -> (
        render: EncodedRender, rendered: ByteTraffic
    ) {
        let context = Context(renderer: CPURenderer())
        let render = try context.render(image, encoding: encoding, keepingPicture: keepingPicture)
        return (render, context.traffic)
    }

    @Test(arguments: [PixelFormat.i420, .nv12])
    func aFrameInTheEncodersLayoutIsItsOwnPlanes(format: PixelFormat) throws {
        let buffer = ColorCubeAgreementTests.frame(format, width: 64, height: 48)
        let colorimetry = Colorimetry(matrix: .bt709, range: .full)
        let image = Image(frame: Frame(buffer: buffer, colorimetry: colorimetry))
        let layout: EncoderPlanes.Layout = format == .i420 ? .i420 : .nv12
        let (render, traffic) = try Self.encode(image, EncoderPlanes(layout: layout, colorimetry: colorimetry))
        let handedOn = render.planes == buffer
        #expect(handedOn, "the frame's own planes")
        #expect(traffic == ByteTraffic())
        #expect(render.picture == nil)
    }

    @Test func anythingElseIsRendered() throws {
        let i420 = ColorCubeAgreementTests.frame(.i420, width: 64, height: 48)
        let frame = Image(frame: Frame(buffer: i420, colorimetry: .default))
        let cases: [(String, Image, EncoderPlanes)] = [
            (
                "other colours", frame,
                EncoderPlanes(layout: .i420, colorimetry: Colorimetry(matrix: .bt709, range: .video))
            ),
            ("other layout", frame, EncoderPlanes(layout: .nv12, colorimetry: .default)),
            ("a filter", try frame.applyingFilter(.exposureAdjust(ev: 0)), EncoderPlanes()),
            ("a crop", frame.cropped(to: Rect(width: 64, height: 46)), EncoderPlanes()),
            ("an RGB picture", Image(buffer: PixelBuffer(width: 64, height: 48, format: .rgba8)), EncoderPlanes())
        ]
        for (label, image, encoding) in cases {
            let (render, traffic) = try Self.encode(image, encoding)
            #expect(traffic.cpuConverted > 0, "\(label): rendered")
            #expect(render.planes.format == encoding.pixelFormat, "\(label)")
        }
    }

    /// A frame whose rows are not padded as the encoder's are (a 6-pixel I420 frame's 3-byte chroma rows) is
    /// rendered into planes with the encoder's padding; its samples come back within a code value of the frame's
    /// (the decode stretches the chroma and the encoder averages it again, so a smooth frame keeps its values).
    @Test func unpaddedRowsAreRenderedIntoPaddedOnes() throws {
        var buffer = PixelBuffer(width: 6, height: 4, format: .i420)
        for p in buffer.planes.indices {
            for i in buffer.planes[p].bytes.indices { buffer.planes[p].bytes[i] = p == 0 ? 120 : 128 }
        }
        #expect(buffer.planes[1].bytesPerRow == 3)
        let (render, traffic) = try Self.encode(Image(frame: Frame(buffer: buffer)), EncoderPlanes())
        #expect(traffic.cpuConverted > 0)
        #expect(render.planes.planes[1].bytesPerRow == 4)
        for p in 0..<3 {
            let (samples, rows) = PixelFormat.i420.planeSize(p, width: 6, height: 4)
            for row in 0..<rows {
                for x in 0..<samples {
                    let value = Int(render.planes.planes[p].bytes[row * render.planes.planes[p].bytesPerRow + x])
                    #expect(abs(value - (p == 0 ? 120 : 128)) <= 1, "plane \(p) (\(x), \(row))")
                }
            }
        }
    }

    /// A camera's rows may be longer than its pixels (a stride aligned for its DMA): handed on as they are.
    @Test func widerRowsAreHandedOnAsTheyAre() throws {
        let packed = ColorCubeAgreementTests.frame(.i420, width: 64, height: 48)
        let strides = [80, 48, 48]
        let planes = packed.planes.enumerated().map { index, plane in
            let (samples, rows) = PixelFormat.i420.planeSize(index, width: 64, height: 48)
            var bytes = [UInt8](repeating: 0xEE, count: strides[index] * rows)
            for row in 0..<rows {
                for x in 0..<samples { bytes[row * strides[index] + x] = plane.bytes[row * plane.bytesPerRow + x] }
            }
            return PixelBuffer.Plane(bytes: bytes, bytesPerRow: strides[index])
        }
        let buffer = try PixelBuffer(width: 64, height: 48, format: .i420, planes: planes)
        let (render, traffic) = try Self.encode(Image(frame: Frame(buffer: buffer)), EncoderPlanes())
        let handedOn = render.planes == buffer
        #expect(handedOn, "the frame's own planes, rows and all")
        #expect(traffic == ByteTraffic())
    }

    /// A preview of the same frame still gets its picture, as a plain render gives it.
    @Test func keepingThePictureRendersOnlyThePicture() throws {
        let buffer = ColorCubeAgreementTests.frame(.i420, width: 32, height: 24)
        let image = Image(frame: Frame(buffer: buffer))
        let (render, _) = try Self.encode(image, EncoderPlanes(), keepingPicture: true)
        let handedOn = render.planes == buffer
        #expect(handedOn, "the frame's own planes")
        let picture = try Context(renderer: CPURenderer()).render(image)
        let samePicture = render.picture == picture
        #expect(samePicture, "the picture a plain render gives")
    }
}
