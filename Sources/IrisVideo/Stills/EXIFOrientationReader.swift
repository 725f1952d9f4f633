import IrisCore

/// Finds the EXIF orientation (TIFF tag 0x0112 in IFD0 of an APP1 "Exif" segment) in a JPEG.
/// Only that one tag is read; a missing or malformed EXIF block means "no orientation", never an error,
/// because the pixels are still good.
enum EXIFOrientationReader {
    static func orientation(inJPEG bytes: [UInt8]) -> Orientation? {
        for segment in JPEGMarkerWalk.segments(bytes).segments where segment.marker == 0xE1 {
            let payload = bytes[segment.payload]
            guard payload.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) else { continue }  // "Exif\0\0"
            if let found = orientation(inTIFF: Array(payload.dropFirst(6))) { return found }
        }
        return nil
    }

    /// Reads IFD0 of a TIFF block in either byte order ("II" little-endian, "MM" big-endian).
    static func orientation(inTIFF tiff: [UInt8]) -> Orientation? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let (a, b) = (Int(tiff[at]), Int(tiff[at + 1]))
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(littleEndian ? at : at + 2), let high = u16(littleEndian ? at + 2 : at) else {
                return nil
            }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + 12 * index
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type 3 is SHORT; a single SHORT sits in the first two bytes of the value field.
            guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return nil }
            return Orientation(rawValue: value)
        }
        return nil
    }
}
