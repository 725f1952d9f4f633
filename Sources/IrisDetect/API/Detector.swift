import IrisCore

/// Finds QR codes, rectangles, faces or barcodes in frames and images. Core Image's `CIDetector`: made once with a type
/// and options, then asked for features, which come back in the input's image coordinates (bottom-left
/// origin). It reads a Y'CbCr frame's luma plane directly, never converting to RGB.
///
///     let codes = try Detector(type: .qrCode).features(in: frame).qrCodes   // [QRCodeFeature]
public struct Detector: Sendable {
    public let type: DetectorType
    public let options: DetectorOptions
    /// Renders recipe images (`features(in: Image)`) that are not plain buffers; optional, as in Core Image.
    public let context: Context?

    /// The cascades of a face detector, read when it is made so a missing or broken file fails here.
    let faceModels: FaceModels?

    public init(type: DetectorType, context: Context? = nil, options: DetectorOptions = .init()) throws(DetectorError) {
        self.type = type
        self.context = context
        self.options = try options.validated()
        var checked = self.options
        checked.face = try checked.face.validated()
        faceModels = type == .face ? try FaceModels(options: checked) : nil
    }

    /// Features in a camera or recording frame (its luma plane, shared, not copied).
    public func features(in frame: Frame, options: FeatureOptions = .init()) throws(DetectorError) -> [DetectedFeature]
    {
        try features(in: LumaPlane(buffer: frame.buffer), options: options)
    }

    /// Features in a pixel buffer: Y'CbCr buffers give their luma plane, RGBA buffers are reduced to luma.
    public func features(in buffer: PixelBuffer, options: FeatureOptions = .init()) throws(DetectorError)
        -> [DetectedFeature]
    {
        try features(in: LumaPlane(buffer: buffer), options: options)
    }

    /// Features in a recipe image, rendered by the detector's context first.
    public func features(in image: Image, options: FeatureOptions = .init()) throws(DetectorError) -> [DetectedFeature]
    {
        let extent = image.extent
        guard !extent.isEmpty else { return [] }
        guard !extent.isInfinite else {
            throw .invalidOption(name: "image", value: "\(image)", expected: "a finite extent (crop it first)")
        }
        guard let context else { throw .contextRequired(image: "\(image)") }
        let buffer: PixelBuffer
        do { buffer = try context.render(image) } catch {
            throw .renderFailed(image: "\(image)", cause: ErrorCause(error))
        }
        // The rendered buffer starts at the extent's corner; features go back into the image's space.
        let shift = AffineTransform(translationX: extent.minX, y: extent.minY)
        return try features(in: LumaPlane(buffer: buffer), options: options).map { $0.applying(shift) }
    }

    /// Features in a luma plane stored with `options.orientation`; the core every other entry point uses.
    public func features(in luma: LumaPlane, options: FeatureOptions = .init()) throws(DetectorError)
        -> [DetectedFeature]
    {
        try features(in: luma, options: options, qrSearch: QRCodeSearch(accuracy: self.options.accuracy))
    }

    /// QR codes in a luma plane stored with `options.orientation`, looked for with the retries given.
    func qrCodes(in luma: LumaPlane, options: FeatureOptions, retries: QRCodeSearch.Retries) throws(DetectorError)
        -> [QRCodeFeature]
    {
        try features(in: luma, options: options, qrSearch: QRCodeSearch(retries: retries)).qrCodes
    }

    private func features(in luma: LumaPlane, options: FeatureOptions, qrSearch: QRCodeSearch) throws(DetectorError)
        -> [DetectedFeature]
    {
        guard luma.width > 0, luma.height > 0 else { return [] }
        let upright = luma.oriented(options.orientation)
        let toStored = Self.storedCoordinates(of: upright, storedAs: luma, orientation: options.orientation)
        switch type {
        case .qrCode:
            return try qrCodes(in: upright, search: qrSearch).map { .qrCode($0.applying(toStored)) }
        case .rectangle:
            return rectangles(in: upright).map { .rectangle($0.applying(toStored)) }
        case .face:
            return faces(in: upright, options: options).map { .face($0.applying(toStored)) }
        case .barcode:
            return try barcodes(in: upright).map { .barcode($0.applying(toStored)) }
        }
    }

    /// Detectors work upright in top-left pixel coordinates; this maps their results to the stored image's
    /// bottom-left coordinates, the space Core Image reports features in.
    static func storedCoordinates(of upright: LumaPlane, storedAs luma: LumaPlane, orientation: Orientation)
        -> AffineTransform
    {
        let storedExtent = Rect(width: luma.width, height: luma.height)
        return AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(upright.height))
            .concatenating(orientation.transform(for: storedExtent).inverted ?? .identity)
    }

    /// The smallest feature this detector reports, as a fraction of the picture's shorter side: the option,
    /// or the type's default (0.2 for rectangles, Core Image's dominant-quad search; 0 otherwise).
    public var effectiveMinimumFeatureSize: Double { options.minimumFeatureSize ?? (type == .rectangle ? 0.2 : 0) }

    private func qrCodes(in upright: LumaPlane, search: QRCodeSearch) throws(DetectorError) -> [QRCodeFeature] {
        // Large frames are scanned at a reduced size; zxing-cpp also tries its own downscaled copies.
        let limit = search.retries == .none ? 1280 : 2048
        let factor = (max(upright.width, upright.height) + limit - 1) / limit
        let working = upright.downscaled(by: factor)
        let smallest = effectiveMinimumFeatureSize * Double(min(upright.width, upright.height))
        return try search.codes(in: working).compactMap { code in
            let c = code.scaled(by: Double(factor)).corners.map { Point(x: $0.x, y: $0.y) }
            // Top-left pixel coordinates here; the caller's transform flips them into image coordinates.
            let quad = Quadrilateral(topLeft: c[0], topRight: c[1], bottomLeft: c[3], bottomRight: c[2])
            guard min(quad.bounds.width, quad.bounds.height) >= smallest else { return nil }
            return QRCodeFeature(
                messageString: code.text, payload: code.bytes, corners: quad, isMirrored: code.isMirrored)
        }
    }

    private func faces(in upright: LumaPlane, options: FeatureOptions) -> [FaceFeature] {
        guard let faceModels else { return [] }
        let faces = FaceSearch(models: faceModels, options: self.options, plane: upright)
            .faces(in: upright, options: options, landmarks: self.options.face.landmarks)
        guard self.options.face.landmarksConfirmFaces, faceModels.mesh != nil else { return faces }
        return faces.filter { ($0.mesh?.score ?? 0) >= FaceMesh.trustedScore }
    }

    private func rectangles(in upright: LumaPlane) -> [RectangleFeature] {
        let target = options.accuracy == .high ? 400 : 320
        let factor = max((max(upright.width, upright.height) + target - 1) / target, 1)
        let finder = RectangleFinder(
            aspectRatio: options.aspectRatio, minimumSize: effectiveMinimumFeatureSize,
            accuracy: options.accuracy)
        guard let found = finder.find(in: upright, workingScale: factor) else { return [] }
        return [RectangleFeature(corners: found.corners.namedUpright(), confidence: found.confidence)]
    }
}
