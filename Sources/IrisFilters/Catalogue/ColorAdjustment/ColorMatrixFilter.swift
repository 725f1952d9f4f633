import IrisCore

extension BuiltInFilters {
    /// CIColorMatrix: out.r = dot(inputRVector, c) + inputBiasVector.r, and so on for g, b, a, on straight colour.
    static let colorMatrix = FilterDescriptor(
        name: "CIColorMatrix", displayName: "Color Matrix",
        categories: [
            FilterCategory.colorAdjustment, FilterCategory.video, FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Multiplies source color values and adds a bias factor to each color component.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputRVector", .vector, default: .vector([1, 0, 0, 0]), summary: "Weights of R, G, B, A for red."),
            FilterInputDescriptor(
                "inputGVector", .vector, default: .vector([0, 1, 0, 0]), summary: "Weights of R, G, B, A for green."),
            FilterInputDescriptor(
                "inputBVector", .vector, default: .vector([0, 0, 1, 0]), summary: "Weights of R, G, B, A for blue."),
            FilterInputDescriptor(
                "inputAVector", .vector, default: .vector([0, 0, 0, 1]), summary: "Weights of R, G, B, A for alpha."),
            FilterInputDescriptor(
                "inputBiasVector", .vector, default: .vector([0, 0, 0, 0]), summary: "Added to R, G, B, A.")
        ],
        build: { args throws(FilterError) in
            let rows = [
                try args.vector("inputRVector"), try args.vector("inputGVector"),
                try args.vector("inputBVector"), try args.vector("inputAVector")
            ]
            let bias = try args.vector("inputBiasVector")
            let matrix = ColorMatrix(rows: rows, bias: SIMD4(bias[0], bias[1], bias[2], bias[3]))
            return try args.image("inputImage").applyingColorMatrix(matrix, label: "CIColorMatrix")
        })
}
