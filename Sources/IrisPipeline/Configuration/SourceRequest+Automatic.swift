import IrisVideo

extension SourceRequest {
    /// `auto` made concrete: the camera `AutomaticSource` finds (libcamera's first, then a V4L2 node), else the
    /// bundled recording, so `iris run --source auto` always runs. Any other path is returned as it is.
    ///
    ///     let request = try SourceRequest(path: "auto").resolvingAutomatic()   // libcamera:0 on a Pi
    public func resolvingAutomatic() throws(PipelineError) -> SourceRequest {
        guard path == AutomaticSource.name else { return self }
        var resolved = self
        if let camera = AutomaticSource.cameraPath() {
            resolved.path = camera
        } else {
            resolved.path = try BundledRecording.path()
        }
        return resolved
    }
}
