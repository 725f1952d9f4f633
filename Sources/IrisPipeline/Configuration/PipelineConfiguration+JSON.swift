import Foundation
import IrisCore
import IrisFilters
import IrisDetect
import IrisEnhance
import IrisVideo

extension PipelineConfiguration {
    /// Reads a pipeline file (schema in the README). Every error names the field; unknown keys are errors.
    /// The file must be a regular file of at most `SmallFile.configurationLimit` bytes holding strict JSON
    /// (no trailing commas, no key twice); a syntax error gives its line and column.
    ///
    ///     let config = try PipelineConfiguration(contentsOf: "pipeline.json")
    public init(contentsOf path: String) throws(PipelineError) {
        try self.init(json: try Self.readFile(path), name: path)
    }

    public init(json data: Data, name: String = "pipeline JSON") throws(PipelineError) {
        let root = try Self.parseJSON(data, name: name)
        let top = try JSONFields(
            root, path: "",
            allowed: [
                "source", "filters", "detect", "renderer", "preview", "record", "events",
                "coordinates", "metrics", "frames", "duration", "overlays", "maxPixels", "maxMemory",
                "previewFps", "eventsKind", "cameraName", "publish", "autoEnhance"
            ])
        var config = PipelineConfiguration(source: SourceRequest(path: ""))
        if top.has("source") { config.source = try Self.source(top.object["source"] as Any) }
        if let filters = try top.array("filters") { config.filters = try Self.filters(filters, path: "filters") }
        if top.has("detect") { config.detection = try Self.detection(top.object["detect"] as Any) }
        if top.has("autoEnhance") { config.autoEnhance = try Self.autoEnhance(top.object["autoEnhance"] as Any) }
        if let renderer = try top.choice("renderer", RendererPreference.self) { config.renderer = renderer }
        if top.has("preview") { (config.preview, config.webPreviews) = try Self.previews(top.object["preview"] as Any) }
        if top.has("record") { config.record = try Self.record(top.object["record"] as Any) }
        config.eventsPath = try top.string("events")
        if let coordinates = try top.choice("coordinates", CoordinateConvention.self) {
            config.eventCoordinates = coordinates
        }
        config.metricsPath = try top.string("metrics")
        config.frameLimit = try top.integer("frames")
        config.durationLimit = try top.number("duration")
        config.webFrameRate = try top.number("previewFps")
        if let kind = try top.choice("eventsKind", EventsKind.self) { config.eventsKind = kind }
        if let name = try top.string("cameraName") { config.cameraName = name }
        if top.has("publish") { config.publish = try Self.publish(top.object["publish"] as Any) }
        if let overlays = try top.bool("overlays") { config.overlays = overlays }
        let megapixels = try top.number("maxPixels"), mebibytes = try top.number("maxMemory")
        for (field, value) in [("maxPixels", megapixels), ("maxMemory", mebibytes)] {
            if let value, !(value > 0 && value.isFinite) {
                throw .configuration(field: field, reason: "must be a positive number, got \(value)")
            }
        }
        config.limits = RenderLimits(megapixels: megapixels, mebibytes: mebibytes)
        self = config
    }

    /// Reads a filter chain file: an array of filters, or an object with a `filters` array. A filter is
    /// its text form (`"CISepiaTone inputIntensity=0.8"`) or `{"name": …, "inputs": {key: number or array}}`.
    public static func chain(contentsOf path: String) throws(PipelineError) -> [FilterSpec] {
        let root = try parseJSON(try readFile(path), name: path)
        if let list = root as? [Any] { return try filters(list, path: path) }
        let fields = try JSONFields(root, path: path, allowed: ["filters"])
        return try filters(try fields.array("filters") ?? [], path: "\(path): filters")
    }

    /// Filters in their text form (`--filter` options), parsed once: an unknown filter or a bad input is a
    /// `PipelineError.filter` naming `field` and the cause.
    public static func filters(parsing texts: [String], field: String) throws(PipelineError) -> [FilterSpec] {
        var specs: [FilterSpec] = []
        for text in texts {
            do { specs.append(try FilterSpecParser.parse(text)) } catch { throw .filter(field: field, cause: error) }
        }
        return specs
    }

