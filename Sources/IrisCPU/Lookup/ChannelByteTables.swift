import IrisCore

/// A separable cube (`ColorCube.isSeparable`: each output channel a function of its own input channel)
/// and the output's store — the sRGB byte encode after it, or the plain byte store when the cube holds the
/// encode — as one byte table per channel indexed by the fixed-point decode's coordinates
/// (`FixedPointMatrix.coordinateBits`): three table reads a pixel instead of a tetrahedral lookup and an
/// encode. A tetrahedral lookup of a separable cube is linear interpolation along each axis, so the tables
/// hold exactly that, stored as the cube path stores it (`SRGBByteTable`, or `packBytes`' rounding).
struct ChannelByteTables: Sendable {
    let red: [UInt8], green: [UInt8], blue: [UInt8]

    /// `encode` nil: the cube's results are the output's encoded values.
    init?(_ cube: CubeInterpolator, encode: SRGBByteTable?) {
        guard cube.isSeparable, cube.isOpaqueAndFinite, let cellBits = cube.unit16CellBits else { return nil }
        let size = cube.size, entries = cube.entries
        let count = (1 << FixedPointMatrix.coordinateBits) + 1
        let cellScale = Float(1 << cellBits)
        func table(_ channel: Int, stride: Int) -> [UInt8] {
            (0..<count).map { u in
                let cell = min(u >> cellBits, size - 2)
                let fraction = Float(u - cell << cellBits) / cellScale
                let low = entries[cell * stride][channel], high = entries[(cell + 1) * stride][channel]
                let value = low + (high - low) * fraction
                if let encode { return encode.byte(value) }
                return UInt8((min(max(value, 0), 1) * 255 + 0.5).rounded(.down))
            }
        }
        red = table(0, stride: 1)
        green = table(1, stride: size)
        blue = table(2, stride: size * size)
    }

    /// Writes `count` RGBA (BGRA when `swapsRedBlue`) words, alpha 255, from 16-bit coordinates.
    func encode(
        r: UnsafePointer<UInt16>, g: UnsafePointer<UInt16>, b: UnsafePointer<UInt16>, count: Int, swapsRedBlue: Bool,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        red.withUnsafeBufferPointer { rt in
            green.withUnsafeBufferPointer { gt in
                blue.withUnsafeBufferPointer { bt in
                    guard let rt = rt.baseAddress, let gt = gt.baseAddress, let bt = bt.baseAddress else { return }
                    ChannelBytePacking.pack(
                        red: rt, at: r, green: gt, at: g, blue: bt, at: b, count: count, swapsRedBlue: swapsRedBlue,
                        into: out)
                }
            }
        }
    }
}
