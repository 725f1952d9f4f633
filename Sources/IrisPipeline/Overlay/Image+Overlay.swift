import IrisCore
import IrisFilters
import IrisDetect

extension Image {
    /// This image with detector results drawn over it, as nodes of the recipe that whichever renderer runs
    /// draws (seed 003's idea: shapes are coloured kernels placed on the features' quads, labels are cut
    /// from one glyph sheet and moved into place, all composited over the frame). Features are in this
    /// image's coordinates, which is what detectors return for the frame the image was made from.
    ///
    ///     let picture = try Image(frame: frame).applyingFilters(chain).overlaying(features)
    public func overlaying(
        _ features: [DetectedFeature], style: OverlayStyle = OverlayStyle(),
        linearWorkingSpace: Bool = true
    ) throws(PipelineError) -> Image {
        guard !features.isEmpty, !extent.isInfinite, !extent.isEmpty else { return self }
        let plan = try OverlayPlan(features: features, style: style, frame: extent)
        var result = self
        for shape in plan.shapes {
            do {
                result = try Image.apply(
                    OverlayKernels.quad, inputs: [result], arguments: shape.arguments(linear: linearWorkingSpace),
                    extent: result.extent, label: "overlay")
            } catch {
                throw .render(step: "overlay", cause: ErrorCause(error))
            }
        }
        guard let sheet = plan.sheet else { return result }
        let sheetImage = Image(buffer: sheet.buffer)
        let sheetHeight = Double(sheet.buffer.height)
        for (box, spot) in zip(sheet.boxes, plan.labelSpots) {
            guard let spot else { continue }
            // Both boxes count rows from the top; images count from the bottom.
            let cut = Rect(
                x: 0, y: sheetHeight - Double(box.maxY), width: Double(box.width), height: Double(box.height))
            let target = Point(x: extent.minX + Double(spot.x), y: extent.maxY - Double(spot.maxY))
            let label = sheetImage.cropped(to: cut).transformed(
                by: AffineTransform(translationX: target.x - cut.minX, y: target.y - cut.minY))
            result = label.composited(over: result).cropped(to: extent)
        }
        return result
    }
}

/// What an overlay draws for a set of features on a frame: the shapes, and the labels with their places.
struct OverlayPlan {
    var shapes: [QuadShape] = []
    var sheet: LabelSheet?
    var labelSpots: [LabelLayout.Box?] = []

    init(features: [DetectedFeature], style: OverlayStyle, frame: Rect) throws(PipelineError) {
        let width = Int(frame.width), height = Int(frame.height)
        let line = style.lineWidth(frameWidth: width, frameHeight: height)
        var labels: [(text: String, color: OverlayColor, anchor: Rect)] = []
        for feature in features {
            let color: OverlayColor =
                switch feature.type {
                case .qrCode, .barcode: style.qrCodeColor
                case .face: style.faceColor
                case .rectangle: style.rectangleColor
                }
            shapes.append(QuadShape(corners: feature.corners.points, color: color, lineWidth: line))
            let corner = feature.corners.topLeft
            shapes.append(
                QuadShape(
                    rect: Rect(x: corner.x - line, y: corner.y - line, width: 2 * line, height: 2 * line),
                    color: style.cornerColor, lineWidth: line, filled: true))
            switch feature {
            case .face(let face):
                shapes += Self.faceMarks(face, style: style, line: line)
                var words: [String] = []
                if let id = face.trackingID { words.append("#\(id)") }
                if face.hasSmile { words.append("smile") }
                if face.leftEyeClosed || face.rightEyeClosed { words.append("blink") }
                if !words.isEmpty { labels.append((words.joined(separator: " "), style.faceColor, face.bounds)) }
            case .qrCode(let code):
                labels.append((code.messageString, style.qrCodeColor, code.bounds))
            // Drawn as QR codes are, labelled with the symbology first: "EAN-13 4006381333931".
            case .barcode(let code):
                labels.append((code.symbology.displayName + " " + code.messageString, style.qrCodeColor, code.bounds))
            case .rectangle:
                break
            }
        }
        guard style.labels, !labels.isEmpty else { return }
        let atlas = try GlyphAtlas.shared(pixelSize: style.fontPixelSize(frameWidth: width, frameHeight: height))
        let fitted = labels.map { ($0.text.fitting(width: width, atlas: atlas), $0.color) }
        let sheet = LabelSheet(labels: fitted, atlas: atlas)
        let requests = zip(labels, sheet.boxes).map { label, box in
            (
                anchor: LabelLayout.Box(
                    x: Int((label.anchor.minX - frame.minX).rounded()),
                    y: Int((frame.maxY - label.anchor.maxY).rounded()),
                    width: Int(label.anchor.width.rounded()), height: Int(label.anchor.height.rounded())),
                width: box.width, height: box.height
            )
        }
        labelSpots = LabelLayout.place(requests, frameWidth: width, frameHeight: height)
        self.sheet = sheet
    }

    /// Eyes as small boxes and the mouth as a wide one: filled where the eye or mouth model found the part,
    /// hollow where it is only the geometric guess.
    static func faceMarks(_ face: FaceFeature, style: OverlayStyle, line: Double) -> [QuadShape] {
        let half = max(line * 2, face.bounds.width / 20)
        func box(_ p: Point, _ w: Double, _ h: Double) -> Rect {
            Rect(x: p.x - w, y: p.y - h, width: 2 * w, height: 2 * h)
        }
        return [
            QuadShape(
                rect: box(face.leftEyePosition, half, half), color: style.eyeColor, lineWidth: line,
                filled: face.hasLeftEyePosition),
            QuadShape(
                rect: box(face.rightEyePosition, half, half), color: style.eyeColor, lineWidth: line,
                filled: face.hasRightEyePosition),
            QuadShape(
                rect: box(face.mouthPosition, half * 2, max(half / 2, line)), color: style.mouthColor, lineWidth: line,
                filled: face.hasMouthPosition)
        ]
    }
}

extension String {
    /// The text shortened with "..." so that its label fits a frame `width` pixels wide.
    func fitting(width: Int, atlas: GlyphAtlas) -> String {
        if LabelSheet.size(of: self, atlas: atlas).width <= width { return self }
        var kept = Array(self)
        while !kept.isEmpty, LabelSheet.size(of: String(kept) + "...", atlas: atlas).width > width { kept.removeLast() }
        return String(kept) + "..."
    }
}
