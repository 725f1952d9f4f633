import Foundation
import IrisCore
import IrisFilters
import IrisDetect
import IrisEnhance
import IrisVideo

/// Everything one run of the pipeline does: where frames come from, the filter chain, the detectors, and
/// the outputs (preview, recording, events, metrics). `iris run` builds one from its options or from a JSON
/// file (`PipelineConfiguration(json:)`, schema in the README); `iris record` and `iris preview` are two
/// configurations of it.
///
///     var config = PipelineConfiguration(source: SourceRequest(path: "clip.mkv"))
///     config.filters = [.sepiaTone(intensity: 0.8)]; config.record = RecordOutput(path: "out.mp4")
public struct PipelineConfiguration: Sendable, Equatable {
    public var source: SourceRequest
    /// Filters in order, in the CLI's text form (`CISepiaTone inputIntensity=0.8`).
    public var filters: [FilterSpec] = []
    public var detection = DetectionSettings()
    /// Live auto-enhance (`--auto-enhance`, `"autoEnhance"`): the analysis's filters go before `filters`.
    public var autoEnhance: LiveAutoAdjustment.Settings?
    public var renderer: RendererPreference = .auto
    public var preview: PreviewOutput?
    /// Web previews (`--preview http://127.0.0.1:8080`), served by IrisWeb beside the DRM/KMS preview.
    public var webPreviews: [WebPreviewOutput] = []
    /// The most frames a second the web previews encode and send (`--preview-fps`); nil: the source's own
    /// rate (30 when it has none). A file run as fast as the pipeline goes (150 fps and more) would otherwise
    /// spend a JPEG encode on every frame for a browser that shows 30 or 60 of them.
    public var webFrameRate: Double?
    public var record: RecordOutput?
    /// A JSON-lines file: one line per detection result, or per lifecycle event (`eventsKind`).
    public var eventsPath: String?
    /// What the events file holds: a line per detected frame (default) or the objects' lifecycle events.
    public var eventsKind: EventsKind = .frames
    /// How detections become tracked objects with a lifecycle (for `eventsKind: .objects` and publishing).
    public var objects = ObjectLifecycle.Settings()
    /// The camera's name in lifecycle events and MQTT topics (`--camera-name`): letters, digits, `-` and `_`.
    public var cameraName = PipelineConfiguration.defaultCameraName
    /// Publishing to an MQTT broker (`--publish mqtt://HOST/PREFIX`), served by IrisMQTT.
    public var publish: PublishOutput?
    /// The events' coordinates: bottom-left (Iris's, y up) or top-left (OpenCV's, y down).
    public var eventCoordinates: CoordinateConvention = .bottomLeft
    /// A JSON file with the run's figures, written when it ends.
    public var metricsPath: String?
    /// Stop after this many frames from the source.
    public var frameLimit: Int?
    /// Stop after this many seconds of the source's time.
    public var durationLimit: Double?
    /// Draw detector results into the picture.
    public var overlays = true
    /// Record the source's own frames without rendering them (no filters, no overlays, no preview): transcoding.
    public var passthrough = false
    public var overlayStyle = OverlayStyle()
    /// Render options shared with `iris render`: colour management, fusion, texture limit, what a frame over
    /// that limit does, and the plan dump (`IRIS_PRINT_TREE` turns it on too).
    public var colorManagement = true
    public var fusion = true
    public var maximumTextureSize: Int?
    public var oversized = Context.OversizedPolicy.fallback
    public var printTree = false
    /// What one frame's render may cost; a frame over a limit ends the run with the plan's error.
    public var limits = RenderLimits()
    /// Where the CPU renderer's baked colour cubes are kept between runs (the user's cache folder, as
    /// `iris render` does); nil bakes them afresh every run.
    public var bakedCubes = BakedCubeStore.standard

    public init(source: SourceRequest) { self.source = source }

