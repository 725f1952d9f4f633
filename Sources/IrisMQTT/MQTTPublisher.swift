import Foundation
import IrisPipeline
import Synchronization

/// Publishes a running pipeline's detections to an MQTT broker (`--publish mqtt://HOST[:PORT]/PREFIX`), on a
/// thread of its own so a slow or absent broker never slows the pipeline:
///
/// - `PREFIX/<camera>/events`: every tracked object's lifecycle event (`new`, `update`, `end`), QoS 1, in order;
/// - `PREFIX/<camera>/<label>` (`face`, `qr`, `rect`, `barcode`, `all`): how many are seen now, retained; `qr/message`;
/// - `PREFIX/<camera>/<label>/snapshot` and `all/snapshot`: the frame as JPEG (overlays included) when an
///   object is new;
/// - `PREFIX/<camera>/stats`: the `--metrics` JSON every `statsInterval` seconds;
/// - `PREFIX/<camera>/available`: `online`, and `offline` when the run ends and, as the last will, when the
///   process dies;
/// - commands on `detect/set` (`ON`/`OFF`) and `filter/set` (a chain, checked by the descriptors; a refused
///   one is reported on `error` and changes nothing), with their states on `detect/state` and `filter/state`;
/// - Home Assistant discovery (`homeAssistantDiscovery`), published again when Home Assistant says `online`.
///
/// While the broker is away, events wait in a queue of `queueCapacity` (the oldest dropped past it, counted)
/// and go out in order when libmosquitto has reconnected. The publisher connects when it is made, so wrong
/// credentials or an unreachable broker fail before the camera opens:
///
///     let publisher = try MQTTPublisher(config.publish!, camera: config.cameraName, version: "0.6.0")
///     let summary = try Pipeline(configuration: config).run(outputs: [publisher])
public final class MQTTPublisher: LiveOutput {
    public let output: PublishOutput
    public let topics: MQTTTopics
    public var configuredAs: String { output.url }
    public var url: String { "\(output.url) (topics \(topics.base)/…)" }

    private let core: Core
    private let connection: MQTTConnection
    private let started = Mutex(false)
    private let done = DispatchSemaphore(value: 0)

    /// Connects to the broker and waits for its answer (at most `answerWithin` seconds).
    public init(
        _ output: PublishOutput, camera: String, version: String,
        environment: [String: String] = ProcessInfo.processInfo.environment, answerWithin: Double = 5
    ) throws(MQTTError) {
        self.output = output
        let topics = MQTTTopics(prefix: output.prefix, camera: camera)
        self.topics = topics
        let discovery =
            output.homeAssistantDiscovery
            ? HomeAssistantDiscovery(
                discoveryPrefix: output.discoveryPrefix, camera: camera, topics: topics, version: version) : nil
        let core = Core(output: output, topics: topics, discovery: discovery)
        self.core = core
        let credentials = try MQTTCredentials.load(file: output.credentialsFile, environment: environment)
        var handlers = MQTTConnection.Handlers()
        handlers.connected = { again in core.connected(again: again) }
        handlers.acknowledged = { _, tracked in core.acknowledged(event: tracked) }
        handlers.message = { topic, payload in core.received(topic: topic, payload: payload) }
        connection = try MQTTConnection(
            host: output.host, port: output.port, clientID: "iris-\(camera)-\(getpid())",
            credentials: credentials, will: (topics.available, "offline"),
            tls: (output.tls, output.caFile), answerWithin: answerWithin, handlers: handlers)
        core.connection.withLock { $0 = connection }
        core.connected(again: false)
    }

    public func attach(_ view: LiveView) {
        core.attach(view)
        let core = core, connection = connection, done = done
        let thread = Thread {
            core.run(connection)
            done.signal()
        }
        thread.name = "iris.publish"
        started.withLock { $0 = true }
        thread.start()
    }

    /// Sends what is queued (for up to `drainSeconds` while the broker is there), says `offline`, and closes.
    public func finish() {
        core.queue.close()
        if started.withLock({ $0 }) { _ = done.wait(timeout: .now() + Self.drainSeconds + 1) }
        _ = connection.publish(topic: topics.available, payload: Array("offline".utf8), qos: 1, retain: true)
        _ = connection.waitUntilUnacknowledged(atMost: 0, seconds: 2)
        // Events the broker never acknowledged are lost with the session: counted, not silent.
        let lost = connection.unacknowledgedTrackedCount
        connection.close()
        if lost > 0 { core.view.withLock { $0 }?.updatePublishStatistics { $0.eventsDropped += lost } }
        core.view.withLock { $0 }?.updatePublishStatistics { $0.connected = false }
    }

    /// How long the end of a run waits for queued messages to reach the broker.
    public static let drainSeconds = 3.0

