import Foundation
import IrisCore
import IrisDetect
import IrisMQTT
import IrisPipeline
import IrisVideo
import Synchronization
import Testing

/// The publisher against a real Mosquitto: the events on the broker are the events file's, counts and
/// availability follow the objects and the run, commands change the running chain or are refused, and a
/// broker that cannot be used is a typed error at start.
@Suite(.serialized) struct MQTTPublisherTests {
    static func configuration(_ broker: TestBroker, clip: String, events: String? = nil) throws -> PipelineConfiguration
    {
        var config = PipelineConfiguration(source: SourceRequest(path: clip))
        config.renderer = .cpu
        config.detection.types = [.qrCode]
        config.detection.every = 1
        config.cameraName = "desk"
        config.eventsPath = events
        config.eventsKind = .objects
        var publish = try PublishOutput(url: "mqtt://127.0.0.1:\(broker.port)/iris")
        publish.homeAssistantDiscovery = true
        config.publish = publish
        return config
    }

    static func json(_ text: some StringProtocol) -> NSDictionary? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary
    }

    @Test func theBrokerGetsTheEventsFilesEventsCountsSnapshotsAndAvailability() throws {
        let broker = try TestBroker()
        let clip = broker.folder + "/clip.y4m", events = broker.folder + "/objects.jsonl"
        try QRClip.write(to: clip)
        let all = try TestBroker.Subscriber(broker: broker, topics: ["iris/#", "homeassistant/#"], name: "all")
        let snapshots = try TestBroker.Subscriber(
            broker: broker, topics: ["iris/desk/+/snapshot"], hex: true, name: "snapshots")
        let config = try Self.configuration(broker, clip: clip, events: events)
        let publisher = try MQTTPublisher(config.publish!, camera: config.cameraName, version: "test")
        let summary = try Pipeline(configuration: config).run(outputs: [publisher])
        #expect(summary.errors.isEmpty)

        let written = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").map { Self.json($0) }
        #expect(written.map { $0?["type"] as? String } == ["new", "end"])
        #expect((written.last??["changes"] as? [String]) == ["gone"])
        #expect(all.wait { $0.contains { $0.topic == "iris/desk/available" && $0.payload == "offline" } })
        let received = all.payloads(on: "iris/desk/events").map { Self.json($0) }
        #expect(received == written, "broker \(received.count) events, file \(written.count)")
        // The count at start (0) may be replaced by the first detection's (1) before the broker gets it: the
        // queue keeps only the newest state of a topic (PublishQueue), which a loaded machine shows.
        #expect(
            [["0", "1", "0"], ["1", "0"]].contains(all.payloads(on: "iris/desk/qr")),
            "\(all.payloads(on: "iris/desk/qr"))")
        #expect(all.payloads(on: "iris/desk/qr/message") == [QRClip.message])
        #expect(all.payloads(on: "iris/desk/available").first == "online")
        #expect(all.payloads(on: "iris/desk/detect/state") == ["ON"])
        // Home Assistant's discovery: each entity with the key its component requires, all on one device.
        let discovery = all.messages.filter { $0.topic.hasPrefix("homeassistant/") }
        #expect(discovery.count == 9)
        for message in discovery {
            let config = try #require(Self.json(message.payload), "\(message.topic)")
            let component = message.topic.split(separator: "/")[1]
            let required = [
                "binary_sensor": "state_topic", "sensor": "state_topic", "camera": "topic", "switch": "command_topic"
            ][String(component)]
            #expect(required.map { config[$0] != nil } == true, "\(message.topic)")
            #expect(config["unique_id"] != nil && (config["device"] as? NSDictionary)?["identifiers"] != nil)
            #expect(config["availability_topic"] as? String == "iris/desk/available")
        }
        // The snapshots are JPEGs of the frame.
        let jpegs = snapshots.messages
        #expect(Set(jpegs.map(\.topic)) == ["iris/desk/qr/snapshot", "iris/desk/all/snapshot"])
        #expect(jpegs.allSatisfy { $0.payload.hasPrefix("ffd8") && $0.payload.count > 2000 })
        let publish = try #require(summary.metrics.publish)
        #expect(
            publish.events == 2 && publish.eventsAcknowledged == 2 && publish.eventsDropped == 0
                && publish.snapshots == 2)
    }

    @Test func commandsChangeTheRunningChainOrAreRefusedLeavingItAsItWas() throws {
        let broker = try TestBroker()
        let clip = broker.folder + "/clip.y4m"
        try QRClip.write(to: clip)
        var config = try Self.configuration(broker, clip: clip)
        config.source.looping = true
        config.source.realTime = true
        config.filters = [.sepiaTone(intensity: 0.5)]
        let states = try TestBroker.Subscriber(
            broker: broker, topics: ["iris/desk/filter/state", "iris/desk/error", "iris/desk/detect/state"],
            name: "states")
        let publisher = try MQTTPublisher(config.publish!, camera: config.cameraName, version: "test")
        let stop = StopRequest()
        let finished = DispatchSemaphore(value: 0)
        let pipeline = try Pipeline(configuration: config)
        let outcome = Mutex<PipelineSummary?>(nil)
        Thread.detachNewThread {
            let summary = try? pipeline.run(stop: stop, outputs: [publisher])
            outcome.withLock { $0 = summary }
            finished.signal()
        }
        defer {
            stop.request("test stop")
            _ = finished.wait(timeout: .now() + 20)
        }
        #expect(states.wait { $0.contains { $0.topic == "iris/desk/detect/state" } })

        try broker.publish("iris/desk/filter/set", #"["CISepiaTone inputIntensity=0.9", "CIVibrance inputAmount=0.4"]"#)
        #expect(states.wait { $0.contains { $0.topic == "iris/desk/filter/state" } })
        let first = try #require(Self.json(states.payloads(on: "iris/desk/filter/state").last ?? ""))
        #expect(first["version"] as? Int == 1)
        #expect(first["filters"] as? [String] == ["CISepiaTone inputIntensity=0.9", "CIVibrance inputAmount=0.4"])

        // Out of range, and unknown: reported on error; the chain keeps version 1, so the next good one is 2.
        try broker.publish("iris/desk/filter/set", #"["CISepiaTone inputIntensity=5"]"#)
        try broker.publish("iris/desk/filter/set", "CINoSuchFilter")
        #expect(states.wait { $0.filter { $0.topic == "iris/desk/error" }.count == 2 })
        let errors = states.payloads(on: "iris/desk/error").compactMap { Self.json($0)?["error"] as? String }
        #expect(
            errors.first?.contains("out of range") == true && errors.last?.contains("CINoSuchFilter") == true,
            "\(errors)")
        try broker.publish("iris/desk/filter/set", "CISepiaTone inputIntensity=0.2")
        #expect(states.wait { $0.filter { $0.topic == "iris/desk/filter/state" }.count == 2 })
        #expect(Self.json(states.payloads(on: "iris/desk/filter/state").last ?? "")?["version"] as? Int == 2)

        try broker.publish("iris/desk/detect/set", "OFF")
        #expect(states.wait { $0.filter { $0.topic == "iris/desk/detect/state" }.map(\.payload) == ["ON", "OFF"] })
        try broker.publish("iris/desk/detect/set", "maybe")
        #expect(states.wait { $0.filter { $0.topic == "iris/desk/error" }.count == 3 })
    }

    @Test func mqttsChecksTheBrokersCertificateAgainstTheCAGiven() throws {
        let broker = try TestBroker(tls: true)
        var output = PublishOutput(host: "127.0.0.1", port: broker.port, tls: true)
        output.caFile = broker.folder + "/ca.crt"
        let publisher = try MQTTPublisher(output, camera: "c", version: "test")
        publisher.finish()
        output.caFile = broker.folder + "/other.crt"
        #expect {
            _ = try MQTTPublisher(output, camera: "c", version: "test")
        } throws: { error in
            guard case .tls = error as? MQTTError else { return false }
            return true
        }
        // Plain MQTT to a TLS listener is no session either.
        #expect(throws: MQTTError.self) {
            _ = try MQTTPublisher(
                PublishOutput(host: "127.0.0.1", port: broker.port), camera: "c", version: "test", answerWithin: 2)
        }
    }

    @Test func aBrokerThatCannotBeUsedIsATypedErrorAtStart() throws {
        let closed = TestBroker.freePort()
        #expect {
            _ = try MQTTPublisher(PublishOutput(host: "127.0.0.1", port: closed), camera: "c", version: "test")
        } throws: { error in
            guard case let .unreachable(broker, _) = error as? MQTTError else { return false }
            return broker == "127.0.0.1:\(closed)"
        }
        let broker = try TestBroker(passwords: ["board": "right"])
        let output = PublishOutput(host: "127.0.0.1", port: broker.port)
        for environment in [[:], ["IRIS_MQTT_USERNAME": "board", "IRIS_MQTT_PASSWORD": "wrong"]] {
            #expect("\(environment)") {
                _ = try MQTTPublisher(output, camera: "c", version: "test", environment: environment)
            } throws: { error in
                guard case .refused = error as? MQTTError else { return false }
                return true
            }
        }
        let publisher = try MQTTPublisher(
            output, camera: "c", version: "test",
            environment: ["IRIS_MQTT_USERNAME": "board", "IRIS_MQTT_PASSWORD": "right"])
        publisher.finish()
        var missing = output
        missing.credentialsFile = broker.folder + "/no-such-file"
        #expect(throws: MQTTError.self) { _ = try MQTTPublisher(missing, camera: "c", version: "test") }
    }
}
