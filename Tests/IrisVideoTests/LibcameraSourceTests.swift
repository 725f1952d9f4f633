import CLibcamera
import IrisCore
import Testing

@testable import IrisVideo

/// The libcamera source's parts that need no camera: source names, control values checked against a control's
/// kind, count, range and enumerators, and the errors on a machine with no libcamera camera. The capture itself is
/// checked in the QEMU guest on vimc (`iris-guest-checks libcamera`).
@Suite struct LibcameraSourceTests {
    @Test func sourcePathsNameACameraByIndexOrID() {
        #expect(LibcameraSelector(sourcePath: "libcamera:0") == .index(0))
        #expect(LibcameraSelector(sourcePath: "libcamera:") == .index(0))
        #expect(LibcameraSelector(sourcePath: "libcamera:2") == .index(2))
        #expect(LibcameraSelector(sourcePath: "libcamera:platform/vimc.0 Sensor B") == .id("platform/vimc.0 Sensor B"))
        #expect(LibcameraSelector(sourcePath: "/dev/video0") == nil)
        #expect(SourceRequest(path: "libcamera:0").isCamera)
        #expect(SourceRequest(path: "libcamera:0").libcameraSelector == .index(0))
        #expect(!SourceRequest(path: "clip.mkv").isCamera)
    }

    static func control(
        _ name: String, _ type: Int32, count: Int32 = 0, range: (Double, Double)? = nil, enums: [(Int32, String)] = []
    ) -> LibcameraControl {
        var info = clc_control_info()
        info.id = 7
        withUnsafeMutableBytes(of: &info.name) { raw in
            for (i, byte) in name.utf8.enumerated() { raw[i] = byte }
        }
        info.type = type
        info.element_count = count
        if let range {
            info.has_range = 1
            info.minimum = range.0
            info.maximum = range.1
        }
        info.enum_count = Int32(enums.count)
        withUnsafeMutableBytes(of: &info.enum_values) { raw in
            for (i, e) in enums.enumerated() { raw.storeBytes(of: e.0, toByteOffset: i * 4, as: Int32.self) }
        }
        withUnsafeMutableBytes(of: &info.enum_names) { raw in
            let size = raw.count / Int(CLC_MAX_ENUM_VALUES)
            for (i, e) in enums.enumerated() {
                for (j, byte) in e.1.utf8.enumerated() { raw[i * size + j] = byte }
            }
        }
        return LibcameraControl(info)
    }

    static let gain = control("AnalogueGain", Int32(CLC_CONTROL_FLOAT), range: (1, 16))
    static let exposure = control("ExposureTime", Int32(CLC_CONTROL_INT32), range: (100, 66666))
    static let gains = control("ColourGains", Int32(CLC_CONTROL_FLOAT), count: 2, range: (0, 32))
    static let aeEnable = control("AeEnable", Int32(CLC_CONTROL_BOOL), range: (0, 1))
    static let awb = control(
        "AwbMode", Int32(CLC_CONTROL_INT32), range: (0, 7),
        enums: [(0, "AwbAuto"), (1, "AwbIncandescent"), (5, "AwbDaylight")])

    @Test func controlsReadTheirNameKindAndRange() {
        #expect(Self.gain.name == "AnalogueGain" && Self.gain.key == "analogue_gain" && Self.gain.kind == .float)
        #expect(Self.gain.minimum == 1 && Self.gain.maximum == 16 && Self.gain.valueCount == 1)
        #expect(Self.gains.valueCount == 2)
        #expect(Self.awb.enumerators.map(\.name) == ["AwbAuto", "AwbIncandescent", "AwbDaylight"])
        #expect(Self.awb.description == "AwbMode (int32) 0…7 0=AwbAuto, 1=AwbIncandescent, 5=AwbDaylight")
        #expect(Self.gain.isNamed("analoguegain") && Self.gain.isNamed("analogue_gain") && !Self.gain.isNamed("gain"))
    }

