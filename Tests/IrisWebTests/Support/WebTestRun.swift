import Foundation
import IrisCore
@testable import IrisFilters
import IrisDetect
import IrisEval
import IrisPipeline
import IrisVideo
import IrisWeb
import Synchronization

/// A real pipeline, run on a thread of its own with a web preview on a port the system chose, for as long
/// as a test talks to it: a looping clip the test made, the CPU renderer, and the given chain and detectors.
final class WebTestRun: Sendable {
    static let message = "https://example.org/iris/web"

    let server: WebPreviewServer
    let stop = StopRequest()
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<PipelineSummary, PipelineError>?>(nil)
    let directory: String

    var port: Int { server.port }

    init(
        clip: Clip = .movingQRCode, filters: [FilterSpec] = [], detect: [DetectorType] = [], token: String? = nil,
        stallLimit: Double = 5, webFrameRate: Double? = nil
    ) throws {
        directory = NSTemporaryDirectory() + "iris-web-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/clip.y4m"
        try clip.write(to: path)
        var config = PipelineConfiguration(source: SourceRequest(path: path))
        config.source.looping = true
        config.source.realTime = clip.realTime
        config.renderer = .cpu
        config.filters = filters
        config.detection.types = detect
        config.detection.every = 1
        config.webPreviews = [WebPreviewOutput(port: 0, token: token)]
        config.webFrameRate = webFrameRate
        server = try WebPreviewServer(config.webPreviews[0], stallLimit: .milliseconds(Int64(stallLimit * 1000)))
        let pipeline = try Pipeline(configuration: config)
        Thread.detachNewThread { [self] in
            do throws(PipelineError) {
                let summary = try pipeline.run(stop: stop, outputs: [server])
                outcome.withLock { $0 = .success(summary) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
    }

    /// Stops the run and waits for its summary (once; later calls return the same).
    func finish() throws -> PipelineSummary {
        if let ended = outcome.withLock({ $0 }) { return try ended.get() }
        stop.request("test stop")
        guard done.wait(timeout: .now() + 30) == .success else {
            throw HTTPTestClient.ClientError(description: "the run did not stop")
        }
        return try outcome.withLock { $0! }.get()
    }

    /// GET `path` until it answers 200 (the first frame takes a moment), at most `seconds`.
    func waitFor(_ path: String, headers: [String: String] = [:], seconds: Double = 20) throws
        -> HTTPTestClient.Response
    {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let response = try HTTPTestClient.request(port: port, path, headers: headers)
            if response.status == 200 || Date() > deadline { return response }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// `GET /metrics`'s `metrics` object.
    func metrics(headers: [String: String] = [:]) throws -> [String: Any] {
        let response = try HTTPTestClient.request(port: port, "/metrics", headers: headers)
        let root = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return root?["metrics"] as? [String: Any] ?? [:]
    }

    /// The clips the tests play.
    enum Clip {
        /// Grey (luma 120) with a QR code moving right, 320×240, 24 frames at 15 fps, paced in real time.
        case movingQRCode
        /// Random luma and chroma, 320×240, 8 frames, as fast as the pipeline goes: large JPEGs.
        case noise

        var realTime: Bool { if case .movingQRCode = self { return true } else { return false } }

        func write(to path: String) throws {
            let width = 320, height = 240
            let writer = try Y4MWriter(
                path: path, header: Y4MHeader(width: width, height: height, frameRate: .init(15, 1)))
            let code = try QRCodePicture(WebTestRun.message, correction: .medium, margin: 2)
            var generator = SystemRandomNumberGenerator()
            for index in 0..<(self == .noise ? 8 : 24) {
                var buffer = PixelBuffer(width: width, height: height, format: .i420)
                switch self {
                case .movingQRCode:
                    var luma = LumaPlane(width: width, height: height, value: 120)
                    code.draw(into: &luma, x: 30 + 3 * index, y: 40, moduleSize: 4, dark: 20, light: 230)
                    buffer.planes[0].bytes = luma.packed.bytes
                    for p in 1...2 { for i in buffer.planes[p].bytes.indices { buffer.planes[p].bytes[i] = 128 } }
                case .noise:
                    for p in 0...2 {
                        for i in buffer.planes[p].bytes.indices {
                            buffer.planes[p].bytes[i] = UInt8.random(in: 16...235, using: &generator)
                        }
                    }
                }
                try writer.append(Frame(buffer: buffer, timestamp: Double(index) / 15, sequence: index))
            }
            try writer.close()
        }
    }
}

extension PixelBuffer {
    /// The RGB of the pixel at (`x`, `y`) counted from the top-left, for rgba8 or bgra8 buffers.
    func rgb(x: Int, y: Int) -> (Int, Int, Int) {
        let o = y * planes[0].bytesPerRow + x * 4, b = planes[0].bytes
        return format == .bgra8 ? (Int(b[o + 2]), Int(b[o + 1]), Int(b[o])) : (Int(b[o]), Int(b[o + 1]), Int(b[o + 2]))
    }

    /// The mean of every channel over the picture, and the mean spread between a pixel's largest and smallest channel.
    var meanAndSaturation: (mean: Double, saturation: Double) {
        var sum = 0, spread = 0
        for y in stride(from: 0, to: height, by: 2) {
            for x in stride(from: 0, to: width, by: 2) {
                let (r, g, b) = rgb(x: x, y: y)
                sum += r + g + b
                spread += max(r, g, b) - min(r, g, b)
            }
        }
        let n = Double(((height + 1) / 2) * ((width + 1) / 2))
        return (Double(sum) / (3 * n), Double(spread) / n)
    }
}
