import ArgumentParser
import IrisDetect
import IrisPipeline

/// `--detect`, `--accuracy` and `--symbologies`, the same words with the same meaning in `run`, `detect` and `eval`.
/// Only
/// the defaults differ, each for a stated reason: stills and scoring have no frame budget (all detectors,
/// high accuracy); a live run has one (no detectors unless asked, low accuracy).
struct DetectorChoiceOptions: ParsableArguments {
    @Option(
        help: """
            Detectors, comma-separated: qr, face, rect, barcode. Default: all three in detect and eval (qr, face \
            and rect, Core Image's: a still or a scored clip has no frame budget); none in run, where each \
            detector costs frame time (the bundled demo run turns those three on). all names all four; barcode \
            reads every symbology but QR, or those --symbologies names.
            """) var detect: String?
    // The names `detect` and `eval` used before: kept, hidden, for a release.
    @Option(name: .customLong("type"), help: .hidden) var typeAlias: String?
    @Option(name: .customLong("detector"), help: .hidden) var detectorAlias: String?
    @Option(
        help: """
            Detector accuracy: high (faces by dlib's HOG model: more faces, tighter boxes, slower; the default \
            in detect and eval, which have no frame budget) or low (faces by the cascade, as Core Image's live \
            video: fast; the default in run).
            """) var accuracy: DetectorOptions.Accuracy?
    @Option(
        help: """
            What the barcode detector reads, comma-separated, by Vision's names: ean8, ean13, upca, upce, code39, \
            code93, code128, i2of5 (ITF), codabar, dataMatrix, aztec, pdf417, microQR, or all (the default). \
            QR codes are the qr detector's.
            """) var symbologies: String?
    @Flag(
        inversion: .prefixedNo,
        help: """
            On a video, look again for each QR code read in an earlier detection where its motion puts it, with \
            --accuracy high's retries on that region only (on by default: a moving code is read in nearly every \
            detected frame at the live cost; docs/detectors.md, "Codes in video").
            """) var rememberCodes: Bool?

    /// How QR codes are looked for again on a video (`QRCodeMemory`).
    var codeMemory: QRCodeMemory.Settings { QRCodeMemory.Settings(isEnabled: rememberCodes ?? true) }

    func validate() throws {
        let given = [("--detect", detect), ("--type", typeAlias), ("--detector", detectorAlias)].filter { $0.1 != nil }
        if given.count > 1 {
            throw ValidationError(
                "\(given.map(\.0).joined(separator: " and ")) both choose detectors: give --detect once")
        }
        if let list = chosenList, case let .failure(error) = DetectorNames.types(in: list) {
            throw ValidationError("--detect: \(error)")
        }
        if let symbologies {
            do throws(BarcodeSymbologyError) { _ = try BarcodeSymbology.list(symbologies) } catch {
                throw ValidationError("--symbologies: \(error)")
            }
            if chosenList != nil, !types(default: []).contains(.barcode) {
                throw ValidationError(
                    "--symbologies chooses what the barcode detector reads, and none runs: add barcode to --detect")
            }
        }
    }

    /// The symbologies `--symbologies` names, or nil when it is not given (every one).
    var chosenSymbologies: Set<BarcodeSymbology>? {
        guard let symbologies, let list = try? BarcodeSymbology.list(symbologies) else { return nil }
        return Set(list)
    }

    /// `--symbologies` applied to detector options.
    func apply(to options: inout DetectorOptions) {
        if let chosenSymbologies { options.symbologies = chosenSymbologies }
    }

    /// The list the user gave under any of the names, if any.
    var chosenList: String? { detect ?? typeAlias ?? detectorAlias }

    /// The chosen detectors, or `fallback` when none were named.
    func types(default fallback: [DetectorType]) -> [DetectorType] {
        guard let list = chosenList, case let .success(types) = DetectorNames.types(in: list) else { return fallback }
        return types
    }
}
