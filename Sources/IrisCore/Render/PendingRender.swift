import Synchronization

/// A render whose results may still be on their way back from the device. `Renderer.submit` returns one as
/// soon as the device has the work; `result()` waits for the bytes. The GLES renderer reads back into pixel
/// buffer objects on GLES 3, so one frame's readback overlaps the next frame's render; the CPU renderer,
/// and GLES 2, finish the work in `submit`.
///
///     let pending = try context.submit(frame, encoding: planes, keepingPicture: false)
///     // … submit the next frame, then:
///     let recorded = try pending.result().planes
public final class PendingRender: Sendable {
    private enum State {
        case waiting(collect: @Sendable () throws -> EncodedRender, abandon: @Sendable () -> Void)
        case done(Result<EncodedRender, any Error>)
    }

    /// Whether the readback was still under way when `submit` returned.
    public let isAsynchronous: Bool
    private let state: Mutex<State>

    /// A render that is already finished.
    public init(finished render: EncodedRender) {
        isAsynchronous = false
        state = Mutex(.done(.success(render)))
    }

    /// A render still under way: `collect` waits for it and returns its bytes (called at most once);
    /// `abandon` lets its resources go when nobody asks for the result.
    public init(
        collecting collect: @escaping @Sendable () throws -> EncodedRender, abandon: @escaping @Sendable () -> Void
    ) {
        isAsynchronous = true
        state = Mutex(.waiting(collect: collect, abandon: abandon))
    }

    /// The render's planes (and picture), waiting for the device if it has not finished. Later calls
    /// return the same result, or throw the same error.
    public func result() throws -> EncodedRender {
        try state.withLock { state in
            if case let .waiting(collect, _) = state {
                state = .done(Result { try collect() })
            }
            guard case let .done(result) = state else { preconditionFailure("a collected render is done") }
            return try result.get()
        }
    }

    deinit {
        state.withLock { state in
            if case let .waiting(_, abandon) = state { abandon() }
        }
    }
}
