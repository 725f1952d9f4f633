import ArgumentParser
import IrisPipeline

/// Publishing detections to an MQTT broker (`run`).
struct PublishOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Publish tracked-object events, counts, snapshots and stats to an MQTT broker: mqtt://HOST[:PORT]/PREFIX or mqtts://….",
            discussion:
                "Credentials come from --publish-credentials FILE (USER:PASSWORD) or IRIS_MQTT_USERNAME and IRIS_MQTT_PASSWORD, never from the command line.",
            valueName: "URL"))
    var publish: String?

    @Option(help: "The camera's name in topics and events (letters, digits, - and _; default: this machine's name).")
    var cameraName: String?

    @Option(help: ArgumentHelp("A file whose first line is USER:PASSWORD for the broker.", valueName: "FILE"))
    var publishCredentials: String?

    @Option(
        help: ArgumentHelp(
            "The CA certificate that signed the broker's (mqtts://; default: the system's store).", valueName: "FILE"))
    var publishCa: String?

    @Flag(help: "Announce the camera's entities to Home Assistant (MQTT discovery under homeassistant/).")
    var haDiscovery = false

    @Option(help: "Events kept while the broker is away (default 1000); past it the oldest are dropped and counted.")
    var publishQueue: Int?

    @Option(help: "Seconds between stats messages (default 5).")
    var publishStatsInterval: Double?

    @Flag(help: "Publish no snapshots when an object is new.")
    var noPublishSnapshots = false

    func validate() throws {
        if let publish {
            do { _ = try PublishOutput(url: publish) } catch { throw ValidationError("--publish \(publish): \(error)") }
        }
        let needsPublish = [
            publishCredentials != nil, publishCa != nil, haDiscovery, publishQueue != nil, publishStatsInterval != nil,
            noPublishSnapshots
        ]
        if publish == nil && needsPublish.contains(true) {
            throw ValidationError(
                "--publish-credentials, --publish-ca, --ha-discovery, --publish-queue, --publish-stats-interval "
                    + "and --no-publish-snapshots need --publish mqtt://HOST/PREFIX"
            )
        }
    }

    func apply(to config: inout PipelineConfiguration) throws {
        if let cameraName { config.cameraName = cameraName }
        guard let publish else { return }
        var output = try PublishOutput(url: publish)
        output.credentialsFile = publishCredentials
        output.caFile = publishCa
        output.homeAssistantDiscovery = haDiscovery
        if let publishQueue { output.queueCapacity = publishQueue }
        if let publishStatsInterval { output.statsInterval = publishStatsInterval }
        if noPublishSnapshots { output.snapshots = false }
        config.publish = output
    }
}
extension EventsKind: ExpressibleByArgument {}
