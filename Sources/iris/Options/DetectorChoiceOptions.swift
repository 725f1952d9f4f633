import ArgumentParser
import IrisDetect
import IrisPipeline

/// `--detect` and `--accuracy`, the same words with the same meaning in `run`, `detect` and `eval`. Only
/// the defaults differ, each for a stated reason: stills and scoring have no frame budget (all detectors,
/// high accuracy); a live run has one (no detectors unless asked, low accuracy).
struct DetectorChoiceOptions: ParsableArguments {
    @Option(help: """
        Detectors, comma-separated: qr, face, rect, or all. Default: all three in detect and eval (a still \
        or a scored clip: look for everything); none in run, where each detector costs frame time (the \
        bundled demo run turns all three on).
        """) var detect: String?
    // The names `detect` and `eval` used before: kept, hidden, for a release.
    @Option(name: .customLong("type"), help: .hidden) var typeAlias: String?
    @Option(name: .customLong("detector"), help: .hidden) var detectorAlias: String?
    @Option(help: """
        Detector accuracy: high (faces by dlib's HOG model: more faces, tighter boxes, slower; the default \
        in detect and eval, which have no frame budget) or low (faces by the cascade, as Core Image's live \
        video: fast; the default in run).
        """) var accuracy: DetectorOptions.Accuracy?

    func validate() throws {
        let given = [("--detect", detect), ("--type", typeAlias), ("--detector", detectorAlias)].filter { $0.1 != nil }
        if given.count > 1 { throw ValidationError("\(given.map(\.0).joined(separator: " and ")) both choose detectors: give --detect once") }
        if let list = chosenList, case let .failure(error) = DetectorNames.types(in: list) { throw ValidationError("--detect: \(error)") }
    }

    /// The list the user gave under any of the names, if any.
    var chosenList: String? { detect ?? typeAlias ?? detectorAlias }

    /// The chosen detectors, or `fallback` when none were named.
    func types(default fallback: [DetectorType]) -> [DetectorType] {
        guard let list = chosenList, case let .success(types) = DetectorNames.types(in: list) else { return fallback }
        return types
    }
}
