/// Three byte tables, one a channel, read at three rows of indices and packed into RGBA (BGRA when
/// `swapsRedBlue`) words with alpha 255: the last stage of `ChannelByteTables` and `ChannelMatrixRows`.
enum ChannelBytePacking {
    static func pack<Index: FixedWidthInteger>(
        red: UnsafePointer<UInt8>, at redAt: UnsafePointer<Index>, green: UnsafePointer<UInt8>,
        at greenAt: UnsafePointer<Index>, blue: UnsafePointer<UInt8>, at blueAt: UnsafePointer<Index>, count: Int,
        swapsRedBlue: Bool, into out: UnsafeMutablePointer<UInt32>
    ) {
        if swapsRedBlue {
            words(low: blue, blueAt, mid: green, greenAt, high: red, redAt, count: count, into: out)
        } else {
            words(low: red, redAt, mid: green, greenAt, high: blue, blueAt, count: count, into: out)
        }
    }

    /// One loop with fixed shifts for either byte order (a shift by a variable count held the loop back).
    @inline(never)
    private static func words<Index: FixedWidthInteger>(
        low: UnsafePointer<UInt8>, _ lowAt: UnsafePointer<Index>, mid: UnsafePointer<UInt8>,
        _ midAt: UnsafePointer<Index>, high: UnsafePointer<UInt8>, _ highAt: UnsafePointer<Index>, count: Int,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        var i = 0
        while i < count {
            out[i] =
                UInt32(low[Int(truncatingIfNeeded: lowAt[i])]) | UInt32(mid[Int(truncatingIfNeeded: midAt[i])]) &<< 8
                | UInt32(high[Int(truncatingIfNeeded: highAt[i])]) &<< 16 | 0xFF00_0000
            i &+= 1
        }
    }
}
