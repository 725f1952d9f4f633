/// The plane a display scales frames of another size on: an overlay plane that can drive the CRTC and
/// takes XRGB8888 (the primary plane stays under it with a black frame of the mode's size, so the bars are
/// black whatever the driver requires of a primary plane's coverage).
enum ScalingPlane {
    /// The first overlay plane usable on the CRTC with index `crtcIndex`; nil when there is none.
    static func choose(in resources: DisplayResources, crtcIndex: Int) -> UInt32? {
        resources.planes.first { plane in
            plane.kind == .overlay && plane.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0
                && plane.formats.contains("XR24")
        }?.id
    }
}
