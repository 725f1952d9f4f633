extension LumaPlane {
    /// The pixels of a region (top-left pixel coordinates), clipped to the plane; empty when nothing is left.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> LumaPlane {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + width, self.width), y1 = min(y + height, self.height)
        guard x1 > x0, y1 > y0 else { return LumaPlane(width: 0, height: 0, bytes: []) }
        var out = [UInt8]()
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for row in y0..<y1 { out += bytes[(row * bytesPerRow + x0)..<(row * bytesPerRow + x1)] }
        return LumaPlane(width: x1 - x0, height: y1 - y0, bytes: out)
    }

    /// The pixels of a window (top-left pixel coordinates), clipped to the plane.
    func cropped(_ window: WindowRect) -> LumaPlane {
        cropped(x: window.x, y: window.y, width: window.width, height: window.height)
    }
}