    /// This machine's name made fit for a topic level (`board-1`), or `iris`.
    public static var defaultCameraName: String {
        let name = String(
            ProcessInfo.processInfo.hostName.lowercased().prefix { $0 != "." }
                .map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return name.isEmpty || name == "localhost" ? "iris" : name
    }

    /// Why a run with an empty source path is refused rather than given the bundled demo.
    static let emptySourceReason =
        "missing or empty: name a camera (/dev/video0), a recording, or - for standard input "
        + "(iris run with neither --config nor --source plays the bundled demo)"

    /// Checks what can be checked before anything is opened; errors name the field.
    public func validated() throws(PipelineError) -> PipelineConfiguration {
        // The door every source path passes: empty is no source (never a silent demo), and a NUL would cut
        // the path where the C library opens it and play another file.
        guard !source.path.isEmpty else { throw .configuration(field: "source.path", reason: Self.emptySourceReason) }
        guard !source.path.utf8.contains(0) else {
            throw .configuration(field: "source.path", reason: JSONFields.nulReason)
        }
        for (i, spec) in filters.enumerated() {
            do { try spec.validated() } catch { throw .filter(field: "filters[\(i)]", cause: error) }
        }
        if let frameLimit, frameLimit < 1 {
            throw .configuration(field: "frames", reason: "must be at least 1, got \(frameLimit)")
        }
        if let durationLimit, !(durationLimit > 0 && durationLimit.isFinite) {
            throw .configuration(
                field: "duration", reason: "must be a positive number of seconds, got \(durationLimit)")
        }
        if let autoEnhance {
            do { _ = try autoEnhance.validated() } catch {
                guard case let .invalidOption(name, value, expected) = error else {
                    throw .configuration(field: "autoEnhance", reason: error.description)
                }
                throw .configuration(field: "autoEnhance.\(name)", reason: "is \(value); expected \(expected)")
            }
        }
        if detection.every < 1 {
            throw .configuration(field: "detect.every", reason: "must be at least 1, got \(detection.every)")
        }
        if let size = detection.minimumFeatureSize, !(size >= 0 && size <= 1) {
            throw .configuration(field: "detect.minSize", reason: "must be a fraction between 0 and 1, got \(size)")
        }
        // What was asked for must happen, or be refused: smile on no faces, or events with nothing to report,
        // would otherwise run silently without it.
        if !detection.types.contains(.face) {
            for (asked, field, what) in [
                (detection.smile, "smile", "smile is decided"), (detection.blink, "blink", "blink is decided"),
                (detection.followFaces, "followFaces", "following faces works")
            ] where asked {
                throw .configuration(
                    field: "detect.\(field)",
                    reason: "\(what) on faces, and no face detector runs: add face to the detectors (--detect face)")
            }
        }
        if detection.symbologies != nil && !detection.types.contains(.barcode) {
            throw .configuration(
                field: "detect.symbologies",
                reason:
                    "symbologies are what the barcode detector reads, and none runs: add barcode to the detectors (--detect barcode)"
            )
        }
        if eventsPath != nil && detection.types.isEmpty {
            throw .configuration(
                field: "events",
                reason: "events hold what the detectors find, and none runs: give --detect (qr, face, rect or all)")
        }
        if let record {
            if let bitrate = record.bitrate, bitrate < RecorderOptions.minimumBitrate {
                throw .configuration(
                    field: "record.bitrate",
                    reason:
                        "\(bitrate) is below \(RecorderOptions.minimumBitrate) bits/s (1k), the least the encoders take"
                )
            }
            if record.gop < 1 {
                throw .configuration(field: "record.gop", reason: "must be at least 1, got \(record.gop)")
            }
            do { try Recorder.check(path: record.path, options: record.recorderOptions) } catch {
                throw .invalidField(field: "record.path", cause: ErrorCause(error))
            }
        }
        if passthrough && !filters.isEmpty {
            throw .configuration(field: "filters", reason: "a passthrough run renders nothing: it takes no filters")
        }
        var addresses = Set<String>()
        for web in webPreviews {
            _ = try web.validated()
            guard addresses.insert("\(web.host):\(web.port)").inserted || web.port == 0 else {
                throw .configuration(field: "preview", reason: "\(web.url()) is given twice")
            }
        }
        guard !cameraName.isEmpty, cameraName.count <= 64,
            cameraName.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            throw .configuration(
                field: "cameraName",
                reason: "'\(cameraName)': 1–64 of letters, digits, - and _ (it is an MQTT topic level)")
        }
        if let publish { _ = try publish.validated() }
        if publish != nil && detection.types.isEmpty {
            throw .configuration(
                field: "publish", reason: "publishing sends what the detectors find: give --detect (qr, face, rect)")
        }
        if let rate = webFrameRate, !(rate >= 1 && rate <= 240) {
            throw .configuration(field: "previewFps", reason: "must be 1–240 frames a second, got \(rate)")
        }
        if passthrough && !webPreviews.isEmpty {
            throw .configuration(
                field: "preview", reason: "the web preview needs rendered frames: drop passthrough (--raw)")
        }
        if passthrough && preview != nil {
            throw .configuration(
                field: "preview", reason: "the preview needs rendered frames: drop passthrough (--raw)")
        }
        if let width = source.width, width < 2 {
            throw .configuration(field: "source.size", reason: "width \(width) is too small")
        }
        if let height = source.height, height < 2 {
            throw .configuration(field: "source.size", reason: "height \(height) is too small")
        }
        if let fps = source.frameRate, !(fps > 0 && fps.isFinite) {
            throw .configuration(field: "source.fps", reason: "must be positive, got \(fps)")
        }
        try checkOutputsSpareTheSource()
        return self
    }
}

