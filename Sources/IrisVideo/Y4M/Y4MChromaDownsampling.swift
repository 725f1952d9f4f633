/// Averages 4:2:2 or 4:4:4 chroma planes down to 4:2:0, because `PixelFormat` has no planar 4:2:2/4:4:4
/// layout yet. Each output sample is the rounded mean of the 1, 2 or 4 stored samples it covers (fewer at an
/// odd right or bottom edge), which is where 4:2:0 "jpeg" siting puts it.
enum Y4MChromaDownsampling {
    /// - Parameters:
    ///   - plane: a stored chroma plane, rows packed, `sourceWidth`×`sourceHeight`.
    ///   - horizontal, vertical: how many stored samples one 4:2:0 sample spans on each axis (1 or 2).
    static func to420(_ plane: [UInt8], sourceWidth: Int, sourceHeight: Int, horizontal: Int, vertical: Int) -> [UInt8]
    {
        if horizontal == 1 && vertical == 1 { return plane }
        let width = (sourceWidth + horizontal - 1) / horizontal
        let height = (sourceHeight + vertical - 1) / vertical
        var out = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            let rows = (row * vertical)..<min(row * vertical + vertical, sourceHeight)
            for x in 0..<width {
                let columns = (x * horizontal)..<min(x * horizontal + horizontal, sourceWidth)
                var sum = 0
                for r in rows { for c in columns { sum += Int(plane[r * sourceWidth + c]) } }
                let count = rows.count * columns.count
                out[row * width + x] = UInt8((sum + count / 2) / count)
            }
        }
        return out
    }
}
