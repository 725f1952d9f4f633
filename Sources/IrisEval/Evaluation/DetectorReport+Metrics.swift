/// The report's figures by name: what a thresholds file limits and the table prints.
extension DetectorReport {
    /// Every name `metric(named:)` answers.
    public static let metricNames: Set<String> = [
        "precision", "recall", "meanIoU", "cornerError", "cornerErrorP95", "qrDecodeRate", "barcodeDecodeRate",
        "eyeError", "mouthError",
        "mota", "motp", "idf1", "idSwitches", "fragmentations", "msPerFrame"
    ]

    /// The named figure, or nil where this detector or clip does not measure it (no QR codes, no tracks…).
    public func metric(named name: String) -> Double? {
        switch name {
        case "precision": precision
        case "recall": recall
        case "meanIoU": meanIoU
        case "cornerError": cornerError?.mean
        case "cornerErrorP95": cornerError?.p95
        case "qrDecodeRate": qrDecodeRate
        case "barcodeDecodeRate": barcodeDecodeRate
        case "eyeError": landmarkError?.meanEyeError
        case "mouthError": landmarkError?.meanMouthError
        case "mota": tracking?.mota
        case "motp": tracking?.motp
        case "idf1": tracking?.idf1
        case "idSwitches": tracking.map { Double($0.idSwitches) }
        case "fragmentations": tracking.map { Double($0.fragmentations) }
        case "msPerFrame": msPerFrame
        default: nil
        }
    }
}
