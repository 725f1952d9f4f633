extension LumaPlane {
    /// The luma at a point between pixels (top-left coordinates, pixel centres at integer + 0.5), blended
    /// from its four neighbours; points outside take the nearest edge pixel.
    func bilinear(x: Double, y: Double) -> Double {
        let px = min(max(x - 0.5, 0), Double(width - 1)), py = min(max(y - 0.5, 0), Double(height - 1))
        let x0 = Int(px), y0 = Int(py), x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let fx = px - Double(x0), fy = py - Double(y0)
        let top = Double(self[x0, y0]) * (1 - fx) + Double(self[x1, y0]) * fx
        let bottom = Double(self[x0, y1]) * (1 - fx) + Double(self[x1, y1]) * fx
        return top * (1 - fy) + bottom * fy
    }
}
