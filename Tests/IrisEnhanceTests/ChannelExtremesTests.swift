import Foundation
import IrisCPU
import IrisCore
import Testing

@testable import IrisEnhance

/// The tone rule's extremes: each channel's smallest and largest byte anywhere, whichever band of rows holds
/// it and whichever byte order the context renders.
struct ChannelExtremesTests {
    /// 30×600 (three bands of 256 rows) of mid grey, one pixel (250, 12, 128) in the last band and one
    /// (40, 200, 3) in the first.
    static let picture = TestPictures.picture(width: 30, height: 600) { x, row in
        if x == 29 && row == 590 { return SIMD3(250, 12, 128) / 255 }
        if x == 0 && row == 3 { return SIMD3(40, 200, 3) / 255 }
        return SIMD3(repeating: 120.0 / 255)
    }

    @Test(arguments: [PixelFormat.rgba8, .bgra8]) func everyBandAndChannelIsScanned(_ format: PixelFormat) throws {
        var options = Context.Options()
        options.outputFormat = format
        let extremes = try ChannelExtremes(Self.picture, context: Context(renderer: CPURenderer(), options: options))
        #expect(extremes == ChannelExtremes(low: SIMD3(40, 12, 3), high: SIMD3(250, 200, 128)))
    }

    /// After the white balance's gains (linear light), the extremes are the gained channels': here the red
    /// gain of 2 takes red's 250 past white and the blue gain of ½ takes blue's 3 further down.
    @Test func gainsMoveEachChannelsExtremes() {
        let extremes = ChannelExtremes(low: SIMD3(40, 12, 3), high: SIMD3(250, 200, 128))
        let (lo, hi) = extremes.extremes(after: .init(red: 2, blue: 0.5))
        #expect(abs(hi - 1) < 1e-6)
        let blue = TestPictures.encoded(TestPictures.linear(3.0 / 255) * 0.5)
        #expect(abs(lo - blue) < 1e-6, "\(lo) against \(blue)")
        let (plainLow, plainHigh) = extremes.extremes(after: .none)
        #expect(abs(plainLow - 3.0 / 255) < 1e-5 && abs(plainHigh - 250.0 / 255) < 1e-5)
    }
}
