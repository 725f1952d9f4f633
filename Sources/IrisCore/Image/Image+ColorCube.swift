extension Image {
    /// Looks every pixel up in `cube`, Core Image's CIColorCube: the straight (unpremultiplied) colour,
    /// clamped to 0…1, indexes the cube with tetrahedral interpolation, and the entry (premultiplied, as
    /// Core Image's cube data is) is scaled by the pixel's alpha. In the working space (linear) unless
    /// `encoded` is true, when the lookup happens on sRGB-encoded values, as grading LUTs expect
    /// (CIColorCubeWithColorSpace with sRGB).
    ///
    ///     let graded = image.applyingColorCube(try ColorCubeFile.load(path: "grade.cube").cube, encoded: true)
    public func applyingColorCube(_ cube: ColorCube, encoded: Bool = false, label: String = "CIColorCube") -> Image {
        let straight = Image.make(
            encoded ? BuiltInKernels.linearToSRGB : BuiltInKernels.unpremultiply, [self], KernelArguments([]),
            extent: extent, label: encoded ? "linear_to_srgb" : "unpremultiply")
        var looked = Image(extent: extent, node: .lookup(cube, straight, label: label))
        if encoded {
            looked = Image.make(
                Self.decodeFromCube, [looked], KernelArguments([]), extent: extent, label: "srgb_to_linear")
        }
        return Image.make(
            Self.scaleByAlpha, [looked, self], KernelArguments([]), extent: extent, label: label + " alpha")
    }

    /// A cube entry in sRGB-encoded, premultiplied terms back into the working space: the colour is
    /// unpremultiplied by the entry's alpha, decoded, and premultiplied again.
    static let decodeFromCube = Kernel(
        color: "irisCubeDecode", parameters: [],
        glsl: """
            vec4 irisCubeDecode(vec4 s0) {
                if (s0.a < IRIS_INVISIBLE_ALPHA) return vec4(0.0);
                vec4 c = iris_unpremultiply(s0);
                return vec4(iris_srgb_to_linear(c.rgb) * c.a, c.a);
            }
            """,
        cpu: { px, _, _, _ in
            for i in px.indices {
                let c = px[i]
                guard c.w >= invisibleAlpha else {
                    px[i] = .zero
                    continue
                }
                let s = c / c.w
                px[i] = SIMD4(
                    TransferFunction.sRGBToLinear(s.x) * c.w, TransferFunction.sRGBToLinear(s.y) * c.w,
                    TransferFunction.sRGBToLinear(s.z) * c.w, c.w)
            }
        })

    /// The looked-up entry (input 0) times the original pixel's alpha (input 1).
    static let scaleByAlpha = Kernel(
        color: "irisCubeAlpha", inputCount: 2, parameters: [],
        glsl: """
            vec4 irisCubeAlpha(vec4 s0, vec4 s1) { return s0 * s1.a; }
            """,
        cpu: { px, others, _, _ in
            let original = others[0]
            for i in px.indices { px[i] *= original[i].w }
        })
}