/// Which detectors run, how often and how hard.
public struct DetectionSettings: Sendable, Equatable {
    public var types: [DetectorType] = []
    /// Run the detectors on every Nth frame; overlays follow the latest result in between.
    public var every = 3
    /// Core Image's setting for live video: low (faces by the cascade). On the bundled demo the cascade finds
    /// the face in 150/150 frames with 0.02 false faces a frame at about 0.6× the HOG model's cost; the HOG
    /// model also finds 150/150 but adds 0.41 false faces a frame (it fires on the QR card) — docs/benchmarks.md.
    public var accuracy: DetectorOptions.Accuracy = .low
    /// The smallest feature, as a fraction of the frame's shorter side; nil: none for QR codes and
    /// rectangles, `liveFaceMinimumFeatureSize` for faces.
    public var minimumFeatureSize: Double?
    /// The smallest face a run's cascade looks for unless `minimumFeatureSize` is given: 5 % of the shorter side
    /// (36 px at 720p, 24 px at 480p). The smallest windows are most of a cascade's scan: at 720p this cut
    /// QR plus face detection from 122 to 88 ms a detected frame and took the 720p benchmark run (3 filters,
    /// recording, QR and faces every 3rd frame) from 24 to 32 fps, and the bundled clips' faces (70 px and
    /// larger) are all still found.
    public static let liveFaceMinimumFeatureSize = 0.05
    public var faceMethod: FaceOptions.Method?
    /// Faces: the landmark model (`FaceOptions.landmarkModel`; off: geometric eyes and mouth, no attributes).
    public var landmarks = true
    public var landmarkModel: FaceOptions.LandmarkModel = .mesh
    /// Faces: decide smile and blink (Core Image's `CIDetectorSmile` and `CIDetectorEyeBlink`).
    public var smile = false
    public var blink = false
    /// Faces: between detections, follow each face on every frame by its landmarks alone (a few ms a face),
    /// so boxes, eyes, smile and blink keep up with the picture; needs the mesh landmark model.
    public var followFaces = false
    /// Barcodes: the symbologies to read (`DetectorOptions.symbologies`); nil: all of them.
    public var symbologies: Set<BarcodeSymbology>?
    /// QR codes: look again, with `.high`'s retries, where a code read in an earlier detection should be now
    /// (`QRCodeMemory`). On by default: it is what makes a live run read a moving code in nearly every frame.
    public var rememberCodes = true
    public init() {}

    var detectorOptions: DetectorOptions {
        var options = DetectorOptions(accuracy: accuracy, minimumFeatureSize: minimumFeatureSize)
        if let faceMethod { options.face.method = faceMethod }
        options.face.landmarks = landmarks
        options.face.landmarkModel = landmarkModel
        if let symbologies { options.symbologies = symbologies }
        return options
    }

    /// `detectorOptions` with the live face default applied when no minimum size is given and faces are
    /// found by the cascade (dlib's HOG model has its own smallest face, 40 px, and a smaller one would make
    /// it scan a larger picture).
    var faceDetectorOptions: DetectorOptions {
        var options = detectorOptions
        if minimumFeatureSize == nil, options.face.method(for: accuracy) == .cascade {
            options.minimumFeatureSize = Self.liveFaceMinimumFeatureSize
        }
        return options
    }

    var featureOptions: FeatureOptions { FeatureOptions(smile: smile, eyeBlink: blink) }

    var codeMemory: QRCodeMemory.Settings { QRCodeMemory.Settings(isEnabled: rememberCodes) }

    /// Whether the detector stage sees every frame (to follow faces) rather than every Nth.
    var followsEveryFrame: Bool { followFaces && landmarks && landmarkModel == .mesh && types.contains(.face) }
}

/// The DRM/KMS preview: `card` is a path such as /dev/dri/card0, or nil for "auto" (the first card with a
/// connected display; none found, or a compositor holding it, means a warning and no preview).
public struct PreviewOutput: Sendable, Equatable {
    public var card: String?
    public var connector: String?
    public var mode: String?
    public init(card: String? = nil, connector: String? = nil, mode: String? = nil) {
        self.card = card
        self.connector = connector
        self.mode = mode
    }
    public var isAutomatic: Bool { card == nil }
    /// A display is the point of the run (`iris preview`): `auto` finding none is an error, not a warning.
    public var required = false
}

/// The recording: container by the path's extension (.mp4, .mkv, .y4m), codec and rate control.
public struct RecordOutput: Sendable, Equatable {
    public var path: String
    public var codec: RecorderCodec = .h264
    public var bitrate: Int?
    public var gop = 60
    public var preset = "veryfast"
    public var encoder: String?
    /// Draw overlays into the recording too (the preview always shows them).
    public var overlays = true
    public init(path: String) { self.path = path }

    var recorderOptions: RecorderOptions {
        RecorderOptions(codec: codec, bitrate: bitrate, gop: gop, preset: preset, encoderName: encoder)
    }
}
