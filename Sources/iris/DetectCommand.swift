import ArgumentParser
import Foundation
import IrisBench
import IrisCore
import IrisDetect
import IrisEval
import IrisPipeline
import IrisVideo

/// `iris detect INPUT… --detect qr,rect,face,barcode [--symbologies LIST] [--json] [--coordinates bottom-left|top-left]
/// [--annotate DIR] [--truth zxing|quads|dlib] [--bench]`
struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract:
            "Find QR codes, rectangles, faces and barcodes in stills, recordings (Y4M, MP4, MKV…, - for standard input) and folders.",
        discussion: """
            Features are printed in image coordinates of the upright picture: pixels, origin at the bottom-left, \
            y up (Core Image's convention), or with --coordinates top-left from the top-left corner, y down \
            (OpenCV's, zbar's and most annotation tools'); --json lines name theirs. Corners are named top-left, \
            top-right, bottom-right, bottom-left as seen in the picture, in either convention.

            An input that cannot be read is reported on standard error (one line naming it) and the others are \
            still read; the exit status is non-zero if any failed. --annotate names outputs after their files, \
            with folders added where two inputs share a name (a/x.png and b/x.png give a-x.png and b-x.png).

            --truth zxing DIR…   scores folders in ZXing's layout (N.png + N.txt, or N.bin for binary codes; an image \
            without either must give nothing) with the qr detector, the barcode detector (--detect barcode \
            --symbologies …), or both.
            --truth quads FILE…  scores rectangles against a quads.json (see --generate-scenes).
            --truth dlib FILE…   scores faces against dlib imglab XML (recall/precision at IoU ≥ 0.5, eye/mouth error).
            --generate-scenes DIR writes generated rectangle scenes (cards and documents under perspective, \
            blur, noise, uneven light; a quarter with no rectangle) and their quads.json.
            --bench              measures ms per 640×480 and 1280×720 frame for each detector.
            """)

    @Argument(
        help:
            """
            Stills (.png, .jpg), recordings (.y4m, .mp4, .mkv…), cameras (/dev/videoN, libcamera:N, auto), - (a Y4M or \
            raw stream on standard input), or folders of them.
            """
    ) var inputs: [String] = []
    @Flag(help: "Print one JSON object per picture (JSON lines).") var json = false
    @Option(help: "Coordinates printed: bottom-left (Core Image's, y up) or top-left (OpenCV's, y down).")
    var coordinates: CoordinateConvention = .bottomLeft
    @Option(help: "Write each picture with its features drawn on it, as PNG, into this folder.") var annotate: String?
    @Option(
        help: "Score against ground truth: zxing (folders of N.png + N.txt), quads (a quads.json) or dlib (face XML).")
    var truth: TruthKind?
    @Option(parsing: .unconditional, help: "Smallest feature, as a fraction of the shorter side (0…1).") var minSize:
        Double?
    @Option(help: "Preferred rectangle aspect ratio (longer/shorter side).") var aspectRatio: Double = 1.6
    @Option(help: "Read at most this many frames of each recording.") var maxFrames: Int = 1_000_000
    @Flag(help: "Measure ms per frame for each detector at 640×480 and 1280×720.") var bench = false
    @Option(help: "Write generated rectangle scenes and quads.json into this folder.") var generateScenes: String?
    @Option(help: "How many scenes --generate-scenes writes.") var count: Int = 200
    @Flag(help: "With --truth, list every image that was missed or wrong; also let libav print its warnings.")
    var verbose = false
    @OptionGroup var detectors: DetectorChoiceOptions
    @OptionGroup var pixelLimit: PixelLimitOptions
    @OptionGroup var face: DetectFaceArguments
    @OptionGroup var sourceOptions: SourceOptions

    enum TruthKind: String, ExpressibleByArgument { case zxing, quads, dlib }

    func validate() throws {
        if let minSize, !(minSize >= 0 && minSize <= 1) {
            throw ValidationError("--min-size must be a fraction of the shorter side between 0 and 1, got \(minSize)")
        }
        if !(aspectRatio > 0 && aspectRatio.isFinite) {
            throw ValidationError("--aspect-ratio must be a positive number, got \(aspectRatio)")
        }
        if maxFrames < 1 { throw ValidationError("--max-frames must be at least 1, got \(maxFrames)") }
    }

    func run() throws {
        // Truncated or damaged recordings are reported by Iris, naming the file; libav's lines only with --verbose.
        LibAVLogging.level = verbose ? .warnings : .quiet
        do {
            var options = DetectorOptions(
                accuracy: detectors.accuracy ?? .high, minimumFeatureSize: minSize, aspectRatio: aspectRatio)
            face.apply(to: &options)
            self.detectors.apply(to: &options)
            if let folder = generateScenes {
                try DetectScenes.write(into: folder, count: count)
                return
            }
            if bench {
                try DetectorBenchmark.run(options: options) { print($0) }
                return
            }
            try face.landmarks.check(detecting: self.detectors.types(default: [.qrCode, .face, .rectangle]))
            let types = self.detectors.types(default: [.qrCode, .face, .rectangle])
            if self.detectors.symbologies != nil, !types.contains(.barcode) {
                throw CLIError.message(
                    "--symbologies chooses what the barcode detector reads, and none runs: add --detect barcode")
            }
            let detectors = try types.map { t throws(DetectorError) in try Detector(type: t, options: options) }
            switch truth {
            case .zxing:
                let readers = detectors.filter { $0.type == .qrCode || $0.type == .barcode }
                guard !readers.isEmpty else {
                    throw CLIError.message("--truth zxing scores QR codes and barcodes: add qr or barcode to --detect")
                }
                for folder in inputs {
                    DetectTruth.report(
                        try StillQRScore(ZXingFolderTruth(folder: folder), detectors: readers), folder: folder,
                        verbose: verbose)
                }
            case .quads:
                let rect = try Detector(type: .rectangle, options: options)
                for file in inputs {
                    let score = try StillQuadScore(
                        QuadsTruth(contentsOf: file), imagesIn: (file as NSString).deletingLastPathComponent,
                        detector: rect)
                    DetectTruth.report(score, file: file, verbose: verbose)
                }
            case .dlib:
                let faces = try Detector(type: .face, options: options)
                for file in inputs {
                    let score = try StillFaceScore(
                        DlibFaceTruth(contentsOf: file), imagesIn: (file as NSString).deletingLastPathComponent,
                        detector: faces, options: face.featureOptions(orientation: .up))
                    DetectFaceTruth.report(score, file: file, verbose: verbose)
                }
            case nil:
                guard !inputs.isEmpty else {
                    throw CLIError.message("iris detect: give at least one input (or --bench / --generate-scenes)")
                }
                try detectAll(detectors)
            }
        } catch {
            throw CLIError(error)
        }
    }

    /// Each file on its own: one that cannot be read, or breaks off mid-recording, is reported on standard
    /// error and the run goes on; the run fails at the end if any did.
    private func detectAll(_ detectors: [Detector]) throws {
        if let annotate { try OutputFolder.create(annotate) }
        let entries = PictureInputs.entries(for: inputs)
        var names = DetectAnnotationNames(
            files: entries.compactMap { if case let .file(path) = $0 { path } else { nil } })
        var failures = DetectFailures()
        for entry in entries {
            switch entry {
            case let .unlistable(folder, error):
                failures.report(error, input: folder)
            case let .file(path):
                // A recording's frames are one video: faces keep IDs and QR codes are looked for again.
                var video = VideoDetectors(detectors: detectors, codeMemory: self.detectors.codeMemory)
                var frameIndex = 0
                do {
                    try PictureInputs.forEachPicture(
                        in: path, stem: names.stem(for: path), maxFrames: maxFrames,
                        limit: pixelLimit.limit, source: sourceOptions.request(path: path)
                    ) { picture in
                        try detect(picture, index: frameIndex, with: &video, names: &names)
                        frameIndex += 1
                    }
                } catch {
                    failures.report(error, input: path)
                }
            }
        }
        if let failed = failures.summary(of: entries.count) { throw failed }
    }

    private func detect(
        _ picture: PictureInputs.Picture, index: Int, with video: inout VideoDetectors,
        names: inout DetectAnnotationNames
    ) throws {
        let start = ContinuousClock.now
        var features = try video.features(
            in: LumaPlane(buffer: picture.buffer), frameIndex: index,
            options: face.featureOptions(orientation: picture.orientation))
        let ms = (ContinuousClock.now - start).milliseconds
        // Report in the upright picture's coordinates, the picture a person sees.
        let upright = picture.orientation.transform(
            for: Rect(width: picture.buffer.width, height: picture.buffer.height))
        features = features.map { $0.applying(upright) }
        let size = picture.uprightSize
        if json {
            print(
                DetectJSON.line(
                    for: picture, size: size, features: features, milliseconds: ms, coordinates: coordinates))
        } else {
            print(
                "\(picture.name): \(features.count) feature(s), \(size.width)×\(size.height), \(String(format: "%.1f", ms)) ms"
            )
            let shown = coordinates.transform(pictureHeight: size.height)
            for feature in features { print("  " + DetectJSON.summary(of: feature.applying(shown))) }
        }
        if let annotate {
            let canvas = try PictureInputs.annotatedRGBA(picture, features: features)
            let path = (annotate as NSString).appendingPathComponent(names.claim(picture.fileStem))
            // An annotation named after its picture must not replace that picture (--annotate . beside it).
            try RunFiles.check(outputs: [path], inputs: names.inputFiles + inputs)
            try StillImage.write(canvas, to: path)
        }
    }
}

extension DetectorOptions.Accuracy: ExpressibleByArgument {}
extension CoordinateConvention: ExpressibleByArgument {}
