import Foundation
import IrisCore
@testable import IrisFilters
import IrisDetect
import IrisEnhance
import IrisVideo
@testable import IrisPipeline
import Testing

/// Pipeline files: a whole one read back field by field, and errors that name the field at fault.
@Suite struct PipelineConfigurationTests {
    static func read(_ json: String) throws -> PipelineConfiguration {
        try PipelineConfiguration(json: Data(json.utf8))
    }

    static func field(of json: String) -> String? {
        do {
            _ = try read(json).validated()
            return nil
        } catch let error as PipelineError {
            if case let .configuration(field, _) = error { return field }
            if case let .filter(field, _) = error { return field }
            if case let .invalidField(field, _) = error { return field }
            return "other: \(error)"
        } catch { return "other: \(error)" }
    }

    @Test func aControlThatDoesNotParseNamesItsPlace() {
        #expect(
            Self.field(of: #"{"source": {"path": "/dev/video0", "controls": ["brightness"]}}"#)
                == "source.controls[0]")
        #expect(Self.field(of: #"{"source": {"path": "/dev/video0", "controls": [3]}}"#) == "source.controls[0]")
        #expect(Self.field(of: #"{"source": {"path": "/dev/video0", "controls": ["gain=2"]}}"#) == nil)
    }

    @Test func aWholeFileReadsBack() throws {
        let config = try Self.read(
            """
            {"source": {"path": "/dev/video0", "size": "1280x720", "fps": 30, "format": "yuyv",
                        "controls": ["brightness=140", "auto_exposure=Manual Mode"]},
             "filters": ["CISepiaTone inputIntensity=0.8", {"name": "CIVignette", "inputs": {"inputIntensity": 1}}],
             "detect": {"types": ["qr", "face"], "every": 4, "accuracy": "high"},
             "renderer": "cpu", "preview": "drm:HDMI-A-1",
             "record": {"path": "out.mkv", "codec": "ffv1", "bitrate": "4M", "overlays": false},
             "events": "e.jsonl", "metrics": "m.json", "frames": 300}
            """)
        #expect(config.source.path == "/dev/video0" && config.source.width == 1280 && config.source.height == 720)
        #expect(config.source.frameRate == 30 && config.source.formats == [.yuyv])
        #expect(
            config.source.controls == [
                ControlSetting(name: "brightness", value: .integer(140)),
                ControlSetting(name: "auto_exposure", value: .menuEntry("Manual Mode"))
            ])
        #expect(config.filters.map(\.text) == ["CISepiaTone inputIntensity=0.8", "CIVignette inputIntensity=1"])
        #expect(
            config.detection.types == [.qrCode, .face] && config.detection.every == 4
                && config.detection.accuracy == .high)
        #expect(config.renderer == .cpu)
        #expect(config.preview?.connector == "HDMI-A-1" && config.preview?.card == nil)
        #expect(
            config.record?.codec == .ffv1 && config.record?.bitrate == 4_000_000 && config.record?.overlays == false)
        #expect(config.eventsPath == "e.jsonl" && config.metricsPath == "m.json" && config.frameLimit == 300)
    }

    /// A run's face cascade looks from 5 % of the shorter side unless told otherwise; QR codes and rectangles keep no
    /// minimum; a given minimum applies to all three.
    @Test func facesGetTheLiveMinimumSizeUnlessOneIsGiven() throws {
        let plain = try Self.read(#"{"detect": {"types": ["qr", "face"]}}"#)
        var set = try DetectorSet(
            types: [.qrCode, .face], options: plain.detection.detectorOptions,
            faceOptions: plain.detection.faceDetectorOptions)
        #expect(set.detectors.map(\.options.minimumFeatureSize) == [nil, DetectionSettings.liveFaceMinimumFeatureSize])
        let given = try Self.read(#"{"detect": {"types": ["qr", "face"], "minSize": 0.1}}"#)
        set = try DetectorSet(
            types: [.qrCode, .face], options: given.detection.detectorOptions,
            faceOptions: given.detection.faceDetectorOptions)
        #expect(set.detectors.map(\.options.minimumFeatureSize) == [0.1, 0.1])
        // dlib's HOG model (high accuracy) keeps its own 40-pixel smallest face.
        let high = try Self.read(#"{"detect": {"types": ["face"], "accuracy": "high"}}"#)
        #expect(high.detection.faceDetectorOptions.minimumFeatureSize == nil)
    }

    @Test func errorsNameTheField() {
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "recrod": "x.mp4"}"#) == "recrod")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv", "fps": "fast"}}"#) == "source.fps")
        #expect(
            Self.field(of: #"{"source": {"path": "a.mkv"}, "record": {"path": "x.mp4", "codec": "vp9"}}"#)
                == "record.codec")
        #expect(
            Self.field(of: #"{"source": {"path": "a.mkv"}, "filters": ["CISepiaTone", "CINoSuchFilter"]}"#)
                == "filters[1]")
        // A chain given as typed specs is checked too, with the filter's own error kept as the cause.
        var typed = PipelineConfiguration(source: SourceRequest(path: "a.mkv"))
        typed.filters = [
            .sepiaTone(intensity: 0.5), FilterSpec(name: "CISepiaTone", parameters: ["inputIntensty": .number(1)])
        ]
        #expect(
            throws: PipelineError.filter(
                field: "filters[1]",
                cause: .unknownInput(
                    filter: "CISepiaTone", key: "inputIntensty", known: ["inputImage", "inputIntensity"]))
        ) {
            try typed.validated()
        }
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "detect": {"types": ["cats"]}}"#) == "detect.types[0]")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "detect": {"every": 0}}"#) == "detect.every")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "record": {"path": "x.png"}}"#) == "record.path")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "frames": true}"#) == "frames")
        #expect(Self.field(of: #"{"source": {"size": "640x480"}}"#) == "source.path")
        #expect(Self.field(of: #"[1, 2]"#) == "(top level)")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "maxPixels": -1}"#) == "maxPixels")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "maxMemory": 0}"#) == "maxMemory")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "maxMemory": "lots"}"#) == "maxMemory")
        // Asked for, but nothing would do it: refused rather than silently skipped.
        #expect(
            Self.field(of: #"{"source": {"path": "a.mkv"}, "detect": {"types": ["qr"], "smile": true}}"#)
                == "detect.smile")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "detect": {"blink": true}}"#) == "detect.blink")
        #expect(
            Self.field(of: #"{"source": {"path": "a.mkv"}, "detect": {"types": ["rect"], "followFaces": true}}"#)
                == "detect.followFaces")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "events": "e.jsonl"}"#) == "events")
        #expect(
            Self.field(
                of: #"{"source": {"path": "a.mkv"}, "events": "e.jsonl", "detect": {"types": ["face"], "smile": true}}"#
            ) == nil)
    }

    /// The progress bar's length: the fewest of the file's frames, --frames, and the frames --duration spans.
    @Test func expectedFramesHonourFramesAndDuration() {
        #expect(
            SourceLength.expectedFrames(declared: 300, frameLimit: nil, durationLimit: 2, frameDuration: 1.0 / 30) == 60
        )
        #expect(
            SourceLength.expectedFrames(declared: 300, frameLimit: 45, durationLimit: 2, frameDuration: 1.0 / 30) == 45)
        #expect(
            SourceLength.expectedFrames(declared: 50, frameLimit: nil, durationLimit: 10, frameDuration: 1.0 / 30) == 50
        )
        #expect(
            SourceLength.expectedFrames(declared: nil, frameLimit: nil, durationLimit: 1.05, frameDuration: 0.1) == 11)
        #expect(
            SourceLength.expectedFrames(declared: nil, frameLimit: nil, durationLimit: 2, frameDuration: nil) == nil,
            "a camera at no known rate")
        #expect(SourceLength.expectedFrames(declared: nil, frameLimit: 7, durationLimit: nil, frameDuration: nil) == 7)
    }

    @Test func renderLimitsAreMegapixelsAndMebibytes() throws {
        let config = try PipelineConfiguration(
            json: Data(#"{"source": {"path": "a.mkv"}, "maxPixels": 12.5, "maxMemory": 256}"#.utf8))
        #expect(config.limits.maximumOutputPixels == 12_500_000)
        #expect(config.limits.maximumIntermediatePixels == 12_500_000)
        #expect(config.limits.maximumMemory == 256 << 20)
        let defaults = try PipelineConfiguration(json: Data(#"{"source": {"path": "a.mkv"}}"#.utf8))
        #expect(defaults.limits == RenderLimits())
    }

    @Test func codesAreRememberedUnlessTheFileSaysNot() throws {
        #expect(try Self.read(#"{"source": {"path": "a.mkv"}, "detect": {"types": ["qr"]}}"#).detection.rememberCodes)
        let off = try Self.read(#"{"source": {"path": "a.mkv"}, "detect": {"types": ["qr"], "rememberCodes": false}}"#)
        #expect(!off.detection.rememberCodes)
        #expect(
            Self.field(of: #"{"source": {"path": "a.mkv"}, "detect": {"types": ["qr"], "rememberCodes": "no"}}"#)
                == "detect.rememberCodes")
    }

    @Test func autoEnhanceIsOnByTrueOrBySettings() throws {
        #expect(try Self.read(#"{"source": {"path": "a.mkv"}}"#).autoEnhance == nil)
        #expect(try Self.read(#"{"source": {"path": "a.mkv"}, "autoEnhance": false}"#).autoEnhance == nil)
        #expect(
            try Self.read(#"{"source": {"path": "a.mkv"}, "autoEnhance": true}"#).autoEnhance
                == LiveAutoAdjustment.Settings())
        let tuned = try Self.read(
            #"{"source": {"path": "a.mkv"}, "autoEnhance": {"every": 5, "smoothing": 0.5, "redEye": false, "analysisSize": 128}}"#
        )
        #expect(
            tuned.autoEnhance == LiveAutoAdjustment.Settings(every: 5, smoothing: 0.5, redEye: false, analysisSize: 128)
        )
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "autoEnhance": {"every": 0}}"#) == "autoEnhance.every")
        #expect(
            Self.field(of: #"{"source": {"path": "a.mkv"}, "autoEnhance": {"smoothing": 2}}"#)
                == "autoEnhance.smoothing")
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "autoEnhance": {"level": true}}"#) != nil)
        #expect(Self.field(of: #"{"source": {"path": "a.mkv"}, "autoEnhance": "yes"}"#) == "autoEnhance")
    }
}