    @Test func valuesBecomeTheNumbersLibcameraTakes() throws {
        #expect(try Self.gain.numbers(for: .decimal(2.5), camera: "c") == [2.5])
        #expect(try Self.gain.numbers(for: .integer(4), camera: "c") == [4])
        #expect(try Self.exposure.numbers(for: .integer(10000), camera: "c") == [10000])
        #expect(try Self.gains.numbers(for: .numbers([1.6, 1.9]), camera: "c") == [1.6, 1.9])
        #expect(try Self.aeEnable.numbers(for: .boolean(false), camera: "c") == [0])
        #expect(try Self.awb.numbers(for: .menuEntry("daylight"), camera: "c") == [5], "a name without its prefix")
        #expect(try Self.awb.numbers(for: .menuEntry("AwbIncandescent"), camera: "c") == [1], "the whole name")
        #expect(try Self.awb.numbers(for: .integer(5), camera: "c") == [5])
    }

    @Test(arguments: [
        (gain, ControlSetting.Value.decimal(20), "20 is outside 1…16"),
        (gain, .decimal(0.5), "0.5 is outside 1…16"),
        (exposure, .decimal(1.5), "takes a whole number"),
        (gains, .decimal(1.5), "takes 2 numbers separated by commas"),
        (gains, .numbers([1, 2, 3]), "takes 2 numbers separated by commas"),
        (exposure, .numbers([1, 2]), "takes one value"),
        (aeEnable, .integer(3), "takes true or false"),
        (awb, .menuEntry("sunset"), "no such value; it has 0=AwbAuto, 1=AwbIncandescent, 5=AwbDaylight"),
        (awb, .integer(3), "no such value; it has 0=AwbAuto, 1=AwbIncandescent, 5=AwbDaylight"),
        (exposure, .menuEntry("fast"), "not a value for this int32 control")
    ])
    func wrongValuesAreRefusedNamingTheControl(control: LibcameraControl, value: ControlSetting.Value, reason: String) {
        #expect(
            throws: LibcameraError.invalidControlValue(
                camera: "cam", control: control.name, value: value.description, reason: reason)
        ) { try control.numbers(for: value, camera: "cam") }
    }

    @Test func aLongExposureWaitsLongerBeforeTheCameraIsCalledStalled() {
        #expect(LibcameraCamera.frameTimeout(longestFrameInterval: 0) == 2)
        #expect(LibcameraCamera.frameTimeout(longestFrameInterval: 1.0 / 30) == 2)
        #expect(
            LibcameraCamera.frameTimeout(longestFrameInterval: 5) == 16, "a 5 s exposure: three frames and a second")
    }

    @Test func aMachineWithoutCamerasSaysSo() throws {
        // This machine has no media devices: libcamera starts, finds nothing, and each way in says so.
        let cameras = try LibcameraCameraDescription.all()
        try #require(cameras.isEmpty, "this test expects a machine without cameras")
        #expect(
            LibcameraCameraDescription.versions.built == "0.0.3" || !LibcameraCameraDescription.versions.built.isEmpty)
        #expect(throws: LibcameraError.noCamera(requested: "0", available: [])) {
            _ = try LibcameraCamera(selector: .index(0))
        }
        #expect(
            LibcameraError.noCamera(requested: "0", available: []).description
                == "libcamera:0: no such camera (libcamera found no cameras)")
        #expect(throws: SourceError.self) { _ = try SourceRequest(path: "libcamera:imx708").open() }
        #expect(throws: SourceError.noCameraFound) { _ = try SourceRequest(path: "auto").open() }
    }

    @Test func rawBayerFormatsAreRecognised() {
        let bayer = OfferedFormat(fourCC: "BA81", name: "8-bit Bayer BGBG/GRGR", compressed: false, sizes: .unknown)
        let packed = OfferedFormat(fourCC: "pRAA", name: "10-bit packed", compressed: false, sizes: .unknown)
        let rgb = OfferedFormat(fourCC: "RGB3", name: "24-bit RGB 8-8-8", compressed: false, sizes: .unknown)
        #expect(bayer.isRawBayer && packed.isRawBayer && !rgb.isRawBayer)
    }
}
