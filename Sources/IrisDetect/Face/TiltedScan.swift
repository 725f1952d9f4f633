/// The face scan over the upright picture and copies turned in its plane (`TiltedView`). Every view's
/// accepted windows are mapped back onto the upright picture and grouped together, so a face tilted between
/// two views collects evidence from both. Pooling more views also pools more chance hits, so a class needs
/// more neighbours than one scan would (`minNeighbors` × (1 + tilts / 2)) and members from two views at
/// least; overlapping boxes are then reduced to the strongest (`WindowGrouping.suppressingOverlaps`).
struct TiltedScan: Sendable {
    let scanner: CascadeScanner
    /// Degrees, counter-clockwise; upright is always scanned.
    let tilts: [Double]
    /// The neighbours one upright scan needs (OpenCV's minNeighbors).
    let minNeighbors: Int

    /// The neighbours a pooled class needs.
    var pooledNeighbors: Int { minNeighbors * (2 + tilts.count) / 2 }

    func groups(in plane: LumaPlane) -> [WindowGrouping.Group] {
        var rects = scanner.candidates(in: plane)
        var views = [Int](repeating: 0, count: rects.count)
        // The turned canvas is larger than the picture; windows larger than the picture are not wanted there either.
        var turned = scanner
        turned.maximumSize = min(scanner.maximumSize ?? Int.max, plane.width, plane.height)
        for (i, angle) in tilts.enumerated() {
            let view = TiltedView(plane, degrees: angle)
            let found = turned.candidates(in: view.plane).map(view.uprightWindow)
            rects += found
            views += [Int](repeating: i + 1, count: found.count)
        }
        let groups = WindowGrouping.group(
            rects, views: views, minNeighbors: pooledNeighbors, minimumViews: min(2, 1 + tilts.count))
        return WindowGrouping.suppressingOverlaps(groups)
    }
}