    /// The publisher's state, shared by the pipeline's threads (object events), libmosquitto's network thread
    /// (connections, acknowledgements, commands) and the publisher's own thread.
    final class Core: Sendable {
        let output: PublishOutput
        let topics: MQTTTopics
        let discovery: HomeAssistantDiscovery?
        let queue: PublishQueue
        let view = Mutex<LiveView?>(nil)
        let connection = Mutex<MQTTConnection?>(nil)
        private let subscriptions = Mutex<[LiveSubscription]>([])
        /// Open objects by id, with their label, for the counts.
        private let open = Mutex<[String: String]>([:])

        init(output: PublishOutput, topics: MQTTTopics, discovery: HomeAssistantDiscovery?) {
            self.output = output
            self.topics = topics
            self.discovery = discovery
            queue = PublishQueue(capacity: output.queueCapacity)
        }

        func attach(_ live: LiveView) {
            view.withLock { $0 = live }
            live.updatePublishStatistics { $0.connected = connection.withLock { $0?.isConnected ?? false } }
            subscriptions.withLock {
                $0 = [live.objectEvents.subscribe { [weak self] event in self?.objectEvent(event) }]
            }
            publishCounts(labels: MQTTTopics.labels)
        }

        // MARK: network thread

        func connected(again: Bool) {
            guard let connection = connection.withLock({ $0 }) else { return }
            connection.subscribe(topics.detectSet)
            connection.subscribe(topics.filterSet)
            if let discovery { connection.subscribe(discovery.statusTopic) }
            // The will's `offline` is replaced at once; the discovery and the states follow.
            queue.push(.text(.state, topics.available, "online"))
            publishDiscovery()
            let detecting = view.withLock { $0?.detectionEnabled } ?? true
            queue.push(.text(.state, topics.detectState, detecting ? "ON" : "OFF"))
            view.withLock { $0 }?.updatePublishStatistics { s in
                s.connected = true
                if again { s.reconnects += 1 }
            }
        }

        func acknowledged(event: Bool) {
            view.withLock { $0 }?.updatePublishStatistics { s in
                s.messagesAcknowledged += 1
                if event { s.eventsAcknowledged += 1 }
            }
        }

        func received(topic: String, payload: [UInt8]) {
            let text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if let discovery, topic == discovery.statusTopic {
                if text == "online" { publishDiscovery() }
                return
            }
            guard let live = view.withLock({ $0 }) else { return }
            live.updatePublishStatistics { $0.commands += 1 }
            switch topic {
            case topics.detectSet:
                switch text.uppercased() {
                case "ON", "OFF":
                    live.detectionEnabled = text.uppercased() == "ON"
                    queue.push(.text(.state, topics.detectState, text.uppercased()))
                default:
                    refuse(live, command: "detect/set", reason: "expected ON or OFF, got '\(text.prefix(40))'")
                }
            case topics.filterSet:
                do {
                    try ChainControl.apply(Self.chainRequest(payload), toFilterAt: nil, of: live.chain)
                    queue.push(
                        MQTTMessage(
                            kind: .state, topic: topics.filterState, payload: .bytes(Self.chainState(live.chain)),
                            qos: 1, retain: true))
                } catch {
                    refuse(live, command: "filter/set", reason: error.description)
                }
            default:
                break
            }
        }

        private func refuse(_ live: LiveView, command: String, reason: String) {
            live.updatePublishStatistics { $0.commandsRefused += 1 }
            let body =
                (try? JSONSerialization.data(
                    withJSONObject: ["command": command, "error": reason], options: [.sortedKeys])) ?? Data()
            queue.push(
                MQTTMessage(kind: .state, topic: topics.error, payload: .bytes(Array(body)), qos: 1, retain: false))
        }

