import IrisCore
import Testing

/// `EncoderPlaneConverter` against the standards' own formulas, written out here in double precision, and
/// against colours whose codes every video engineer knows.
@Suite struct EncoderPlaneConverterTests {
    /// Y'CbCr codes of one R'G'B' colour (0…1) straight from the matrix's definition.
    static func reference(_ rgb: SIMD3<Double>, _ colorimetry: Colorimetry) -> SIMD3<Double> {
        let (kr, kb) = colorimetry.matrix.lumaCoefficients
        let y = kr * rgb.x + (1 - kr - kb) * rgb.y + kb * rgb.z
        let cb = (rgb.z - y) / (2 * (1 - kb)), cr = (rgb.x - y) / (2 * (1 - kr))
        switch colorimetry.range {
        case .video: return SIMD3(16 + 219 * y, 128 + 224 * cb, 128 + 224 * cr)
        case .full: return SIMD3(255 * y, 128 + 255 * cb, 128 + 255 * cr)
        }
    }

    /// A picture with every channel moving: gradients, a checker and noise-like values.
    static func picture(width: Int, height: Int, format: PixelFormat = .rgba8) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, format: format)
        for row in 0..<height {
            for x in 0..<width {
                let o = row * buffer.planes[0].bytesPerRow + 4 * x
                let r = UInt8((x * 255) / max(width - 1, 1))
                let g = UInt8((row * 255) / max(height - 1, 1))
                let b = UInt8(((x * 37 + row * 91) ^ (x * row)) & 0xFF)
                let (first, third) = format == .rgba8 ? (r, b) : (b, r)
                buffer.planes[0].bytes[o] = first
                buffer.planes[0].bytes[o + 1] = g
                buffer.planes[0].bytes[o + 2] = third
                buffer.planes[0].bytes[o + 3] = 255
            }
        }
        return buffer
    }

    /// The largest difference between `planes` and the reference conversion of `picture` (chroma from each
    /// 2×2 block's mean, edge repeated), over Y', Cb and Cr.
    static func worstError(_ planes: PixelBuffer, picture: PixelBuffer, colorimetry: Colorimetry) -> Double {
        func rgb(_ x: Int, _ row: Int) -> SIMD3<Double> {
            let p = picture.rgba(x: min(x, picture.width - 1), row: min(row, picture.height - 1))
            return SIMD3(Double(p[0]), Double(p[1]), Double(p[2])) / 255
        }
        var worst = 0.0
        for row in 0..<picture.height {
            for x in 0..<picture.width {
                let expected = reference(rgb(x, row), colorimetry).x
                let got = Double(planes.planes[0].bytes[row * planes.planes[0].bytesPerRow + x])
                worst = max(worst, abs(expected - got))
            }
        }
        for row in 0..<(picture.height + 1) / 2 {
            for x in 0..<(picture.width + 1) / 2 {
                let mean =
                    (rgb(2 * x, 2 * row) + rgb(2 * x + 1, 2 * row) + rgb(2 * x, 2 * row + 1)
                        + rgb(2 * x + 1, 2 * row + 1)) / 4
                let expected = reference(mean, colorimetry)
                let (cb, cr): (UInt8, UInt8)
                if planes.format == .i420 {
                    cb = planes.planes[1].bytes[row * planes.planes[1].bytesPerRow + x]
                    cr = planes.planes[2].bytes[row * planes.planes[2].bytesPerRow + x]
                } else {
                    cb = planes.planes[1].bytes[row * planes.planes[1].bytesPerRow + 2 * x]
                    cr = planes.planes[1].bytes[row * planes.planes[1].bytesPerRow + 2 * x + 1]
                }
                worst = max(worst, abs(expected.y - Double(cb)), abs(expected.z - Double(cr)))
            }
        }
        return worst
    }

    static let colorimetries = YCbCrMatrix.allCases.flatMap { matrix in
        YCbCrRange.allCases.map { Colorimetry(matrix: matrix, range: $0) }
    }

    @Test("the forward matrix inverts the decode matrix", arguments: colorimetries)
    func forwardInvertsDecode(colorimetry: Colorimetry) {
        let (decode, decodeOffset) = colorimetry.rgbFromYCbCr
        let (encode, encodeOffset) = colorimetry.ycbcrFromRGB
        for rgb in [SIMD3<Float>(0.2, 0.5, 0.9), SIMD3(1, 0, 0), SIMD3(0.7, 0.7, 0.1)] {
            let codes =
                SIMD3(
                    encode[0] * rgb.x + encode[1] * rgb.y + encode[2] * rgb.z,
                    encode[3] * rgb.x + encode[4] * rgb.y + encode[5] * rgb.z,
                    encode[6] * rgb.x + encode[7] * rgb.y + encode[8] * rgb.z) + encodeOffset
            let back =
                SIMD3(
                    decode[0] * codes.x + decode[1] * codes.y + decode[2] * codes.z,
                    decode[3] * codes.x + decode[4] * codes.y + decode[5] * codes.z,
                    decode[6] * codes.x + decode[7] * codes.y + decode[8] * codes.z) + decodeOffset
            let difference = back - rgb
            #expect(
                max(abs(difference.x), abs(difference.y), abs(difference.z)) < 1e-5, "\(rgb) came back as \(back)")
        }
    }

    @Test("known colours: white, black and BT.601/BT.709 red in video range")
    func knownColours() {
        func codes(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ colorimetry: Colorimetry) -> [UInt8] {
            var picture = PixelBuffer(width: 2, height: 2, format: .rgba8)
            for pixel in 0..<4 {
                picture.planes[0].bytes.replaceSubrange(4 * pixel..<4 * pixel + 4, with: [r, g, b, 255])
            }
            let planes = EncoderPlaneConverter(EncoderPlanes(layout: .i420, colorimetry: colorimetry), from: .rgba8)
                .convert(picture)
            return [planes.planes[0].bytes[0], planes.planes[1].bytes[0], planes.planes[2].bytes[0]]
        }
        let bt709 = Colorimetry(matrix: .bt709, range: .video)
        #expect(codes(255, 255, 255, .default) == [235, 128, 128])
        #expect(codes(0, 0, 0, .default) == [16, 128, 128])
        #expect(codes(255, 0, 0, .default) == [81, 90, 240])
        #expect(codes(255, 0, 0, bt709) == [63, 102, 240])
        #expect(codes(0, 0, 0, Colorimetry(matrix: .bt601, range: .full)) == [0, 128, 128])
        #expect(codes(255, 255, 255, Colorimetry(matrix: .bt601, range: .full)) == [255, 128, 128])
    }

    @Test(
        "every matrix, range and layout, odd sizes included, within half a code of the formula",
        arguments: colorimetries)
    func matchesTheFormula(colorimetry: Colorimetry) {
        for (width, height) in [(1, 1), (7, 5), (33, 17), (64, 8), (17, 2)] {
            for source in [PixelFormat.rgba8, .bgra8] {
                let picture = Self.picture(width: width, height: height, format: source)
                for layout in EncoderPlanes.Layout.allCases {
                    let planes = EncoderPlaneConverter(
                        EncoderPlanes(layout: layout, colorimetry: colorimetry), from: source
                    )
                    .convert(picture)
                    #expect(planes.format == layout.pixelFormat)
                    let worst = Self.worstError(planes, picture: picture, colorimetry: colorimetry)
                    // Rounding to the nearest code leaves at most half a code; fixed point adds a hair.
                    #expect(worst <= 0.55, "\(width)×\(height) \(source) → \(layout) \(colorimetry): off by \(worst)")
                }
            }
        }
    }

    @Test("rows are padded to four bytes and the padding is left at zero")
    func paddedRows() {
        let planes = EncoderPlanes(layout: .i420).makeBuffer(width: 7, height: 5)
        #expect(planes.planes.map(\.bytesPerRow) == [8, 4, 4])
        #expect(planes.planes.map(\.bytes.count) == [40, 12, 12])
        let nv12 = EncoderPlanes(layout: .nv12).makeBuffer(width: 7, height: 5)
        #expect(nv12.planes.map(\.bytesPerRow) == [8, 8])
        let converted = EncoderPlaneConverter(EncoderPlanes(layout: .i420), from: .rgba8)
            .convert(Self.picture(width: 7, height: 5))
        #expect((0..<5).allSatisfy { converted.planes[0].bytes[$0 * 8 + 7] == 0 })
    }
}
