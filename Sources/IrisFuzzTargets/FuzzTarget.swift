import Foundation
import IrisCore
import IrisFilters
import IrisDetect
import IrisEval
import IrisPipeline
import IrisVideo

/// The readers a fuzzer feeds with mutated bytes. Each target parses its input the way the product does
/// and throws away the result or the typed error; anything else (a trap, a crash, a hang, runaway memory)
/// is a bug. `iris-fuzz` runs them under libFuzzer (`tools/fuzz`), and `FuzzCorpusTests` replays every
/// file of `Fuzz/Corpus/<target>/` through them in the ordinary test run.
///
///     FuzzTarget.jpeg.run(Array(data))
public enum FuzzTarget: String, CaseIterable, Sendable {
    case y4m, png, jpeg
    case filterSpec = "filter-spec"
    case cube
    case pipelineJSON = "pipeline-json"
    case dlibSVM = "dlib-svm"
    case
        cascadeXML = "cascade-xml"
    case recording
    case motTruth = "mot-truth"
    case cvatTruth = "cvat-truth"

    /// Feeds `bytes` to the target's reader.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .png: _ = try? PNGCodec.decode(bytes)
        case .jpeg: _ = try? JPEGCodec.decode(bytes)
        case .filterSpec: Self.filterSpec(bytes)
        case .cube: _ = try? ColorCubeFile.parse(String(decoding: bytes, as: UTF8.self), name: "fuzz.cube")
        // Parsed only: validating would probe the file system at whatever paths the mutation wrote.
        case .pipelineJSON: _ = try? PipelineConfiguration(json: Data(bytes))
        case .cascadeXML: _ = try? CascadeModel(xml: Data(bytes))
        case .dlibSVM:
            Self.throughFile(bytes, named: "fuzz.svm") { path in _ = try? HOGDetectorModel(contentsOf: path) }
        case .y4m:
            Self.throughFile(bytes, named: "fuzz.y4m") { path in Self.readFrames { try Y4MRecordingReader(path: path) }
            }
        // Ground truth as `iris eval` reads it for a 640×480, 30 fps clip; frame numbers as large as the
        // bytes can spell (10^9, 10^12) must be refused before per-frame storage is made. The frame limit
        // is the product's check with a lower number (10^5, not 10^7), so that inputs just under it cost
        // milliseconds and the fuzzer keeps its pace.
        case .motTruth:
            _ = try? MOTGroundTruth.decode(
                String(decoding: bytes, as: UTF8.self), path: "fuzz/gt.txt", width: 640, height: 480,
                frameRate: 30, frameCount: nil, maximumFrames: Self.truthFrameLimit)
        case .cvatTruth:
            _ = try? CVATVideoTruth.decode(
                Data(bytes), path: "fuzz.xml", frameRate: 30, maximumFrames: Self.truthFrameLimit)
        case .recording:
            // Recordings are probed by their bytes; the name only picks the Y4M reader for a .y4m file.
            Self.throughFile(bytes, named: "fuzz.mkv") { path in Self.readFrames { try Recording(path: path) } }
        }
    }

    private static let truthFrameLimit = 100_000

    /// A filter line parsed, applied to a small picture and planned (not rendered): the parser, the filter's
    /// input checks and the compiler's limits all see the mutated values.
    private static func filterSpec(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let picture = Image(buffer: PixelBuffer(width: 16, height: 16, format: .rgba8))
        var image = picture
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(8) {
            guard let spec = try? FilterSpecParser.parse(String(line)), let next = try? image.applyingFilter(spec)
            else { return }
            image = next
        }
        _ = try? Compiler().plan(image.extent.isInfinite ? image.cropped(to: picture.extent) : image)
    }

    /// Reads at most 64 frames: enough to reach every part of a reader, bounded for a looping mutation.
    private static func readFrames(_ open: () throws -> any RecordingReader) {
        guard let reader = try? open() else { return }
        for _ in 0..<64 { guard case .some(.some) = try? reader.nextFrame() else { return } }
    }

    /// Readers that take a path get the bytes through one scratch file per process.
    private static func throughFile(_ bytes: [UInt8], named name: String, _ body: (String) -> Void) {
        let path = scratchDirectory + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        body(path)
    }

    /// IRIS_FUZZ_SCRATCH when set (tools/fuzz points it into .build-fuzz), else the temporary directory.
    private static let scratchDirectory: String = {
        let base = ProcessInfo.processInfo.environment["IRIS_FUZZ_SCRATCH"] ?? NSTemporaryDirectory()
        let path = "\(base)/iris-fuzz-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}