        /// `filter/set` takes `{"filters": […]}`, a JSON array of filters, or filters one a line.
        static func chainRequest(_ payload: [UInt8]) -> [UInt8] {
            let text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("{") { return payload }
            if text.hasPrefix("[") { return Array("{\"filters\": \(text)}".utf8) }
            let lines = text.split(whereSeparator: \.isNewline).map { String($0).trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            let data = (try? JSONSerialization.data(withJSONObject: ["filters": lines])) ?? Data()
            return Array(data)
        }

        static func chainState(_ chain: LiveChain) -> [UInt8] {
            let data = try? JSONSerialization.data(
                withJSONObject: ["filters": chain.entries.map(\.text), "version": chain.version],
                options: [.sortedKeys, .withoutEscapingSlashes])
            return Array(data ?? Data())
        }

        private func publishDiscovery() {
            guard let discovery else { return }
            for message in discovery.messages {
                queue.push(
                    MQTTMessage(
                        kind: .discovery, topic: message.topic, payload: .bytes(message.payload), qos: 1, retain: true))
            }
        }

        // MARK: pipeline threads

        private func objectEvent(_ event: ObjectEvent) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let json = try? encoder.encode(event) else { return }
            let dropped = queue.push(
                MQTTMessage(kind: .event, topic: topics.events, payload: .bytes(Array(json)), qos: 1, retain: false))
            view.withLock { $0 }?.updatePublishStatistics { s in
                s.events += 1
                s.eventsDropped += dropped
                s.queued = queue.eventCount
                s.queuedPeak = max(s.queuedPeak, s.queued)
            }
            let label = event.after.label
            switch event.type {
            case .new:
                open.withLock { $0[event.after.id] = label }
                publishCounts(labels: [label, "all"])
                if output.snapshots {
                    queue.push(
                        MQTTMessage(
                            kind: .snapshot, topic: topics.snapshot(label), payload: .snapshot, qos: 0, retain: true))
                    queue.push(
                        MQTTMessage(
                            kind: .snapshot, topic: topics.snapshot("all"), payload: .snapshot, qos: 0, retain: true))
                }
            case .end:
                open.withLock { _ = $0.removeValue(forKey: event.after.id) }
                publishCounts(labels: [label, "all"])
            case .update:
                break
            }
            if let message = event.after.message, event.type != .end, event.before?.message != message {
                queue.push(.text(.state, topics.qrMessage, message))
            }
        }

        private func publishCounts(labels: [String]) {
            let counts = open.withLock { objects -> [String: Int] in
                var counts: [String: Int] = [:]
                for label in objects.values { counts[label, default: 0] += 1 }
                counts["all"] = objects.count
                return counts
            }
            for label in labels { queue.push(.text(.state, topics.count(label), "\(counts[label] ?? 0)")) }
        }

        // MARK: the publisher's thread

        func run(_ connection: MQTTConnection) {
            var nextStats = Date().addingTimeInterval(output.statsInterval)
            var closedAt: Date?
            while true {
                let message = queue.pop(until: min(nextStats, Date().addingTimeInterval(0.25)))
                if Date() >= nextStats {
                    nextStats = Date().addingTimeInterval(output.statsInterval)
                    if let live = view.withLock({ $0 }), let json = try? live.metricsReport.json(pretty: false) {
                        queue.push(
                            MQTTMessage(kind: .stats, topic: topics.stats, payload: .bytes(json), qos: 0, retain: false)
                        )
                    }
                }
                guard let message else {
                    if queue.count == 0 && isClosed { return }
                    continue
                }
                // Held while the broker is away; once the run has ended, for `drainSeconds` at most (also a
                // message taken before the end).
                var sent = false, skipped = false
                var waitedForFrame = 0
                var deadline: Date?
                while !sent {
                    if isClosed { closedAt = closedAt ?? Date() }
                    deadline = closedAt.map { $0.addingTimeInterval(MQTTPublisher.drainSeconds) }
                    // libmosquitto keeps up to 64 messages in flight; more wait here, where they are counted.
                    _ = connection.waitUntilUnacknowledged(atMost: 63, seconds: 0.25)
                    switch send(message, on: connection) {
                    case .sent:
                        sent = true
                    case .noFrame where waitedForFrame < 40:
                        // An object found before the first frame was rendered: its snapshot waits for that frame.
                        waitedForFrame += 1
                        Thread.sleep(forTimeInterval: 0.05)
                    case .noFrame:
                        sent = true
                        skipped = true
                    case .notConnected:
                        if let deadline, Date() >= deadline { break }
                        _ = connection.waitUntilConnected(seconds: 0.25)
                        if !connection.isConnected {
                            view.withLock { $0 }?.updatePublishStatistics { $0.connected = false }
                        }
                        continue
                    }
                    if !sent, let deadline, Date() >= deadline { break }
                }
                if !sent {
                    // The run has ended and the broker is away: what is left is lost, and counted.
                    let lost = 1 + queue.eventCount
                    view.withLock { $0 }?.updatePublishStatistics {
                        $0.eventsDropped += message.kind == .event ? lost : lost - 1
                    }
                    return
                }
                view.withLock { $0 }?.updatePublishStatistics { s in
                    s.queued = queue.eventCount
                    if !skipped { s.messages += 1 }
                    if message.kind == .snapshot && !skipped { s.snapshots += 1 }
                }
            }
        }

        private var isClosed: Bool { queue.isClosed }

        private enum Sending { case sent, notConnected, noFrame }

        private func send(_ message: MQTTMessage, on connection: MQTTConnection) -> Sending {
            let bytes: [UInt8]
            switch message.payload {
            case let .bytes(payload): bytes = payload
            case .snapshot:
                guard let frame = view.withLock({ $0 })?.currentJPEG() else { return .noFrame }
                bytes = frame.jpeg
            }
            let id = connection.publish(
                topic: message.topic, payload: bytes, qos: message.qos, retain: message.retain,
                tracked: message.kind == .event)
            return id == nil ? .notConnected : .sent
        }
    }
}
