import Foundation
import IrisPipeline
import NIOCore
import NIOHTTP1

/// The MJPEG stream (`multipart/x-mixed-replace`) to one viewer. At most one frame is on its way at a time:
/// a frame that comes while one is being sent waits in one slot, replaced by any newer one, so a slow viewer
/// skips frames (counted) and never holds up the pipeline or other viewers. A viewer that takes nothing
/// for `stallLimit` is closed (counted). When the run ends the viewer gets the "no signal" frame, then the
/// end of the stream.
final class FrameStream: WebStream {
    static let boundary = "irisframe"

    private let context: ChannelHandlerContext
    private let view: LiveView
    private let stallLimit: TimeAmount
    private var subscriptions: [LiveSubscription] = []
    private var sending = false
    private var waiting: LiveFrame?
    private var ending = false
    private var finished = false
    private var stallTimer: Scheduled<Void>?

    init(context: ChannelHandlerContext, view: LiveView, stallLimit: TimeAmount) {
        self.context = context
        self.view = view
        self.stallLimit = stallLimit
    }

    func start(extraHeaders: [(String, String)]) {
        context.writeStreamHead(type: "multipart/x-mixed-replace;boundary=\(Self.boundary)", extra: extraHeaders)
        view.count(.viewerJoined)
        let handoff = LoopHandoff(self, loop: context.eventLoop)
        subscriptions = [
            view.frames.subscribe { frame in handoff.run { $0.offer(frame) } },
            view.ended.subscribe { _ in handoff.run { $0.end() } }
        ]
        // The newest frame at once, so a viewer does not wait for the next one (or for ever, once the run ended).
        if let current = view.currentJPEG() { offer(current) }
        if view.endReason != nil { end() }
    }

    func stop() {
        guard !finished else { return }
        finished = true
        subscriptions.forEach { $0.cancel() }
        stallTimer?.cancel()
        view.count(.viewerLeft)
    }

    private func offer(_ frame: LiveFrame) {
        guard !finished else { return }
        if sending {
            if waiting != nil { view.count(.frameSkipped) }
            waiting = frame
        } else {
            send(frame)
        }
    }

    private func send(_ frame: LiveFrame) {
        var buffer = context.channel.allocator.buffer(capacity: frame.jpeg.count + 200)
        buffer.writeString(
            "--\(Self.boundary)\r\nContent-Type: image/jpeg\r\nContent-Length: \(frame.jpeg.count)\r\n"
                + "X-Frame: \(frame.index)\r\nX-Timestamp: \(WebResponse.timestamp(frame.captureTime))\r\n\r\n")
        buffer.writeBytes(frame.jpeg)
        buffer.writeString("\r\n")
        sending = true
        let size = frame.jpeg.count, captured = frame.captureTime
        let handoff = LoopHandoff(self, loop: context.eventLoop)
        stallTimer = context.eventLoop.scheduleTask(in: stallLimit) { handoff.run { $0.stalled() } }
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer)))).whenComplete { result in
            handoff.run { $0.sent(bytes: size, captureTime: captured, ok: (try? result.get()) != nil) }
        }
    }

    private func sent(bytes: Int, captureTime: Double, ok: Bool) {
        stallTimer?.cancel()
        sending = false
        guard ok, !finished else { return }
        view.count(.frameSent(bytes: bytes, captureTime: captureTime))
        if let next = waiting {
            waiting = nil
            send(next)
        } else if ending {
            close()
        }
    }

    private func end() {
        ending = true
        if !sending && waiting == nil { close() }
    }

    private func stalled() {
        guard sending, !finished else { return }
        view.count(.viewerDropped)
        context.close(promise: nil)
    }

    private func close() {
        guard !finished else { return }
        let channel = context.channel
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
