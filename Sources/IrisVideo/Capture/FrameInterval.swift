import CV4L2

extension VideoDevice {
    /// Asks for `fps` frames per second (VIDIOC_S_PARM) and returns the rate the driver chose, or nil
    /// when the driver cannot set its frame interval (no V4L2_CAP_TIMEPERFRAME).
    @discardableResult
    public func setFrameRate(_ fps: Double) throws(CaptureError) -> Double? {
        guard fps > 0 else { return try frameRate() }
        var p = v4l2_streamparm()
        p.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        try control(IRIS_VIDIOC_G_PARM, &p, "VIDIOC_G_PARM")
        guard iris_v4l2_streamparm_capture(&p)!.pointee.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0 else {
            return nil
        }
        // 1/fps as a fraction with a thousandth's precision (29.97 → 1000/29970).
        let capture = iris_v4l2_streamparm_capture(&p)!
        capture.pointee.timeperframe = v4l2_fract(numerator: 1000, denominator: UInt32((fps * 1000).rounded()))
        try control(IRIS_VIDIOC_S_PARM, &p, "VIDIOC_S_PARM")
        return try frameRate()
    }

    /// The current frame rate, or nil when the driver does not report one.
    public func frameRate() throws(CaptureError) -> Double? {
        var p = v4l2_streamparm()
        p.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        try control(IRIS_VIDIOC_G_PARM, &p, "VIDIOC_G_PARM")
        let t = iris_v4l2_streamparm_capture(&p)!.pointee.timeperframe
        return t.numerator > 0 && t.denominator > 0 ? Double(t.denominator) / Double(t.numerator) : nil
    }
}
