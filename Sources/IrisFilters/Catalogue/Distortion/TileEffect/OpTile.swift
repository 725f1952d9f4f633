import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIOpTile: cuts the plane into square cells of `inputWidth` around `inputCenter`; each cell shows its own
    /// neighbourhood zoomed out by `inputScale` and turned by `inputAngle` about the cell's middle, so the
    /// image repeats in small, turned pieces (Iris's reading; Core Image's formula is not published). The
    /// result keeps the input's extent.
    static let opTile = FilterDescriptor(
        name: "CIOpTile", displayName: "Op Tile", categories: DistortionSupport.tileCategories,
        summary:
            "Segments an image, applying any specified scaling and rotation, and then assembles the image again to give an op art appearance.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputScale", .scalar, default: .number(2.8), range: 0...Double.infinity, slider: 0.1...10,
                summary: "How much of the neighbourhood each cell shows."),
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -2 * Double.pi...2 * Double.pi,
                summary: "The turn inside each cell, in radians."),
            FilterInputDescriptor(
                "inputWidth", .distance, default: .number(65), range: 0...Double.infinity, slider: 0...1000,
                summary: "The size of a cell, in pixels.")
        ],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            return Image.make(
                opTileKernel, [image],
                KernelArguments([
                    DistortionSupport.vec2(try args.vector("inputCenter")),
                    DistortionSupport.float(try args.number("inputScale")),
                    DistortionSupport.float(try args.number("inputAngle")),
                    DistortionSupport.float(max(try args.number("inputWidth"), 0.01))
                ]),
                extent: image.extent, label: "CIOpTile")
        })

    static let opTileKernel = DistortionSupport.warp(
        "irisOpTile",
        [.init("center", "vec2"), .init("scale", "float"), .init("angle", "float"), .init("width", "float")],
        glsl: """
            vec2 irisOpTile(vec2 dc, vec2 center, float scale, float angle, float width) {
                vec2 q = (dc - center) / width;
                vec2 v = fract(q + 0.5) - 0.5;
                vec2 middle = center + (q - v) * width;
                vec2 w = v * width * scale;
                float c = cos(angle), s = sin(angle);
                return middle + vec2(c * w.x - s * w.y, s * w.x + c * w.y);
            }
            """, roi: DistortionSupport.grownROI { $0.float(3) * (1 + 0.75 * abs($0.float(1))) }
    ) { p, args in
        let c = args.vec2(0), scale = args.float(1), angle = args.float(2), width = args.float(3)
        let q = (p - c) / width
        let v = LatticeTile.centred(q)
        return c + (q - v) * width + rotated(v * width * scale, angle)
    }
}
