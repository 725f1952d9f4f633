/// A ceiling on the pixels a file may ask for. A header is only a claim: a few corrupt or hostile bytes
/// can declare 100000×100000 and make a reader allocate tens of gigabytes before any pixel data is checked.
enum DecodeLimits {
    /// 2^28 pixels (16384×16384), 1 GiB as RGBA8.
    static let maximumPixelCount = 1 << 28

    static func allows(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maximumPixelCount && height <= maximumPixelCount / width
    }
}