    static func filters(_ list: [Any], path: String) throws(PipelineError) -> [FilterSpec] {
        var texts: [String] = []
        for (i, entry) in list.enumerated() {
            let here = "\(path)[\(i)]"
            if let text = entry as? String {
                guard !text.utf8.contains(0) else { throw .configuration(field: here, reason: JSONFields.nulReason) }
                texts.append(text)
                continue
            }
            let fields = try JSONFields(entry, path: here, allowed: ["name", "inputs"])
            guard let name = try fields.string("name") else {
                throw .configuration(field: "\(here).name", reason: "missing")
            }
            var words = [name]
            if fields.has("inputs") {
                let inputs = try JSONFields(
                    fields.object["inputs"] as Any, path: "\(here).inputs",
                    allowed: Set((fields.object["inputs"] as? [String: Any])?.keys.map { $0 } ?? []))
                for key in inputs.object.keys.sorted() {
                    if let list = inputs.object[key] as? [Any] {
                        let numbers = list.compactMap { ($0 as? NSNumber)?.doubleValue }
                        guard numbers.count == list.count else {
                            throw .configuration(field: inputs.field(key), reason: "expected numbers")
                        }
                        words.append("\(key)=[\(numbers.map { "\($0)" }.joined(separator: " "))]")
                    } else if let value = try inputs.number(key) {
                        words.append("\(key)=\(value)")
                    }
                }
            }
            texts.append(words.joined(separator: " "))
        }
        var specs: [FilterSpec] = []
        for (i, text) in texts.enumerated() {
            do { specs.append(try FilterSpecParser.parse(text)) } catch {
                throw .filter(field: "\(path)[\(i)]", cause: error)
            }
        }
        return specs
    }

