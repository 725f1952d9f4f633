@testable import IrisCPU
import IrisCore
import Testing

/// A per-channel chain's cube stored through three byte tables gives the bytes the tetrahedral lookup and
/// its encode give; a cube that mixes channels is never taken for one.
@Suite struct ChannelByteTablesTests {
    /// Gamma, a gain and a curve, one per channel: separable, and steep near black like a tone curve.
    static let separable = ColorCube(size: 33) { c in
        SIMD4(c.x.squareRoot() * 0.9, c.y * c.y, 0.2 + 0.6 * c.z * c.z * c.z, 1)
    }

    @Test func separabilityIsSeenOnlyWhereChannelsStayApart() {
        #expect(Self.separable.isSeparable)
        #expect(!ColorCube(size: 17) { c in SIMD4(c.x * 0.9 + c.y * 0.1, c.y, c.z, 1) }.isSeparable)
        #expect(!ColorCube(size: 17) { c in SIMD4(c.x, c.y, c.z, 1) * (0.5 + 0.5 * c.x) }.isSeparable)
        #expect(
            ChannelByteTables(CubeInterpolator(ColorCube(size: 17) { c in SIMD4(c.z, c.y, c.x, 1) }), encode: nil)
                == nil)
    }

    @Test(arguments: [true, false]) func tablesStoreWhatTheCubeLookupStores(sRGBEncode: Bool) throws {
        let interpolator = CubeInterpolator(Self.separable)
        let cellBits = try #require(interpolator.unit16CellBits)
        let tables = try #require(ChannelByteTables(interpolator, encode: sRGBEncode ? SRGBByteTable.shared : nil))
        let full = 1 << FixedPointMatrix.coordinateBits
        // Every coordinate on each axis, the other two walking it at other paces; rows carry eight values of padding.
        let n = full + 1
        let r = (0..<n).map { UInt16($0) } + [UInt16](repeating: 0, count: 8)
        let g = (0..<n).map { UInt16(($0 * 7 + 3) % n) } + [UInt16](repeating: 0, count: 8)
        let b = (0..<n).map { UInt16(($0 * 13 + 5) % n) } + [UInt16](repeating: 0, count: 8)
        var fromTables = [UInt32](repeating: 0, count: n), fromCube = fromTables
        var colours = [SIMD4<Float>](repeating: .zero, count: n)
        let rows = CubeRowLookup()
        r.withUnsafeBufferPointer { rp in
            g.withUnsafeBufferPointer { gp in
                b.withUnsafeBufferPointer { bp in
                    let (rs, gs, bs) = (rp.baseAddress!, gp.baseAddress!, bp.baseAddress!)
                    fromTables.withUnsafeMutableBufferPointer {
                        tables.encode(r: rs, g: gs, b: bs, count: n, swapsRedBlue: false, into: $0.baseAddress!)
                    }
                    let coordinates = CubeRowLookup.Coordinates.unit16(r: rs, g: gs, b: bs, cellBits: cellBits)
                    if sRGBEncode {
                        fromCube.withUnsafeMutableBufferPointer {
                            rows.lookUpAndEncode(
                                interpolator, coordinates, count: n, table: .shared, swapsRedBlue: false,
                                into: $0.baseAddress!)
                        }
                    } else {
                        colours.withUnsafeMutableBufferPointer {
                            rows.lookUp(interpolator, coordinates, count: n, into: $0.baseAddress!)
                        }
                    }
                }
            }
        }
        if !sRGBEncode {
            var bytes = [UInt8](repeating: 0, count: 4 * n)
            colours.withUnsafeBufferPointer { c in
                bytes.withUnsafeMutableBufferPointer { packBytes(c.baseAddress!, count: n, into: $0.baseAddress!) }
            }
            fromCube = (0..<n).map { i in (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[4 * i + $1]) << (8 * $1) } }
        }
        var differing = 0
        for i in 0..<n where fromTables[i] != fromCube[i] {
            differing += 1
            for shift in [0, 8, 16, 24] {
                let a = Int(fromTables[i] >> shift & 0xFF), c = Int(fromCube[i] >> shift & 0xFF)
                #expect(
                    abs(a - c) <= 1,
                    "pixel \(i): \(String(fromTables[i], radix: 16)) against \(String(fromCube[i], radix: 16))")
            }
        }
        // Float rounding in the two interpolations may tip a value across a byte's boundary, rarely.
        #expect(differing * 1000 < n, "\(differing) of \(n) pixels differ")
    }

    /// A cube's tables are built once and served again for the same cube (or a copy of it); an equal cube made
    /// anew is another cube, and what the cache serves is what building gives.
    @Test func theCacheServesACubesTablesOnce() throws {
        let copy = Self.separable
        let first = try #require(ChannelByteTablesCache.tables(for: Self.separable, encodesSRGB: true))
        let again = try #require(ChannelByteTablesCache.tables(for: copy, encodesSRGB: true))
        let built = try #require(ChannelByteTables(CubeInterpolator(Self.separable), encode: SRGBByteTable.shared))
        #expect(first.red == built.red && first.green == built.green && first.blue == built.blue)
        first.red.withUnsafeBufferPointer { a in
            again.red.withUnsafeBufferPointer { b in #expect(a.baseAddress == b.baseAddress, "built twice") }
        }
        let unencoded = try #require(ChannelByteTablesCache.tables(for: Self.separable, encodesSRGB: false))
        #expect(unencoded.red != first.red, "the plain store is cached apart from the sRGB encode")
        let remade = ColorCube(size: Self.separable.size, entries: Self.separable.entries.map { $0 })
        #expect(!remade.sharesStorage(with: Self.separable))
        #expect(
            ChannelByteTablesCache.tables(for: ColorCube(size: 17) { c in SIMD4(c.z, c.y, c.x, 1) }, encodesSRGB: true)
                == nil)
    }
}
