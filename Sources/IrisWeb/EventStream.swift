import Foundation
import IrisPipeline
import NIOCore
import NIOHTTP1

/// The page's event stream (Server-Sent Events, `text/event-stream`): `detection` with each result's events
/// line as it happens, `metrics` with the `--metrics` JSON every second, `chain` when the filter chain
/// changes, and `end` with the reason when the run ends. Small messages, so they queue; a viewer that lets
/// more than `backlogLimit` pile up, or takes nothing for `stallLimit`, is closed (counted).
final class EventStream: WebStream {
    static let backlogLimit = 256
    static let metricsInterval = TimeAmount.seconds(1)

    private let context: ChannelHandlerContext
    private let view: LiveView
    private let stallLimit: TimeAmount
    private var subscriptions: [LiveSubscription] = []
    private var metricsTimer: RepeatedTask?
    private var unsent = 0
    private var oldestUnsent: NIODeadline?
    private var finished = false

    init(context: ChannelHandlerContext, view: LiveView, stallLimit: TimeAmount) {
        self.context = context
        self.view = view
        self.stallLimit = stallLimit
    }

    func start(extraHeaders: [(String, String)]) {
        context.writeStreamHead(type: "text/event-stream; charset=utf-8", extra: extraHeaders)
        view.count(.eventStreamOpened)
        let handoff = LoopHandoff(self, loop: context.eventLoop)
        subscriptions = [
            view.detections.subscribe { detection in
                handoff.run { $0.send(event: "detection", data: String(decoding: detection.json, as: UTF8.self)) }
            },
            view.chain.changes.subscribe { _ in
                handoff.run {
                    $0.send(event: "chain", data: String(decoding: WebResponse.chain($0.view.chain), as: UTF8.self))
                }
            },
            view.ended.subscribe { reason in handoff.run { $0.end(reason) } }
        ]
        // A comment first, so the browser's EventSource opens at once; then the figures.
        send(raw: ": iris\n\n")
        sendMetrics()
        metricsTimer = context.eventLoop.scheduleRepeatedTask(
            initialDelay: Self.metricsInterval, delay: Self.metricsInterval
        ) { _ in
            handoff.run { $0.sendMetrics() }
        }
        if let reason = view.endReason { end(reason) }
    }

    func stop() {
        guard !finished else { return }
        finished = true
        subscriptions.forEach { $0.cancel() }
        metricsTimer?.cancel()
        view.count(.eventStreamClosed)
    }

    private func sendMetrics() {
        guard let json = try? view.metricsReport.json(pretty: false) else { return }
        send(event: "metrics", data: String(decoding: json, as: UTF8.self))
    }

    /// One event; its data's lines each get their `data:` prefix, as the format requires.
    private func send(event: String, data: String) {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: true).map { "data: \($0)" }.joined(
            separator: "\n")
        send(raw: "event: \(event)\n\(lines)\n\n")
    }

    private func send(raw text: String) {
        guard !finished else { return }
        let now = NIODeadline.now()
        if unsent >= Self.backlogLimit || (oldestUnsent.map { now - $0 > stallLimit } ?? false) {
            view.count(.viewerDropped)
            context.close(promise: nil)
            return
        }
        if unsent == 0 { oldestUnsent = now }
        unsent += 1
        let handoff = LoopHandoff(self, loop: context.eventLoop)
        context.writeAndFlush(
            NIOAny(HTTPServerResponsePart.body(.byteBuffer(context.channel.allocator.buffer(string: text))))
        ).whenComplete { _ in
            handoff.run { $0.written() }
        }
    }

    private func written() {
        unsent -= 1
        oldestUnsent = unsent == 0 ? nil : .now()
    }

    private func end(_ reason: String) {
        guard !finished else { return }
        send(
            event: "end",
            data:
                "{\"reason\": \(String(decoding: (try? JSONEncoder().encode(reason))?.map { $0 } ?? Array("\"\"".utf8), as: UTF8.self))}"
        )
        let channel = context.channel
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
