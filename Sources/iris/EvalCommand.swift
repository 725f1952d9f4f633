import ArgumentParser
import Foundation
import IrisCore
import IrisDetect
import IrisEval
import IrisPipeline
import IrisVideo

/// `iris eval [CLIP…|DIR] [--detect qr,face,rect] [--json OUT] [--accuracy low|high] [--thresholds FILE]`
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score the detectors on recordings with per-frame ground truth (and on still-image truth layouts).",
        discussion: """
            Each recording (Y4M, MP4, MKV…) is scored against CLIP.truth.json beside it (Iris's format, see \
            Recordings/README.md), or against --truth FILE: Iris's JSON, MOT Challenge gt.txt (.txt) or CVAT for \
            video XML (.xml). A folder means its recordings that have a truth file, and, if it holds N.png + N.txt \
            pairs, the ZXing still layout. A quads.json or a dlib XML file is scored as `iris detect --truth` does. \
            With no input, the bundled clips in Recordings/.

            A detection matches a true object at IoU ≥ 0.5 (one-to-one, optimal); objects under half visible are \
            "don't care". Faces are tracked across frames and also get CLEAR MOT and IDF1 figures.

            --thresholds FILE exits 1, listing each broken limit, when a detector falls below a limit in FILE.

            A clip that did not decode cleanly (libav reported decode errors: a damaged file) is named with its \
            error count and the run exits 1 after printing the scores; --allow-damaged scores it with a warning.
            """)

    @Argument(
        help:
            "Recordings with ground truth, truth files, still-image truth layouts, or folders of them (default Recordings)."
    )
    var inputs: [String] = []
    @Option(help: "Write every report as JSON to this file.") var json: String?
    @Option(help: "A thresholds file: exit 1 when a detector falls below one of its limits.") var thresholds: String?
    @Option(help: "The ground truth of a single recording: Iris JSON, MOT gt.txt or CVAT video XML.") var truth: String?
    @Option(help: "Score only the first N frames of each recording.") var maxFrames: Int?
    @Option(help: "Run the detectors on every Nth frame only, and score those (as iris run --detect-every).")
    var detectEvery: Int = 1
    @Flag(help: "Print a Markdown table instead of aligned text.") var markdown = false
    @Flag(help: "For still layouts, list every image that was missed or wrong.") var verbose = false
    @Flag(help: "No progress lines on standard error.") var quiet = false
    @Flag(help: "Score clips that did not decode cleanly (decode errors) with a warning, instead of exiting 1.")
    var allowDamaged = false
    @OptionGroup var detectors: DetectorChoiceOptions
    @OptionGroup var face: DetectFaceArguments

    var accuracy: DetectorOptions.Accuracy { detectors.accuracy ?? .high }

    func validate() throws {
        if let maxFrames, maxFrames < 1 { throw ValidationError("--max-frames must be at least 1, got \(maxFrames)") }
        if detectEvery < 1 { throw ValidationError("--detect-every must be at least 1, got \(detectEvery)") }
    }

    func run() throws {
        LibAVLogging.level = .quiet
        do {
            let limits = try thresholds.map { path throws(EvaluationError) in
                try AccuracyThresholds.read(contentsOf: path)
            }
            var options = DetectorOptions(accuracy: accuracy)
            face.apply(to: &options)
            self.detectors.apply(to: &options)
            let types = self.detectors.types(default: [.qrCode, .face, .rectangle])
            try face.landmarks.check(detecting: types)
            let detectors = try types.map { t throws(DetectorError) in try Detector(type: t, options: options) }
            // With no input, the bundled clips, found from any folder as `iris run` finds its demo.
            let paths = try inputs.isEmpty ? [BundledRecording.folder()] : inputs
            let resolved = try EvaluationInput.resolve(paths, truth: truth)
            // The report must not replace a clip, a truth file or the thresholds: checked before any work.
            if let json {
                let read =
                    paths + [truth, thresholds].compactMap { $0 }
                    + resolved.flatMap { input -> [String] in
                        if case let .clip(path, source) = input { [path, source.path] } else { [] }
                    }
                try RunFiles.check(outputs: [json], inputs: read)
            }
            var reports: [ClipReport] = []
            let progress = EvalProgress(quiet: quiet)
            let clipCount = resolved.filter { if case .clip = $0 { true } else { false } }.count
            for input in resolved {
                switch input {
                case let .clip(path, source):
                    progress.start(clip: path, number: reports.count + 1, of: clipCount)
                    let loaded = try source.load(for: path)
                    var evaluator = ClipEvaluator(
                        detectors: detectors, featureOptions: face.featureOptions(orientation: .up),
                        maxFrames: maxFrames)
                    evaluator.truthListsEveryFrame = loaded.listsEveryFrame
                    evaluator.detectEvery = detectEvery
                    evaluator.codeMemory = self.detectors.codeMemory
                    evaluator.progress = { done, total in progress.frame(done, of: total) }
                    reports.append(try evaluator.evaluate(clip: path, truth: loaded.truth))
                    progress.finish(frames: reports[reports.count - 1].frames)
                case let .zxingFolder(folder):
                    guard let qr = detectors.first(where: { $0.type == .qrCode }) else { continue }
                    DetectTruth.report(
                        try StillQRScore(ZXingFolderTruth(folder: folder), detector: qr), folder: folder,
                        verbose: verbose)
                case let .quads(file):
                    guard let rect = detectors.first(where: { $0.type == .rectangle }) else { continue }
                    let score = try StillQuadScore(
                        QuadsTruth(contentsOf: file), imagesIn: (file as NSString).deletingLastPathComponent,
                        detector: rect)
                    DetectTruth.report(score, file: file, verbose: verbose)
                case let .dlibFaces(file):
                    guard let faces = detectors.first(where: { $0.type == .face }) else { continue }
                    let score = try StillFaceScore(
                        DlibFaceTruth(contentsOf: file), imagesIn: (file as NSString).deletingLastPathComponent,
                        detector: faces, options: face.featureOptions(orientation: .up))
                    DetectFaceTruth.report(score, file: file, verbose: verbose)
                }
            }
            if !reports.isEmpty {
                let table = EvaluationTable(reports)
                print(markdown ? table.markdown : table.text)
            }
            if let json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                try OutputFile.write(Array(try encoder.encode(reports)) + [0x0A], to: json)
            }
            let damaged = reports.compactMap(\.damage)
            if !damaged.isEmpty, !allowDamaged {
                throw CLIError.message(
                    damaged.joined(separator: "\n")
                        + "\nreplace or re-encode the clip, or pass --allow-damaged to score it anyway")
            }
            for line in damaged { StandardError.write("warning: \(line) (--allow-damaged)\n") }
            if let limits {
                if let asked = limits.accuracy, asked != accuracy {
                    throw CLIError.message(
                        "\(thresholds ?? ""): limits were measured at --accuracy \(asked.rawValue), this run is \(accuracy.rawValue)"
                    )
                }
                if let asked = limits.detectEvery, asked != detectEvery {
                    throw CLIError.message(
                        "\(thresholds ?? ""): limits were measured at --detect-every \(asked), this run is \(detectEvery)"
                    )
                }
                let failures = limits.failures(across: reports)
                guard failures.isEmpty else {
                    throw CLIError.message(
                        "below the accuracy thresholds in \(thresholds ?? ""):\n  " + failures.joined(separator: "\n  ")
                    )
                }
                print("thresholds: every limit in \(thresholds ?? "") holds")
            }
        } catch {
            throw CLIError(error)
        }
    }
}
