import Foundation
import IrisCore

/// ffmpeg's nearest equivalents of Iris filters at Iris's defaults, which `iris bench-filters` times on the
/// same NV12 frame when the ffmpeg CLI is installed (tools/setup installs it). ffmpeg filters 8-bit planes
/// without colour management or premultiplied alpha, and its Gaussian is an approximation, so its work is
/// cheaper than Iris's; the table says so beside the figures.
public enum FFmpegFilterPeer {
    /// Core Image name → the ffmpeg `-vf` chain from the decoded NV12 frame to RGBA.
    public static let equivalents: [(filter: String, chain: String)] = [
        ("CIBoxBlur", "format=gbrp,boxblur=10:1:10:1,format=rgba"),
        ("CIColorInvert", "format=rgba,negate"),
        ("CIEdges", "format=gbrp,sobel,format=rgba"),
        ("CIGaussianBlur", "format=gbrp,gblur=sigma=10,format=rgba"),
        ("CIMedianFilter", "format=gbrp,median=radius=1,format=rgba"),
        ("CIPixellate", "format=gbrp,pixelize=w=8:h=8,format=rgba"),
        ("CISepiaTone", "format=rgba,colorchannelmixer=.393:.769:.189:0:.349:.686:.168:0:.272:.534:.131"),
        ("CIUnsharpMask", "format=yuv420p,unsharp=13:13:0.5:5:5:0,format=rgba")
    ]

    public static var ffmpeg: String? { PeerProcess.executable(["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"]) }

    /// Milliseconds per frame of `chain` on `frame` (NV12, tightly packed): the best of three runs over
    /// `frames` frames, less the best run over one frame, so ffmpeg's start-up is not counted. Nil when ffmpeg
    /// is missing or rejects the chain.
    public static func milliseconds(chain: String, frame: PixelBuffer, frames: Int = 31) throws -> Double? {
        guard let ffmpeg, frame.format == .nv12, frames > 1 else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iris-peer-\(ProcessInfo.processInfo.processIdentifier).nv12")
        try Data(frame.planes.flatMap(\.bytes)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        func best(_ count: Int) throws -> Double? {
            var best = Double.infinity
            for _ in 0..<3 {
                guard
                    let ms = try PeerProcess.milliseconds(
                        ffmpeg,
                        [
                            "-nostdin", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "nv12", "-s",
                            "\(frame.width)x\(frame.height)",
                            "-stream_loop", "\(count - 1)", "-i", file.path, "-vf", chain, "-f", "null", "-"
                        ])
                else { return nil }
                best = min(best, ms)
            }
            return best
        }
        guard let many = try best(frames), let one = try best(1) else { return nil }
        return max(many - one, 0) / Double(frames - 1)
    }
}
