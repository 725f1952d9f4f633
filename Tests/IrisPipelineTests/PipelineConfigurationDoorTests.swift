import Foundation
import IrisCore
import IrisDetect
@testable import IrisPipeline
import IrisVideo
import Testing

/// What a pipeline file may not do quietly: run the demo for want of a source, pass a trailing comma or a
/// key given twice, cut a path at a NUL, be a device, or ask the encoder for less than it takes.
@Suite(.serialized) struct PipelineConfigurationDoorTests {
    private func refusal(_ json: String) -> PipelineError? {
        do {
            _ = try PipelineConfiguration(json: Data(json.utf8), name: "p.json").validated()
            return nil
        } catch { return error }
    }

    @Test func anEmptyOrMissingSourceIsRefusedNotTheDemo() {
        #expect(
            refusal(#"{"source": {"path": ""}}"#)
                == .configuration(field: "source.path", reason: PipelineConfiguration.emptySourceReason))
        #expect(
            refusal(#"{"frames": 2}"#)
                == .configuration(field: "source.path", reason: PipelineConfiguration.emptySourceReason))
        #expect(PipelineConfiguration.emptySourceReason.hasPrefix("missing or empty: name a camera"))
    }

    @Test func malformedJSONIsRefusedWithLineAndColumn() {
        #expect(
            refusal("{\"source\": {\"path\": \"a.mkv\",},\n}")
                == .configuration(
                    field: "p.json", reason: "not valid JSON: line 1, column 28: trailing comma before '}'"))
        #expect(
            refusal("{\"source\": {\"path\": \"a.mkv\"},\n \"frames\": 1,\n \"frames\": 2}")
                == .configuration(
                    field: "p.json",
                    reason: "not valid JSON: line 3, column 2: key \"frames\" is given twice in this object"))
        do {
            _ = try PipelineConfiguration.chain(contentsOf: "/dev/zero")
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? PipelineError)
                    == .configuration(
                        field: "/dev/zero", reason: "is a character device, not a regular file; give a file"))
        }
        do {
            _ = try PipelineConfiguration(contentsOf: "/dev/zero")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "/dev/zero: is a character device, not a regular file; give a file")
        }
    }

    @Test func aNULInAnyPathIsRefused() {
        #expect(
            refusal(#"{"source": {"path": "a.mkv\u0000b.mkv"}}"#)
                == .configuration(field: "source.path", reason: JSONFields.nulReason))
        #expect(
            refusal(#"{"source": {"path": "a.mkv"}, "events": "e\u0000.jsonl"}"#)
                == .configuration(field: "events", reason: JSONFields.nulReason))
        #expect(
            refusal(#"{"source": {"path": "a.mkv"}, "filters": ["CIColorCube inputCubeFile=a.cube\u0000b"]}"#)
                == .configuration(field: "filters[0]", reason: JSONFields.nulReason))
        var config = PipelineConfiguration(source: SourceRequest(path: "a.mkv\0b.mkv"))
        #expect(throws: (any Error).self) { try config.validated() }
        config.source.path = "a.mkv"
        #expect(throws: Never.self) { try config.validated() }
    }

    @Test func aDetectorThatCannotBeMadeKeepsTheDetectorsOwnError() {
        do {
            _ = try DetectorSet(types: [.qrCode, .rectangle], options: DetectorOptions(aspectRatio: -1))
            Issue.record("expected an error")
        } catch {
            guard case let .detector(type, cause) = error, let detectorError = cause.error as? DetectorError else {
                Issue.record("expected a detector error with its cause, got \(error)")
                return
            }
            #expect(type == "qr")
            #expect(detectorError == .invalidOption(name: "aspectRatio", value: "-1.0", expected: "a positive number"))
            #expect(error.description == "detector: qr: detector option aspectRatio=-1.0: expected a positive number")
        }
    }

    @Test func aBitrateBelowWhatTheEncodersTakeIsRefusedUpFront() {
        #expect(
            refusal(#"{"source": {"path": "a.mkv"}, "record": {"path": "o.mp4", "bitrate": 999}}"#)
                == .configuration(
                    field: "record.bitrate", reason: "999 is below 1000 bits/s (1k), the least the encoders take"))
        // A bitrate written as text is refused by its parser; the parser's typed error is kept as the cause.
        let parsed = refusal(#"{"source": {"path": "a.mkv"}, "record": {"path": "o.mp4", "bitrate": "0.5k"}}"#)
        guard case let .invalidField(field, cause)? = parsed, let bitrateError = cause.error as? BitrateError else {
            Issue.record("expected record.bitrate refused with a BitrateError, got \(String(describing: parsed))")
            return
        }
        #expect(field == "record.bitrate")
        #expect(bitrateError.description == "'0.5k' is below 1000 bits/s (1k), the least the encoders take")
        #expect(parsed?.description == "record.bitrate: '0.5k' is below 1000 bits/s (1k), the least the encoders take")
        #expect(refusal(#"{"source": {"path": "a.mkv"}, "record": {"path": "o.mp4", "bitrate": "1k"}}"#) == nil)
        #expect(Bitrate.parse("1k") == RecorderOptions.minimumBitrate)
        #expect(Bitrate.parse("1") == nil)
    }
}