    static func source(_ value: Any) throws(PipelineError) -> SourceRequest {
        let fields = try JSONFields(
            value, path: "source", allowed: ["path", "size", "fps", "format", "loop", "realtime", "controls"])
        guard let path = try fields.string("path") else {
            throw .configuration(field: "source.path", reason: "missing")
        }
        guard !path.isEmpty else {
            throw .configuration(field: "source.path", reason: PipelineConfiguration.emptySourceReason)
        }
        var request = SourceRequest(path: path)
        if let size = try fields.string("size") {
            guard let parsed = FrameSize(size) else {
                throw .configuration(field: "source.size", reason: "'\(size)': expected WxH, e.g. 1280x720")
            }
            request.width = parsed.width
            request.height = parsed.height
        }
        request.frameRate = try fields.number("fps")
        if let format = try fields.string("format") {
            guard let parsed = CaptureFormat(name: format) else {
                throw .configuration(
                    field: "source.format",
                    reason:
                        "'\(format)' is not one of \(CaptureFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            request.formats = [parsed]
        }
        request.looping = try fields.bool("loop") ?? false
        request.realTime = try fields.bool("realtime") ?? false
        for (index, item) in (try fields.array("controls") ?? []).enumerated() {
            guard let text = item as? String else {
                throw .configuration(field: "source.controls[\(index)]", reason: "expected \"NAME=VALUE\"")
            }
            do { request.controls.append(try ControlSetting(parsing: text)) } catch {
                throw .invalidField(field: "source.controls[\(index)]", cause: ErrorCause(error))
            }
        }
        return request
    }

    /// `"autoEnhance": true`, or `{"every": 10, "smoothing": 0.25, "enhance": true, "redEye": true, "analysisSize": 96,
    /// "vibrance": false}`.
    static func autoEnhance(_ value: Any) throws(PipelineError) -> LiveAutoAdjustment.Settings? {
        if let number = value as? NSNumber, JSONFields.isBoolean(number) { return number.boolValue ? .init() : nil }
        let fields = try JSONFields(
            value, path: "autoEnhance",
            allowed: [
                "every", "smoothing", "enhance", "redEye", "analysisSize",
                "vibrance"
            ])
        var settings = LiveAutoAdjustment.Settings()
        if let every = try fields.integer("every") { settings.every = every }
        if let smoothing = try fields.number("smoothing") { settings.smoothing = smoothing }
        if let enhance = try fields.bool("enhance") { settings.enhance = enhance }
        if let redEye = try fields.bool("redEye") { settings.redEye = redEye }
        if let side = try fields.integer("analysisSize") { settings.analysisSize = side }
        if let vibrance = try fields.bool("vibrance") { settings.vibrance = vibrance }
        return settings
    }

    static func detection(_ value: Any) throws(PipelineError) -> DetectionSettings {
        let fields = try JSONFields(
            value, path: "detect",
            allowed: [
                "types", "every", "accuracy", "minSize", "faceMethod",
                "landmarks", "landmarkModel", "smile", "blink", "followFaces",
                "symbologies", "rememberCodes"
            ])
        var settings = DetectionSettings()
        if let types = try fields.array("types") {
            settings.types = try types.enumerated().map { i, entry throws(PipelineError) in
                guard let name = entry as? String, let type = DetectorNames.type(named: name) else {
                    throw .configuration(field: "detect.types[\(i)]", reason: "expected one of qr, face, rect, barcode")
                }
                return type
            }
        }
        // `symbologies`: what the barcode detector reads, as `--symbologies` names them: ["ean13", "code128"].
        if let names = try fields.array("symbologies") {
            var chosen: [BarcodeSymbology] = []
            for (i, entry) in names.enumerated() {
                guard let name = entry as? String else {
                    throw .configuration(field: "detect.symbologies[\(i)]", reason: "expected a symbology's name")
                }
                do throws(BarcodeSymbologyError) { chosen += try BarcodeSymbology.list([name]) } catch {
                    throw .configuration(field: "detect.symbologies[\(i)]", reason: error.description)
                }
            }
            guard !chosen.isEmpty else {
                throw .configuration(field: "detect.symbologies", reason: BarcodeSymbologyError.empty.description)
            }
            settings.symbologies = Set(chosen)
        }
        if let every = try fields.integer("every") { settings.every = every }
        if let accuracy = try fields.choice("accuracy", DetectorOptions.Accuracy.self) { settings.accuracy = accuracy }
        settings.minimumFeatureSize = try fields.number("minSize")
        settings.faceMethod = try fields.choice("faceMethod", FaceOptions.Method.self)
        if let landmarks = try fields.bool("landmarks") { settings.landmarks = landmarks }
        if let model = try fields.choice("landmarkModel", FaceOptions.LandmarkModel.self) {
            settings.landmarkModel = model
        }
        settings.smile = try fields.bool("smile") ?? false
        settings.blink = try fields.bool("blink") ?? false
        settings.followFaces = try fields.bool("followFaces") ?? false
        settings.rememberCodes = try fields.bool("rememberCodes") ?? true
        return settings
    }

    /// `preview`: one display or web preview, or an array of them (one display at most).
    static func previews(_ value: Any) throws(PipelineError) -> (PreviewOutput?, [WebPreviewOutput]) {
        let items = value as? [Any] ?? [value]
        var display: PreviewOutput?, displays = 0
        var web: [WebPreviewOutput] = []
        for (i, item) in items.enumerated() {
            let field = value is [Any] ? "preview[\(i)]" : "preview"
            if let text = item as? String, let output = try WebPreviewOutput(url: text) {
                web.append(output)
            } else if let object = item as? [String: Any], object["url"] != nil {
                let fields = try JSONFields(object, path: field, allowed: ["url", "token"])
                let url = try fields.string("url") ?? ""
                guard let output = try WebPreviewOutput(url: url, token: try fields.string("token")) else {
                    throw .configuration(field: "\(field).url", reason: "'\(url)': expected http://HOST[:PORT]")
                }
                web.append(output)
            } else {
                display = try preview(item)
                displays += 1
            }
        }
        if displays > 1 {
            throw .configuration(
                field: "preview", reason: "one display at most (given \(displays)); web previews may be added")
        }
        return (display, web)
    }

    static func preview(_ value: Any) throws(PipelineError) -> PreviewOutput? {
        if let text = value as? String {
            guard let output = PreviewOutput(argument: text) else {
                throw .configuration(
                    field: "preview",
                    reason: "'\(text)': expected auto, none, drm[:CONNECTOR], a card path or http://HOST[:PORT]")
            }
            return output.card == PreviewOutput.none ? nil : output
        }
        let fields = try JSONFields(value, path: "preview", allowed: ["card", "connector", "mode"])
        let card = try fields.string("card")
        return PreviewOutput(
            card: card == "auto" ? nil : card, connector: try fields.string("connector"),
            mode: try fields.string("mode"))
    }

    /// `publish`: a URL, or `{"url", "credentials", "ca", "haDiscovery", "queue", "statsInterval", "snapshots"}`.
    static func publish(_ value: Any) throws(PipelineError) -> PublishOutput {
        if let url = value as? String { return try PublishOutput(url: url) }
        let fields = try JSONFields(
            value, path: "publish",
            allowed: ["url", "credentials", "ca", "haDiscovery", "queue", "statsInterval", "snapshots"])
        guard let url = try fields.string("url") else { throw .configuration(field: "publish.url", reason: "missing") }
        var output = try PublishOutput(url: url)
        output.credentialsFile = try fields.string("credentials")
        output.caFile = try fields.string("ca")
        if let discovery = try fields.bool("haDiscovery") { output.homeAssistantDiscovery = discovery }
        if let queue = try fields.integer("queue") { output.queueCapacity = queue }
        if let interval = try fields.number("statsInterval") { output.statsInterval = interval }
        if let snapshots = try fields.bool("snapshots") { output.snapshots = snapshots }
        return output
    }

    static func record(_ value: Any) throws(PipelineError) -> RecordOutput {
        if let path = value as? String { return RecordOutput(path: path) }
        let fields = try JSONFields(
            value, path: "record", allowed: ["path", "codec", "bitrate", "gop", "preset", "encoder", "overlays"])
        guard let path = try fields.string("path") else {
            throw .configuration(field: "record.path", reason: "missing")
        }
        var output = RecordOutput(path: path)
        if let codec = try fields.choice("codec", RecorderCodec.self) { output.codec = codec }
        if fields.object["bitrate"] is String {
            let text = try fields.string("bitrate") ?? ""
            switch Bitrate.check(text) {
            case let .success(bits): output.bitrate = bits
            case let .failure(error): throw .invalidField(field: "record.bitrate", cause: ErrorCause(error))
            }
        } else if let bits = try fields.integer("bitrate") {
            output.bitrate = bits
        }
        if let gop = try fields.integer("gop") { output.gop = gop }
        if let preset = try fields.string("preset") { output.preset = preset }
        output.encoder = try fields.string("encoder")
        if let overlays = try fields.bool("overlays") { output.overlays = overlays }
        return output
    }

    /// The bytes of a pipeline or chain file, refused with a message naming what is wrong (a device, a
    /// folder, a FIFO, too large, a NUL in the path) before anything is read from it.
    static func readFile(_ path: String) throws(PipelineError) -> Data {
        do { return try SmallFile.read(path, limit: SmallFile.configurationLimit) } catch {
            throw .configuration(field: SmallFileError.shown(path), reason: error.reason)
        }
    }

    /// Strict JSON (`StrictJSON`): a trailing comma, a key given twice or any other mistake is refused
    /// with its line and column.
    static func parseJSON(_ data: Data, name: String) throws(PipelineError) -> Any {
        do { return try StrictJSON.parse(data) } catch {
            throw .configuration(field: name, reason: "not valid JSON: \(error)")
        }
    }
}
