/// Memory another owner lends to frames, read in place: a camera's mapped capture buffer. Planes that borrow
/// it (`PixelBuffer.Plane(borrowing:offset:count:bytesPerRow:)`) are rendered, uploaded and encoded straight
/// from it. When the last holder lets go, `giveBack` runs, exactly once, and the owner may reuse the memory
/// (the camera queues the buffer with the driver again).
///
///     let memory = BorrowedMemory(base: mapped, count: length) { camera.requeue(index) }
public final class BorrowedMemory: @unchecked Sendable {
    // Unchecked because a raw pointer is not Sendable. The memory is only read while it is lent: its owner
    // writes to it again only after `giveBack`, and keeps the mapping alive until then.
    public let base: UnsafeRawPointer
    public let count: Int
    /// What lent it, for metrics and errors ("/dev/video0 buffer 2").
    public let lender: String
    /// The same memory as a dmabuf, planes in the buffer's plane order, for a renderer that imports it (EGL);
    /// nil when the lender could not export it. The lender owns the descriptors.
    public let dmabuf: DMABuf?
    private let giveBack: @Sendable () -> Void

    public init(
        base: UnsafeRawPointer, count: Int, lender: String, dmabuf: DMABuf? = nil,
        giveBack: @escaping @Sendable () -> Void
    ) {
        self.base = base
        self.count = count
        self.lender = lender
        self.dmabuf = dmabuf
        self.giveBack = giveBack
    }

    deinit { giveBack() }
}
