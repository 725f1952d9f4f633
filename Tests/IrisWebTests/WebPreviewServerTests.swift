import Foundation
import IrisCore
import IrisPipeline
import IrisVideo
import IrisWeb
import Testing

/// The web preview of a real running pipeline, read through a socket: frames, snapshots, metrics, events,
/// controls that change the streamed pixels, refused controls that change nothing, and the end of the run.
@Suite(.serialized) struct WebPreviewServerTests {
    static func json(_ response: HTTPTestClient.Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    /// The brightness control's value, as `GET /api/chain` reports it.
    static func brightness(_ run: WebTestRun) throws -> (value: Double?, version: Int?) {
        let chain = json(try HTTPTestClient.request(port: run.port, "/api/chain"))
        let filters = chain["filters"] as? [[String: Any]]
        let inputs = filters?.first?["inputs"] as? [[String: Any]]
        let value = inputs?.first { $0["key"] as? String == "inputBrightness" }?["value"] as? Double
        return (value, chain["version"] as? Int)
    }

    @Test func servesARunningPipelineAndItsControlsChangeTheStreamedPixels() throws {
        let run = try WebTestRun(filters: [.colorControls(brightness: 0)], detect: [.qrCode])
        defer { _ = try? run.finish() }

        // Nobody watches yet: frames are rendered, none is encoded.
        let deadline = Date().addingTimeInterval(20)
        while (try run.metrics()["framesRendered"] as? Int ?? 0) < 3 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let idle = try run.metrics()
        #expect(idle["framesRendered"] as? Int ?? 0 >= 3)
        #expect((idle["web"] as? [String: Any])?["framesEncoded"] as? Int == 0)

        // The page, and the snapshots: the clip's grey (luma 120 is about 121 in RGB) and its size.
        let page = try HTTPTestClient.request(port: run.port, "/")
        #expect(page.status == 200 && page.text.contains("<img id=\"stream\" src=\"stream.mjpg\""))
        let jpeg = try run.waitFor("/snapshot.jpg")
        #expect(jpeg.status == 200 && jpeg.header("Content-Type") == "image/jpeg")
        let snapshot = try JPEGCodec.decode(jpeg.body)
        #expect(snapshot.width == 320 && snapshot.height == 240)
        let before = snapshot.rgb(x: 300, y: 220)
        #expect(
            abs(before.0 - 121) < 12 && abs(before.1 - 121) < 12 && abs(before.2 - 121) < 12, "background \(before)")
        let png = try HTTPTestClient.request(port: run.port, "/snapshot.png")
        #expect(png.status == 200 && png.header("Content-Type") == "image/png")
        #expect(try PNGCodec.decode(png.body).width == 320)
        let legacy = try HTTPTestClient.request(port: run.port, "/?action=snapshot")
        #expect(legacy.status == 200 && (try? JPEGCodec.decode(legacy.body).height) == 240)

        // The stream: JPEG parts with rising frame numbers and capture times from the last few seconds.
        let viewer = try HTTPTestClient(port: run.port)
        try viewer.send("GET", "/stream.mjpg")
        let (status, headers) = try viewer.readHead()
        #expect(status == 200 && headers["content-type"] == "multipart/x-mixed-replace;boundary=irisframe")
        var frames: [Int] = []
        for _ in 0..<3 {
            let part = try #require(try viewer.readStreamPart())
            #expect(part.headers["content-type"] == "image/jpeg")
            #expect(try JPEGCodec.decode(part.bytes).width == 320)
            let captured = try #require(part.headers["x-timestamp"].flatMap(Double.init))
            #expect(abs(Date().timeIntervalSince1970 - captured) < 10)
            frames.append(try #require(part.headers["x-frame"].flatMap(Int.init)))
        }
        #expect(frames == frames.sorted() && Set(frames).count == 3, "frame numbers \(frames)")
        let web = try #require(try run.metrics()["web"] as? [String: Any])
        #expect(web["viewers"] as? Int == 1 && (web["framesEncoded"] as? Int ?? 0) >= 3)
        let sentLatency = try #require(web["captureToSent"] as? [String: Any])
        #expect((sentLatency["samples"] as? Int ?? 0) >= 3 && (sentLatency["p50"] as? Double ?? -1) >= 0)

        // Metrics as JSON and as Prometheus text.
        let prometheus = try HTTPTestClient.request(port: run.port, "/metrics?format=prometheus")
        #expect(prometheus.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(
            prometheus.text.contains("\niris_frames_in_total ") && prometheus.text.contains("\niris_web_viewers 1\n"))

        // Detections arrive on the event stream as the events file's lines.
        let events = try HTTPTestClient(port: run.port)
        try events.send("GET", "/events")
        #expect(try events.readHead().0 == 200)
        var detection: [String: Any]?
        for _ in 0..<200 {
            guard let event = try events.readEvent() else { break }
            if event.event == "detection", event.data.contains(WebTestRun.message) {
                detection = try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any]
                break
            }
        }
        let features = try #require(detection?["features"] as? [[String: Any]])
        #expect(
            features.first?["type"] as? String == "qr" && features.first?["message"] as? String == WebTestRun.message)

        // A control: brightness up, and the streamed background follows on the next frames.
        let changed = try HTTPTestClient.request(
            "POST", port: run.port, "/api/chain/0", body: Array(#"{"inputs": {"inputBrightness": 0.3}}"#.utf8))
        #expect(changed.status == 200)
        let (value, version) = try Self.brightness(run)
        #expect(value == 0.3 && version == 1)
        var brighter = before
        for _ in 0..<20 {
            guard let part = try viewer.readStreamPart() else { break }
            brighter = try JPEGCodec.decode(part.bytes).rgb(x: 300, y: 220)
            if brighter.0 > before.0 + 40 { break }
        }
        #expect(brighter.0 > before.0 + 40 && brighter.2 > before.2 + 40, "background \(before) → \(brighter)")

        // Refused controls: each with its status and the descriptor's words, and the chain as it was.
        let refusals: [(body: String, index: Int, status: Int, says: String)] = [
            (#"{"inputs": {"inputBrightness": 5}}"#, 0, 422, "out of range"),
            (#"{"inputs": {"inputBrightnes": 0.1}}"#, 0, 422, "inputBrightness"),
            (#"{"inputs": {"inputBrightness": "high"}}"#, 0, 422, "inputBrightness"),
            (#"{"inputs": {"inputBrightness": 0.1}}"#, 7, 404, "no filter 7"),
            (#"{"inputs": {"inputBrightness": 0.1},}"#, 0, 400, "not valid JSON"),
            (#"{"brightness": 0.1}"#, 0, 400, "expected")
        ]
        for refusal in refusals {
            let response = try HTTPTestClient.request(
                "POST", port: run.port, "/api/chain/\(refusal.index)", body: Array(refusal.body.utf8))
            #expect(response.status == refusal.status, "\(refusal.body) → \(response.status) \(response.text)")
            #expect(
                (Self.json(response)["error"] as? String)?.contains(refusal.says) == true,
                "\(refusal.body) → \(response.text)")
        }
        let oversized = try HTTPTestClient.request(
            "POST", port: run.port, "/api/chain/0",
            body: Array(
                ("{\"inputs\": {\"inputBrightness\": 0.1, \"x\": \"" + String(repeating: "a", count: 70_000) + "\"}}")
                    .utf8))
        #expect(oversized.status == 413)
        for chain in [#"{"filters": ["CIColorControls inputBrightness=9"]}"#, #"{"filters": ["CINotAFilter"]}"#] {
            let replaced = try HTTPTestClient.request("PUT", port: run.port, "/api/chain", body: Array(chain.utf8))
            #expect(replaced.status == 422, "\(chain) → \(replaced.status) \(replaced.text)")
        }
        #expect(try Self.brightness(run) == (0.3, 1))
        let refused = try #require(try run.metrics()["web"] as? [String: Any])
        #expect(refused["controlRefused"] as? Int == refusals.count + 3 && refused["controlChanges"] as? Int == 1)

        // A chain the descriptors let through but no frame can render (over the render limits) is taken
        // back on its first frame, and the run goes on with the chain it had.
        let huge = try HTTPTestClient.request(
            "PUT", port: run.port, "/api/chain",
            body: Array(#"{"filters": ["CIAffineTransform inputTransform=[400 0 0 400 0 0]"]}"#.utf8))
        #expect(huge.status == 200)
        var reverted: [String: Any] = [:]
        for _ in 0..<100 {
            reverted = Self.json(try HTTPTestClient.request(port: run.port, "/api/chain"))
            if reverted["reverted"] != nil { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect((reverted["reverted"] as? String)?.isEmpty == false, "\(reverted)")
        #expect(try Self.brightness(run) == (0.3, 3))
        // The run goes on: frames keep coming (within 10 s: a loaded machine renders a debug build's frame slowly).
        let renderedBefore = try run.metrics()["framesRendered"] as? Int ?? 0
        var renderedAfter = renderedBefore
        for _ in 0..<100 where renderedAfter <= renderedBefore {
            Thread.sleep(forTimeInterval: 0.1)
            renderedAfter = try run.metrics()["framesRendered"] as? Int ?? 0
        }
        #expect(renderedAfter > renderedBefore)

        // The end: the viewer gets the "no signal" picture (dark grey, no colour), then the stream ends.
        let summary = try run.finish()
        var last: PixelBuffer?
        while let part = try viewer.readStreamPart() { last = try JPEGCodec.decode(part.bytes) }
        let (mean, saturation) = try #require(last).meanAndSaturation
        #expect(mean > 40 && mean < 70 && saturation < 4, "last frame mean \(mean), saturation \(saturation)")
        var ended: String?
        while let event = try events.readEvent() { if event.event == "end" { ended = event.data } }
        #expect(ended?.contains("test stop") == true)
        #expect(summary.metrics.web?.framesEncoded ?? 0 >= 3 && summary.metrics.web?.viewersServed == 1)
        // Each encode read one 320×240 BGRA picture (the "no signal" one included): the web stage's bytes.
        let encoded = summary.metrics.web?.framesEncoded ?? 0
        #expect(summary.metrics.bytes["web"]?.cpuConverted == encoded * 320 * 240 * 4)
        #expect(summary.errors.isEmpty && summary.warnings.contains { $0.contains("taken back") })
    }

    @Test func everyRequestNeedsTheTokenWhenThereIsOne() throws {
        let token = "0123456789abcdef-token"
        let run = try WebTestRun(filters: [.colorControls(brightness: 0)], token: token)
        defer { _ = try? run.finish() }
        _ = try run.waitFor("/snapshot.jpg", headers: ["Authorization": "Bearer \(token)"])
        let paths = [
            "/", "/stream.mjpg", "/?action=stream", "/snapshot.jpg", "/snapshot.png", "/?action=snapshot", "/metrics",
            "/metrics?format=prometheus", "/events", "/api/chain"
        ]
        var refused = 0
        for path in paths {
            let wrongQuery = path + (path.contains("?") ? "&" : "?") + "token=0123456789abcdef-tokeN"
            for (target, headers) in [
                (path, [:]), (wrongQuery, [:]), (path, ["Cookie": "iris_token=wrong"]),
                (path, ["Authorization": "Bearer \(token)x"])
            ] as [(String, [String: String])] {
                let response = try HTTPTestClient.request(port: run.port, target, headers: headers)
                #expect(response.status == 401, "\(target) \(headers) → \(response.status)")
                refused += 1
            }
        }
        let control = try HTTPTestClient.request(
            "POST", port: run.port, "/api/chain/0", body: Array(#"{"inputs": {"inputBrightness": 0.5}}"#.utf8))
        #expect(control.status == 401)
        refused += 1

        // The right token, three ways; the query sets the cookie the page's later requests carry.
        let page = try HTTPTestClient.request(port: run.port, "/?token=\(token)")
        #expect(page.status == 200 && page.header("Set-Cookie")?.hasPrefix("iris_token=\(token);") == true)
        #expect(page.header("Set-Cookie")?.contains("HttpOnly") == true)
        #expect(
            try HTTPTestClient.request(
                port: run.port, "/api/chain", headers: ["Cookie": "theme=dark; iris_token=\(token)"]
            ).status == 200)
        let bearer = ["Authorization": "Bearer \(token)"]
        #expect(
            try Self.json(HTTPTestClient.request(port: run.port, "/api/chain", headers: bearer))["version"] as? Int == 0
        )
        let web = try #require(try run.metrics(headers: bearer)["web"] as? [String: Any])
        #expect(web["unauthorized"] as? Int == refused)
    }

    @Test func aViewerThatStopsReadingIsDroppedAndOthersGoOn() throws {
        let run = try WebTestRun(clip: .noise, stallLimit: 1)
        defer { _ = try? run.finish() }
        _ = try run.waitFor("/snapshot.jpg")
        // A viewer that asks for the stream with a tiny receive buffer and never reads it.
        let stalled = try HTTPTestClient(port: run.port, receiveBuffer: 1024)
        try stalled.send("GET", "/stream.mjpg")
        let reader = try HTTPTestClient(port: run.port)
        try reader.send("GET", "/stream.mjpg")
        _ = try reader.readHead()
        var received = 0, dropped = 0
        let deadline = Date().addingTimeInterval(60)
        while dropped == 0 && Date() < deadline {
            _ = try #require(try reader.readStreamPart())
            received += 1
            if received % 5 == 0 {
                dropped = (try run.metrics()["web"] as? [String: Any])?["viewersDropped"] as? Int ?? 0
            }
        }
        #expect(dropped == 1, "after \(received) frames to the reading viewer")
        // The reader goes on after the drop.
        for _ in 0..<5 { _ = try #require(try reader.readStreamPart()) }
        let web = try #require(try run.metrics()["web"] as? [String: Any])
        #expect(web["viewers"] as? Int == 1)
    }

    @Test func theStreamIsPacedToTheWebFrameRateWhileTheFileRunsFaster() throws {
        // 2 a second: well under what the pipeline renders even on a loaded machine (a debug build renders
        // this clip at 3–4 fps while two other builds run), so the pacing, not the renderer, limits the stream.
        let run = try WebTestRun(clip: .noise, webFrameRate: 2)
        defer { _ = try? run.finish() }
        _ = try run.waitFor("/snapshot.jpg")
        let viewer = try HTTPTestClient(port: run.port)
        try viewer.send("GET", "/stream.mjpg")
        _ = try viewer.readHead()
        _ = try viewer.readStreamPart()
        let start = Date()
        let renderedBefore = try run.metrics()["framesRendered"] as? Int ?? 0
        var parts = 0
        while Date().timeIntervalSince(start) < 3 {
            _ = try #require(try viewer.readStreamPart())
            parts += 1
        }
        let seconds = Date().timeIntervalSince(start)
        let rendered = (try run.metrics()["framesRendered"] as? Int ?? 0) - renderedBefore
        // About 2 a second (with the credit's half frame of slack), while the pipeline renders more.
        #expect(Double(parts) <= 2 * seconds * 1.2 + 2 && parts >= 4, "\(parts) parts in \(seconds) s")
        #expect(rendered > parts, "rendered \(rendered), sent \(parts)")
    }

    @Test func aBusyPortAndAnOpenAddressWithoutATokenAreRefusedAtStart() throws {
        let first = try WebPreviewServer(WebPreviewOutput(port: 0))
        defer { first.finish() }
        #expect {
            _ = try WebPreviewServer(WebPreviewOutput(port: first.port))
        } throws: { error in
            guard case let .configuration(_, reason) = error as? PipelineError else { return false }
            return reason.contains("in use")
        }
        #expect {
            _ = try WebPreviewServer(WebPreviewOutput(host: "0.0.0.0", port: 0))
        } throws: { error in
            guard case let .configuration(field, reason) = error as? PipelineError else { return false }
            return field == "preview" && reason.contains("--preview-token")
        }
    }
}
