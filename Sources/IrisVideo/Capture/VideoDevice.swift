import CV4L2
#if canImport(Glibc)
    import Glibc
#endif

/// An open V4L2 video node: a thin owner of the file descriptor and its capabilities (libcamera's
/// V4L2VideoDevice). Opening checks that the node is a single-planar capture device with streaming I/O.
///
///     let device = try VideoDevice(path: "/dev/video0")
///     print(device.card, device.driver)
public final class VideoDevice {
    public let path: String
    /// The driver's name ("vivid", "uvcvideo").
    public let driver: String
    /// libcamera's V4L2 compatibility layer (`libcamerify`, driver "libcamera") answers for this node. Its
    /// mapped buffers are libcamera's and go away with its streaming, whatever this process still maps, so
    /// a frame must not borrow them (`Camera` copies instead).
    public var isLibcameraCompatibilityLayer: Bool { driver == "libcamera" }
    /// The device's name ("vivid", "HD Pro Webcam C920").
    public let card: String
    public let busInfo: String
    /// V4L2_CAP_* flags of this node.
    public let capabilities: UInt32
    let fd: Int32
    private var closed = false

    /// Opens `path` non-blocking (reads wait in `poll`, with a timeout).
    public init(path: String) throws(CaptureError) {
        self.path = path
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR, ENODEV, ENXIO: throw .noSuchDevice(path: path)
            case EBUSY: throw .busy(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case EISDIR: throw .notCaptureDevice(path: path, reason: "a directory")
            default: throw .failed(path: path, operation: "open", reason: String(cString: strerror(code)))
            }
        }
        var st = stat()
        let isCharacterDevice = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR
        var cap = v4l2_capability()
        // libcamera's V4L2 compatibility layer (libcamerify) answers on an eventfd, not a device node: anything
        // that answers VIDIOC_QUERYCAP is a V4L2 device.
        let r = iris_v4l2_ioctl(fd, IRIS_VIDIOC_QUERYCAP, &cap)
        if r < 0 {
            close(fd)
            if !isCharacterDevice { throw .notCaptureDevice(path: path, reason: "not a character device") }
            if -r == ENODEV { throw .noSuchDevice(path: path) }
            throw .notCaptureDevice(
                path: path, reason: "not a V4L2 device (VIDIOC_QUERYCAP: \(String(cString: strerror(-r))))")
        }
        let caps = cap.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? cap.device_caps : cap.capabilities
        self.fd = fd
        self.driver = CText.string(cap.driver)
        self.card = CText.string(cap.card)
        self.busInfo = CText.string(cap.bus_info)
        self.capabilities = caps
        guard caps & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 else {
            close(fd)
            let reason =
                caps & UInt32(V4L2_CAP_VIDEO_CAPTURE_MPLANE) != 0
                ? "multi-planar capture only" : "no video capture capability"
            throw .notCaptureDevice(path: path, reason: reason)
        }
        guard caps & UInt32(V4L2_CAP_STREAMING) != 0 else {
            close(fd)
            throw .notCaptureDevice(path: path, reason: "no streaming I/O")
        }
    }

    deinit { if !closed { close(fd) } }

    /// The video nodes present, sorted by number (`/dev/video0`, `/dev/video1`, …).
    public static func nodePaths(in directory: String = "/dev") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = CText.string(entry.pointee.d_name)
            if name.hasPrefix("video"), Int(name.dropFirst(5)) != nil { names.append(name) }
        }
        return names.sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }.map { "\(directory)/\($0)" }
    }

    /// Runs one ioctl on `arg`; a failure becomes a typed error.
    func control<T>(_ request: UInt, _ arg: inout T, _ operation: String) throws(CaptureError) {
        let r = withUnsafeMutablePointer(to: &arg) { iris_v4l2_ioctl(fd, request, $0) }
        if r < 0 { throw CaptureError.from(errno: -r, path: path, operation: operation) }
    }

    /// Runs one ioctl; returns 0 or the positive errno (for enumerations, which end with EINVAL).
    func attempt<T>(_ request: UInt, _ arg: inout T) -> Int32 {
        let r = withUnsafeMutablePointer(to: &arg) { iris_v4l2_ioctl(fd, request, $0) }
        return r < 0 ? -r : 0
    }

    // MARK: inputs

    /// The device's inputs (vivid: "Webcam 0", "HDMI 0"; most webcams have one).
    public func inputs() -> [String] {
        var names: [String] = []
        for index in 0..<64 {
            var input = v4l2_input()
            input.index = UInt32(index)
            if attempt(IRIS_VIDIOC_ENUMINPUT, &input) != 0 { break }
            names.append(CText.string(input.name))
        }
        return names
    }

    public func currentInput() throws(CaptureError) -> Int {
        var index: Int32 = 0
        try control(IRIS_VIDIOC_G_INPUT, &index, "VIDIOC_G_INPUT")
        return Int(index)
    }

    public func selectInput(_ index: Int) throws(CaptureError) {
        var value = Int32(index)
        try control(IRIS_VIDIOC_S_INPUT, &value, "VIDIOC_S_INPUT")
    }
}
