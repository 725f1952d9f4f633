import Foundation
import IrisCore

/// The floor of any render: copying a buffer's bytes with `memcpy`, plane by plane, into new storage.
public enum MemoryCopy {
    public static func copy(_ source: PixelBuffer) -> PixelBuffer {
        var out = PixelBuffer(width: source.width, height: source.height, format: source.format)
        for i in source.planes.indices {
            let count = min(source.planes[i].byteCount, out.planes[i].byteCount)
            source.planes[i].withUnsafeBytes { src in
                out.planes[i].bytes.withUnsafeMutableBytes { dst in
                    guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                    memcpy(d, s, count)
                }
            }
        }
        return out
    }
}
