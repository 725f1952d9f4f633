import Foundation

/// The GStreamer CPU chain `iris bench` compares against, run with `gst-launch-1.0` when it is installed
/// (`tools/bench-cpu-renderer` installs it): NV12 test frames → `videobalance` → `videoconvert` → RGBA.
/// GStreamer works in 8-bit Y'CbCr without colour management, so its work is cheaper than Iris's.
public enum GStreamerPeer {
    /// Milliseconds per frame of the whole pipeline (launch included, amortised over `frames`), or nil
    /// when GStreamer is not installed.
    public static func colorChain(width: Int, height: Int, frames: Int) throws -> Double? {
        guard let launcher = PeerProcess.executable(["/usr/bin/gst-launch-1.0", "/usr/local/bin/gst-launch-1.0"]) else {
            return nil
        }
        let pipeline = [
            "videotestsrc", "num-buffers=\(frames)", "pattern=smpte", "!",
            "video/x-raw,format=NV12,width=\(width),height=\(height)", "!",
            "videobalance", "saturation=1.2", "brightness=0.02", "contrast=1.1", "hue=0.1", "!",
            "videoconvert", "!", "video/x-raw,format=RGBA", "!", "fakesink", "sync=false"
        ]
        var best = Double.infinity
        for _ in 0..<3 {
            guard let ms = try PeerProcess.milliseconds(launcher, ["-q"] + pipeline) else { return nil }
            best = min(best, ms / Double(frames))
        }
        return best
    }
}
