// Generated from README.md's ```swift blocks by ReadmeExamplesTests; do not edit.
// Regenerate: IRIS_WRITE_README_EXAMPLES=1 swift test --filter ReadmeExamplesTests
// swiftlint:disable all
import Iris
import IrisWeb
import Foundation

func readmeExample1() throws {

    let nv12Buffer = PixelBuffer(width: 1280, height: 720, format: .nv12)   // a camera's or a recording's frame
    let context = Context(renderer: try GLESRenderer(), fallback: CPURenderer())
    let frame = Frame(buffer: nv12Buffer, colorimetry: Colorimetry(matrix: .bt709, range: .video))
    let image = try Image(frame: frame)
        .applyingFilter(.sepiaTone(intensity: 0.8))                 // typed API, generated from the descriptors
        .applyingFilter("CIHueAdjust", parameters: ["inputAngle": .number(0.5)])   // or by Core Image name
    let rgba: PixelBuffer = try context.render(image)
    // Or straight into a video encoder's Y'CbCr planes, for a recorder (1.5 bytes a pixel read back on a GPU):
    let i420 = try context.render(image, encoding: EncoderPlanes(layout: .i420, colorimetry: frame.colorimetry))
}

func readmeExample2() throws {

    let image = Image(color: SIMD4(0.2, 0.4, 0.6, 1)).cropped(to: Rect(width: 64, height: 64))
    let tint = Kernel(color: "tint", parameters: [.init("gain", "float")], glsl: """
        vec4 tint(vec4 s0, float gain) { return vec4(s0.r * gain, s0.g, s0.b, s0.a); }
        """, cpu: { pixels, _, _, args in
            for i in pixels.indices { pixels[i].x *= args.float(0) }
        })
    let tinted = try Image.apply(tint, inputs: [image], arguments: [.float(1.2)], extent: image.extent)
}

func readmeExample3() throws {

    let warm = Kernel(color: "warm") { s0, parameters in
        let amount = parameters.float("amount")
        let c = s0.unpremultiplied
        let shifted = c.rgb + Formula(SIMD3<Float>(0.1, 0, -0.1)) * amount
        return vec4(shifted.clamped(0, 1), c.a).premultiplied
    }
    let photo = Image(color: SIMD4(0.5, 0.5, 0.5, 1)).cropped(to: Rect(width: 64, height: 64))
    let warmed = try Image.apply(warm, inputs: [photo], arguments: [.float(0.5)], extent: photo.extent)
}

func readmeExample4() throws {

    let nv12Buffer = PixelBuffer(width: 640, height: 480, format: .nv12)
    let faces = try Detector(type: .face, options: DetectorOptions(accuracy: .low))   // one per stream: it tracks IDs
    let attributes = FeatureOptions(smile: true, eyeBlink: true)
    let found = try faces.features(in: nv12Buffer, options: attributes).faces   // [FaceFeature]; also .qrCodes, .rectangles
    for face in found {
        print(face.bounds, face.leftEyePosition, face.mouthPosition, face.faceAngle, face.hasSmile, face.leftEyeClosed)
        // smileScore: the emotion model's 0…1 (smiling from 0.5); smileShape: the lips' shape, not a probability
        print(face.smileScore ?? 0, face.expression?.smileShape ?? 0, face.mesh?.points.count ?? 0)
    }
    // Between full searches, follow the faces on the next frame by their landmarks alone (a few ms a face).
    let nextFrame = LumaPlane(buffer: nv12Buffer)
    let followed = faces.following(found, in: nextFrame, options: attributes)
}

func readmeExample5() throws {

    var config = PipelineConfiguration(source: SourceRequest(path: "/dev/video0", width: 1280, height: 720, frameRate: 30))
    config.filters = [.vibrance(amount: 0.5), .vignette(intensity: 0.8)]
    config.detection.types = [.qrCode, .face]
    config.preview = PreviewOutput()                      // auto: the first connected display, if any
    config.record = RecordOutput(path: "out.mp4")
    config.eventsPath = "events.jsonl"
    let stop = StopRequest()
    let signals = StopSignals(stop: stop)                 // Ctrl-C, SIGTERM, SIGHUP finish the file
    let summary = try Pipeline(configuration: config).run(stop: stop) { status in
        print(StatusLine.text(for: status))
    }
    print(summary.metrics.framesRecorded, summary.metrics.drops, summary.errors)
    withExtendedLifetime(signals) {}
}

func readmeExample6() throws {

    for camera in try LibcameraCameraDescription.all() { print(camera.id, camera.model, camera.formats) }
    let camera = try LibcameraCamera(selector: .index(0), request: CaptureRequest(width: 1280, height: 720))
    try camera.set(ControlSetting(parsing: "AwbMode=daylight"))   // merged into the next request queued
    let frame = try camera.nextFrame()
    let picture = try Context(renderer: CPURenderer()).render(Image(frame: frame))
}

func readmeExample7() throws {

    var config = PipelineConfiguration(source: SourceRequest(path: "/dev/video0"))
    config.webPreviews = [WebPreviewOutput(host: "0.0.0.0", port: 8080, token: WebPreviewOutput.generatedToken())]
    let server = try WebPreviewServer(config.webPreviews[0])
    print("open", server.url)
    let summary = try Pipeline(configuration: config).run(outputs: [server])
    print(summary.metrics.web?.framesEncoded ?? 0, summary.metrics.web?.viewersPeak ?? 0)
}

func readmeExample8() throws {

    let photo = try Image.load(contentsOf: "photo.jpg")
    let filters = try photo.autoAdjustmentFilters(options: AutoAdjustmentOptions(redEye: true))
    let fixed = try photo.applyingFilters(filters)
    print(filters.map(\.text))   // ["CIToneCurve inputPoint0=[0 0] …"]
}
