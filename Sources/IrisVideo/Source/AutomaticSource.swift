/// What `--source auto` opens: a libcamera camera first (a Pi camera module), then the first V4L2 node that
/// streams a format Iris reads (raw Bayer sensor nodes are for libcamera, not Iris); the caller falls back to
/// its own default (the pipeline: the bundled recording) when there is no camera.
///
///     let path = AutomaticSource.cameraPath() ?? "clip.mkv"   // "libcamera:0", "/dev/video0" or the file
public enum AutomaticSource {
    /// The source path that asks for this choice.
    public static let name = "auto"

    /// The first camera found, as a source path, nil when the machine has none.
    public static func cameraPath(devices: String = "/dev") -> String? {
        if let cameras = try? LibcameraCameraDescription.all(),
            let index = cameras.firstIndex(where: { $0.formats.contains { $0.pixelFormat != nil } })
        {
            return LibcameraSelector.scheme + "\(index)"
        }
        for path in VideoDevice.nodePaths(in: devices) {
            guard let device = try? VideoDevice(path: path) else { continue }
            if device.formats().contains(where: { $0.captureFormat != nil && !$0.isRawBayer }) { return path }
        }
        return nil
    }
}
