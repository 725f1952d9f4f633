extension LumaPlane {
    /// Light and dark swapped: zxing-cpp 1.4 reads only dark-on-light codes.
    public func inverted() -> LumaPlane {
        let p = packed
        return LumaPlane(width: width, height: height, bytes: p.bytes.map { 255 - $0 })
    }

    /// Stretches the 1st…99th percentile to 0…255, for washed-out or dim codes.
    public func contrastStretched() -> LumaPlane {
        let p = packed
        var histogram = [Int](repeating: 0, count: 256)
        for v in p.bytes { histogram[Int(v)] += 1 }
        let cut = max(p.bytes.count / 100, 1)
        var low = 0, seen = 0
        while low < 255 && seen + histogram[low] < cut {
            seen += histogram[low]
            low += 1
        }
        var high = 255
        seen = 0
        while high > 0 && seen + histogram[high] < cut {
            seen += histogram[high]
            high -= 1
        }
        guard high > low else { return p }
        let table: [UInt8] = (0..<256).map { v in
            UInt8(min(max((v - low) * 255 / (high - low), 0), 255))
        }
        return LumaPlane(width: width, height: height, bytes: p.bytes.map { table[Int($0)] })
    }

    /// Unsharp mask against a 3×3 box blur (amount 1): crisper module edges on blurred photos.
    public func sharpened() -> LumaPlane {
        mappingInterior { src, i, width in
            var sum = 0
            for dy in -1...1 { for dx in -1...1 { sum += Int(src[i + dy * width + dx]) } }
            return UInt8(min(max(2 * Int(src[i]) - sum / 9, 0), 255))
        }
    }

    /// A 3×3 binomial blur (1 2 1): smooths sensor noise and JPEG blocks that break finder patterns.
    public func blurred() -> LumaPlane {
        mappingInterior { src, i, width in
            let top = Int(src[i - width - 1]) + 2 * Int(src[i - width]) + Int(src[i - width + 1])
            let mid = Int(src[i - 1]) + 2 * Int(src[i]) + Int(src[i + 1])
            let bottom = Int(src[i + width - 1]) + 2 * Int(src[i + width]) + Int(src[i + width + 1])
            return UInt8((top + 2 * mid + bottom + 8) / 16)
        }
    }

    /// A 3×3 neighbourhood filter: `pixel(source, index, width)` gives each interior pixel's new value from
    /// the packed source; the one-pixel border keeps its values.
    private func mappingInterior(_ pixel: (UnsafeBufferPointer<UInt8>, Int, Int) -> UInt8) -> LumaPlane {
        let p = packed
        guard width >= 3, height >= 3 else { return p }
        var out = p.bytes
        p.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 1..<(height - 1) {
                    for x in 1..<(width - 1) { dst[y * width + x] = pixel(src, y * width + x, width) }
                }
            }
        }
        return LumaPlane(width: width, height: height, bytes: out)
    }
}
