import IrisCore

extension BuiltInFilters {
    /// CIPerspectiveCorrection: the inverse of a perspective transform. The quad is mapped onto a
    /// rectangle at the origin whose width is the mean of the top and bottom edges' lengths and whose height
    /// is the mean of the left and right edges' (Iris's choice of size; Core Image's is not published). With
    /// `inputCrop` 1 the result is that rectangle; with 0, the whole image mapped.
    static let perspectiveCorrection = FilterDescriptor(
        name: "CIPerspectiveCorrection", displayName: "Perspective Correction",
        categories: [
            FilterCategory.geometryAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Maps a quadrilateral of the image onto an upright rectangle, undoing a perspective.",
        inputs: [.image] + perspectiveCornerInputs
            + [
                FilterInputDescriptor(
                    "inputCrop", .boolean, default: .number(1), summary: "1 keeps only the corrected quadrilateral.")
            ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let quad = try perspectiveQuad(args)  // BL, BR, TR, TL
            func length(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
            let width = (length(quad[0], quad[1]) + length(quad[3], quad[2])) / 2
            let height = (length(quad[0], quad[3]) + length(quad[1], quad[2])) / 2
            let target = Rect(x: 0, y: 0, width: width, height: height)
            guard width > 0, height > 0, let q = PerspectiveHomography.squareToQuad(quad) else {
                throw .invalidValue(
                    filter: "CIPerspectiveCorrection", key: "inputTopLeft",
                    reason: "the corners do not make a quadrilateral")
            }
            let backward = q.after(.normalizing(target)).positive(at: SIMD2(width / 2, height / 2))
            let crop = try args.number("inputCrop") != 0
            let extent =
                crop
                ? target : (image.extent.isEmpty ? .empty : (backward.inverted?.bounds(of: image.extent) ?? .infinite))
            return Image.make(
                homographyKernel, [image], homographyArguments(backward, input: image.extent), extent: extent,
                label: "CIPerspectiveCorrection")
        })
}
