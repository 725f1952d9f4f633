import IrisFilters

/// A run's figures in Prometheus's text exposition format (version 0.0.4), for `GET /metrics?format=prometheus`:
/// counters end in `_total`, latencies are summaries in seconds with their 0.5 and 0.99 quantiles.
///
///     let text = PrometheusText.render(snapshot)   // "iris_frames_in_total 120\n…"
public enum PrometheusText {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public static func render(_ m: MetricsSnapshot) -> String {
        var out = ""
        func metric(_ name: String, _ type: String, _ help: String, _ value: Double, labels: String = "") {
            out += "# HELP iris_\(name) \(help)\n# TYPE iris_\(name) \(type)\n"
            out += "iris_\(name)\(labels.isEmpty ? "" : "{\(labels)}") \(number(value))\n"
        }
        func summary(_ name: String, _ help: String, _ s: LatencySummary?) {
            guard let s else { return }
            out += "# HELP iris_\(name)_seconds \(help)\n# TYPE iris_\(name)_seconds summary\n"
            out += "iris_\(name)_seconds{quantile=\"0.5\"} \(number(s.p50 / 1000))\n"
            out += "iris_\(name)_seconds{quantile=\"0.99\"} \(number(s.p99 / 1000))\n"
            out += "iris_\(name)_seconds_sum \(number(s.mean * Double(s.samples) / 1000))\n"
            out += "iris_\(name)_seconds_count \(s.samples)\n"
        }
        let run: [(String, String, String, Double)] = [
            ("uptime_seconds", "gauge", "Seconds since the run started.", m.seconds),
            ("frames_in_total", "counter", "Frames taken from the source.", Double(m.framesIn)),
            ("frames_rendered_total", "counter", "Frames rendered.", Double(m.framesRendered)),
            ("frames_shown_total", "counter", "Frames shown on the DRM/KMS display.", Double(m.framesShown)),
            ("frames_recorded_total", "counter", "Frames written to the recording.", Double(m.framesRecorded)),
            ("frames_detected_total", "counter", "Frames the detectors looked at.", Double(m.framesDetected)),
            ("features_total", "counter", "Features the detectors found.", Double(m.features)),
            ("input_fps", "gauge", "Frames a second from the source since the start.", m.inputFPS),
            ("output_fps", "gauge", "Frames a second rendered since the start.", m.outputFPS),
            (
                "decode_errors_total", "counter", "Errors the source's decoder reported and decoded past.",
                Double(m.decodeErrors)
            )
        ]
        run.forEach { metric($0.0, $0.1, $0.2, $0.3) }
        out += "# HELP iris_dropped_frames_total Frames that did not reach an output, by the stage that lost them.\n"
        out += "# TYPE iris_dropped_frames_total counter\n"
        for (stage, count) in [
            ("source", m.drops.source), ("capture", m.drops.capture), ("display", m.drops.display),
            ("recorder", m.drops.recorder), ("detector", m.drops.detectorSkipped)
        ] {
            out += "iris_dropped_frames_total{stage=\"\(stage)\"} \(count)\n"
        }
        summary("capture_to_display", "Capture to display latency.", m.captureToDisplay)
        summary("capture_to_file", "Capture to recorded file latency.", m.captureToFile)
        summary("render", "Render time a frame.", m.render)
        summary("detector", "Detector time a detected frame.", m.detector)
        guard let web = m.web else { return out }
        let served: [(String, String, String, Int)] = [
            ("web_viewers", "gauge", "Web preview MJPEG viewers connected now.", web.viewers),
            ("web_event_streams", "gauge", "Web preview event streams open now.", web.eventStreams),
            ("web_viewers_served_total", "counter", "Web preview stream connections served.", web.viewersServed),
            ("web_viewers_dropped_total", "counter", "Web preview viewers closed for not reading.", web.viewersDropped),
            ("web_frames_encoded_total", "counter", "Frames JPEG-encoded for the web preview.", web.framesEncoded),
            ("web_frames_sent_total", "counter", "Frames sent to web preview viewers.", web.framesSent),
            ("web_frames_skipped_total", "counter", "Frames slow web viewers skipped.", web.framesSkipped),
            ("web_bytes_sent_total", "counter", "Bytes of frames sent to web viewers.", web.bytesSent),
            (
                "web_unauthorized_total", "counter", "Web requests refused for a missing or wrong token.",
                web.unauthorized
            ),
            ("web_control_changes_total", "counter", "Filter chain changes accepted.", web.controlChanges),
            ("web_control_refused_total", "counter", "Filter chain changes refused.", web.controlRefused)
        ]
        served.forEach { metric($0.0, $0.1, $0.2, Double($0.3)) }
        summary("web_encode", "JPEG encoding time a frame.", web.encode)
        summary("web_capture_to_sent", "Capture to a frame's last byte handed to a web viewer.", web.captureToSent)
        return out
    }

    /// Whole numbers without a fraction, others as Swift prints doubles (Prometheus reads both).
    private static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
