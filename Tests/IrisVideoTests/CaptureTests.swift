import CV4L2
import Foundation
import IrisCore
@testable import IrisVideo
import Testing

/// V4L2 capture without a device: typed errors for paths that are not cameras, and the pure policies
/// (format preference, size choice, colorimetry mapping). Real capture is checked in the QEMU guest by
/// tools/vm-test (iris-guest-checks against vivid).
@Suite struct CaptureTests {
    @Test func missingDeviceIsNoSuchDevice() {
        #expect(throws: CaptureError.noSuchDevice(path: "/dev/video-iris-none")) {
            try VideoDevice(path: "/dev/video-iris-none")
        }
        #expect(throws: CaptureError.noSuchDevice(path: "/nonexistent/dir/video0")) {
            try Camera(path: "/nonexistent/dir/video0", request: CaptureRequest(width: 320, height: 180))
        }
    }

    @Test func regularFileIsNotACaptureDevice() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write([0, 1, 2, 3], to: "video0")
        #expect(throws: CaptureError.notCaptureDevice(path: path, reason: "not a character device")) {
            try VideoDevice(path: path)
        }
        do {
            _ = try VideoDevice(path: directory.path)
            Issue.record("a directory opened as a camera")
        } catch {
            guard case .notCaptureDevice = error else {
                Issue.record("directory: \(error)")
                return
            }
        }
    }

    @Test func characterDeviceWithoutV4L2IsNotACaptureDevice() {
        do {
            _ = try VideoDevice(path: "/dev/null")
            Issue.record("/dev/null opened as a camera")
        } catch {
            guard case .notCaptureDevice(let path, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "/dev/null")
            #expect(reason.contains("VIDIOC_QUERYCAP"))
            #expect(error.description.hasPrefix("/dev/null: not a V4L2 capture device"))
        }
    }

    @Test func errnoMapsToTypedErrors() {
        #expect(CaptureError.from(errno: EBUSY, path: "/dev/v", operation: "S_FMT") == .busy(path: "/dev/v"))
        #expect(CaptureError.from(errno: ENODEV, path: "/dev/v", operation: "DQBUF") == .deviceGone(path: "/dev/v"))
        #expect(
            CaptureError.from(errno: EACCES, path: "/dev/v", operation: "open") == .permissionDenied(path: "/dev/v"))
    }

    @Test func formatsFollowThePreferenceOrder() {
        func offer(_ f: String) -> OfferedFormat {
            OfferedFormat(fourCC: FourCC(name: f)!, name: f, compressed: f == "MJPG", sizes: .unknown)
        }
        let pick = { (offered: [String]) in
            VideoDevice.choose(preferences: CaptureFormat.preferenceOrder, offered: offered.map(offer))?.0
        }
        #expect(pick(["YUYV", "MJPG", "NV21", "YU12"]) == .nv21)
        #expect(pick(["MJPG", "YUYV", "YU12"]) == .i420)
        #expect(pick(["MJPG", "YUYV"]) == .yuyv)
        #expect(pick(["MJPG", "BA81"]) == .mjpeg)
        #expect(pick(["JPEG"]) == .mjpeg)
        #expect(pick(["BA81", "RGB3"]) == .rgb8, "packed RGB is streamed, raw Bayer never")
        #expect(pick(["BA81", "GREY"]) == nil)
        #expect(pick(["MJPG", "RGB3", "BGR3", "XR24"]) == .bgrx8)
        #expect(pick(["XR24", "YUYV"]) == .yuyv, "Y'CbCr before packed RGB")
        #expect(pick(["NV21", "NV12"]) == .nv12)
    }

    @Test func fourCCsAndNames() {
        #expect(CaptureFormat.i420.fourCC == "YU12")
        #expect(CaptureFormat.mjpeg.fourCC == "MJPG")
        #expect(CaptureFormat(name: "YU12") == .i420)
        #expect(CaptureFormat(name: "i420") == .i420)
        #expect(CaptureFormat(name: "mjpg") == .mjpeg)
        #expect(CaptureFormat(name: "h264") == nil)
        #expect(CaptureFormat.nv12.code == IRIS_V4L2_PIX_FMT_NV12)
        #expect(CaptureFormat.mjpeg.pixelFormat == .rgba8)
    }

    @Test func nearestFrameSize() {
        let sizes = FrameSizes.discrete([
            .init(width: 320, height: 180), .init(width: 640, height: 360), .init(width: 1280, height: 720)
        ])
        #expect(sizes.nearest(width: 640, height: 360) == .init(width: 640, height: 360))
        #expect(sizes.nearest(width: 600, height: 400) == .init(width: 640, height: 360))
        let steps = FrameSizes.stepwise(
            min: .init(width: 16, height: 16), max: .init(width: 4096, height: 2160), stepWidth: 2, stepHeight: 2)
        #expect(steps.nearest(width: 641, height: 9000) == .init(width: 640, height: 2160))
    }

    @Test func colorimetryFromV4L2Fields() {
        func c(
            _ cs: v4l2_colorspace, _ enc: v4l2_ycbcr_encoding = V4L2_YCBCR_ENC_DEFAULT,
            _ q: v4l2_quantization = V4L2_QUANTIZATION_DEFAULT
        ) -> Colorimetry {
            CaptureColorimetry.colorimetry(
                colorspace: cs.rawValue, ycbcrEncoding: enc.rawValue, quantization: q.rawValue)
        }
        #expect(c(V4L2_COLORSPACE_SRGB) == Colorimetry(matrix: .bt601, range: .video))  // vivid's webcam input
        #expect(c(V4L2_COLORSPACE_REC709) == Colorimetry(matrix: .bt709, range: .video))  // vivid's HDMI input
        #expect(c(V4L2_COLORSPACE_JPEG) == Colorimetry(matrix: .bt601, range: .full))  // MJPEG webcams
        #expect(c(V4L2_COLORSPACE_BT2020) == Colorimetry(matrix: .bt2020, range: .video))
        #expect(
            c(V4L2_COLORSPACE_SRGB, V4L2_YCBCR_ENC_709, V4L2_QUANTIZATION_FULL_RANGE)
                == Colorimetry(matrix: .bt709, range: .full))
        #expect(
            c(V4L2_COLORSPACE_JPEG, V4L2_YCBCR_ENC_601, V4L2_QUANTIZATION_LIM_RANGE)
                == Colorimetry(matrix: .bt601, range: .video))
    }

    @Test func controlKeysFollowV4L2Ctl() {
        let control = CameraControl(
            id: 1, name: "OSD Text Mode", kind: .menu, minimum: 0, maximum: 2, step: 1,
            defaultValue: 0, value: 0, menu: [(0, "All"), (1, "Counters Only"), (2, "None")],
            readOnly: false, inactive: false)
        #expect(control.key == "osd_text_mode")
        #expect(control.description.contains("2=None"))
    }
}
