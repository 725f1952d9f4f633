import IrisCore
import IrisVideo
import Testing

/// `--control NAME=VALUE` read into a typed setting, and refused with the text and the reason.
@Suite struct ControlSettingTests {
    @Test func valuesAreNumbersBooleansOrMenuLabels() throws {
        #expect(
            try ControlSetting(parsing: "brightness=140") == ControlSetting(name: "brightness", value: .integer(140)))
        #expect(try ControlSetting(parsing: "Exposure=-3").value == .integer(-3))
        #expect(try ControlSetting(parsing: "white_balance_automatic=off").value == .boolean(false))
        #expect(try ControlSetting(parsing: "hflip=TRUE").value == .boolean(true))
        let menu = try ControlSetting(parsing: "auto_exposure = Manual Mode")
        #expect(menu == ControlSetting(name: "auto_exposure", value: .menuEntry("Manual Mode")))
        #expect(menu.description == "auto_exposure=Manual Mode")
        #expect(try ControlSetting(parsing: "OSD Text Mode=None").name == "OSD Text Mode", "the driver's own name")
    }

    @Test func libcameraValuesAreDecimalsAndLists() throws {
        #expect(try ControlSetting(parsing: "AnalogueGain=2.5").value == .decimal(2.5))
        #expect(try ControlSetting(parsing: "ExposureValue=-0.5").value == .decimal(-0.5))
        #expect(try ControlSetting(parsing: "ColourGains=1.6, 1.9").value == .numbers([1.6, 1.9]))
        #expect(try ControlSetting(parsing: "FrameDurationLimits=33333,33333").value == .numbers([33333, 33333]))
        #expect(try ControlSetting(parsing: "AwbMode=daylight").value == .menuEntry("daylight"))
        #expect(try ControlSetting(parsing: "x=1,a").value == .menuEntry("1,a"), "a list is numbers only")
        #expect(try ControlSetting(parsing: "x=nan").value == .menuEntry("nan"), "not a finite number")
        #expect(ControlSetting.Value.numbers([1.5, 2]).asNumbers == [1.5, 2])
        #expect(ControlSetting.Value.boolean(true).asNumbers == [1])
        #expect(ControlSetting.Value.menuEntry("auto").asNumbers == nil)
    }

    @Test(arguments: [
        ("brightness", "expected NAME=VALUE"),
        ("=3", "the control's name is empty"),
        ("gain=", "the value is empty"),
        ("gain;rm=1", "a control's name has letters, digits, spaces, '_' and '-' only"),
        (String(repeating: "g", count: 65) + "=1", "names and values are at most 64 characters")
    ])
    func malformedSettingsAreRefusedWithTheReason(text: String, reason: String) {
        #expect(throws: ControlSettingError.malformed(text, reason: reason)) { try ControlSetting(parsing: text) }
    }

    @Test func controlsAreForCamerasOnly() {
        var request = SourceRequest(path: "clip.mkv")
        request.controls = [ControlSetting(name: "brightness", value: .integer(1))]
        #expect(throws: SourceError.controlsNeedACamera(path: "clip.mkv", control: "brightness")) { try request.open() }
        #expect(
            SourceError.controlsNeedACamera(path: "clip.mkv", control: "brightness").description
                == "--control brightness: clip.mkv is not a camera; only a camera has controls")
    }
}
