import IrisMQTT
import IrisPipeline
import Testing

/// Topic names, URLs and Home Assistant's discovery payloads, as consumers read them.
@Suite struct MQTTTopicsTests {
    @Test func urlsGiveBrokerPortAndPrefix() throws {
        let plain = try PublishOutput(url: "mqtt://broker.local/home/cams")
        #expect(plain.host == "broker.local" && plain.port == 1883 && plain.prefix == "home/cams" && !plain.tls)
        let secure = try PublishOutput(url: "mqtts://10.0.0.2:8884")
        #expect(secure.port == 8884 && secure.prefix == "iris" && secure.tls)
        #expect(throws: PipelineError.self) { try PublishOutput(url: "mqtt://user:secret@broker/iris") }
        #expect(throws: PipelineError.self) { try PublishOutput(url: "http://broker/iris") }
        #expect(throws: PipelineError.self) { _ = try PublishOutput(url: "mqtt://broker/iris/#").validated() }
        let topics = MQTTTopics(prefix: plain.prefix, camera: "door")
        #expect(topics.events == "home/cams/door/events" && topics.count("face") == "home/cams/door/face")
        #expect(topics.snapshot("qr") == "home/cams/door/qr/snapshot" && topics.available == "home/cams/door/available")
    }
}
