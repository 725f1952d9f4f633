// Generated from the filter descriptors by `TypedFilterAPI.swiftSource(for:)`. Do not edit.
// Regenerate with `iris filters --emit-swift > Sources/IrisCore/Filter/TypedFilters.generated.swift`
// (or `IRIS_REGENERATE_TYPED_API=1 swift test --filter IrisCoreTests.FiltersTypedAPITests`).

extension FilterSpec {
    /// Applies an affine transform to an image. (`CIAffineTransform`)
    ///
    /// - Parameter transform: The transform, in image coordinates (origin bottom-left). Default [1.0 0.0 0.0 1.0 0.0 0.0].
    public static func affineTransform(transform: AffineTransform? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let transform { parameters["inputTransform"] = .transform(transform) }
        return FilterSpec(name: "CIAffineTransform", parameters: parameters)
    }
}

extension FilterSpec {
    /// Softens edges and applies a pleasant glow to an image. (`CIBloom`)
    ///
    /// - Parameter radius: The standard deviation of the glow's blur, in pixels. Default 10, range 0…500.
    /// - Parameter intensity: How strong the glow is. Default 0.5, range 0…1.
    public static func bloom(radius: Double? = nil, intensity: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let intensity { parameters["inputIntensity"] = .number(intensity) }
        return FilterSpec(name: "CIBloom", parameters: parameters)
    }
}

extension FilterSpec {
    /// Smooths an image using a disc-shaped convolution kernel. (`CIBokehBlur`)
    ///
    /// - Parameter radius: The radius of the out-of-focus disc, in pixels. Default 20, range 0…500.
    /// - Parameter ringAmount: How bright the ring at the disc's rim is. Default 0, range 0…1.
    /// - Parameter ringSize: The ring's width, as a fraction of the radius. Default 0.1, range 0…0.2.
    /// - Parameter softness: How soft the disc's rim is, in grid cells. Default 1, range 0…10.
    public static func bokehBlur(radius: Double? = nil, ringAmount: Double? = nil, ringSize: Double? = nil, softness: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let ringAmount { parameters["inputRingAmount"] = .number(ringAmount) }
        if let ringSize { parameters["inputRingSize"] = .number(ringSize) }
        if let softness { parameters["inputSoftness"] = .number(softness) }
        return FilterSpec(name: "CIBokehBlur", parameters: parameters)
    }
}

extension FilterSpec {
    /// Blurs an image using a box-shaped convolution kernel. (`CIBoxBlur`)
    ///
    /// - Parameter radius: The half-width of the box, in pixels. Default 10, range 1…100.
    public static func boxBlur(radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIBoxBlur", parameters: parameters)
    }
}

extension FilterSpec {
    /// Creates a color, halftoned rendition of the source image, using cyan, magenta, yellow, and black inks over a white page. (`CICMYKHalftone`)
    ///
    /// - Parameter center: The origin of the screen's pattern. Default [150 150].
    /// - Parameter width: The period of the pattern, in pixels. Default 6, at least 1.
    /// - Parameter angle: The angle of the pattern, in radians. Default 0.
    /// - Parameter sharpness: How sharp the pattern's edges are. Default 0.7, range 0…1.
    /// - Parameter gcr: Grey component replacement: how much of the common grey black ink prints. Default 1, range 0…1.
    /// - Parameter ucr: Under-colour removal: how much colour ink the black replaces. Default 0.5, range 0…1.
    public static func cmykHalftone(center: [Double]? = nil, width: Double? = nil, angle: Double? = nil, sharpness: Double? = nil, gcr: Double? = nil, ucr: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let sharpness { parameters["inputSharpness"] = .number(sharpness) }
        if let gcr { parameters["inputGCR"] = .number(gcr) }
        if let ucr { parameters["inputUCR"] = .number(ucr) }
        return FilterSpec(name: "CICMYKHalftone", parameters: parameters)
    }
}

extension FilterSpec {
    /// Simulates a circular-shaped halftone screen. (`CICircularScreen`)
    ///
    /// - Parameter center: The origin of the screen's pattern. Default [150 150].
    /// - Parameter width: The period of the pattern, in pixels. Default 6, at least 1.
    /// - Parameter sharpness: How sharp the pattern's edges are. Default 0.7, range 0…1.
    public static func circularScreen(center: [Double]? = nil, width: Double? = nil, sharpness: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let sharpness { parameters["inputSharpness"] = .number(sharpness) }
        return FilterSpec(name: "CICircularScreen", parameters: parameters)
    }
}

extension FilterSpec {
    /// Adjusts saturation, brightness, and contrast values. (`CIColorControls`)
    ///
    /// - Parameter saturation: 0 is grey, 1 leaves colours alone, above 1 boosts them. Default 1, at least 0.
    /// - Parameter brightness: Added to every colour component. Default 0, range -1…1.
    /// - Parameter contrast: Scales colours about mid grey (0.5). Default 1, at least 0.25.
    public static func colorControls(saturation: Double? = nil, brightness: Double? = nil, contrast: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let saturation { parameters["inputSaturation"] = .number(saturation) }
        if let brightness { parameters["inputBrightness"] = .number(brightness) }
        if let contrast { parameters["inputContrast"] = .number(contrast) }
        return FilterSpec(name: "CIColorControls", parameters: parameters)
    }
}

extension FilterSpec {
    /// Inverts the colors in an image. (`CIColorInvert`)
    public static func colorInvert() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIColorInvert", parameters: parameters)
    }
}

extension FilterSpec {
    /// Multiplies source color values and adds a bias factor to each color component. (`CIColorMatrix`)
    ///
    /// - Parameter rVector: Weights of R, G, B, A for red. Default [1 0 0 0].
    /// - Parameter gVector: Weights of R, G, B, A for green. Default [0 1 0 0].
    /// - Parameter bVector: Weights of R, G, B, A for blue. Default [0 0 1 0].
    /// - Parameter aVector: Weights of R, G, B, A for alpha. Default [0 0 0 1].
    /// - Parameter biasVector: Added to R, G, B, A. Default [0 0 0 0].
    public static func colorMatrix(rVector: [Double]? = nil, gVector: [Double]? = nil, bVector: [Double]? = nil, aVector: [Double]? = nil, biasVector: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let rVector { parameters["inputRVector"] = .vector(rVector) }
        if let gVector { parameters["inputGVector"] = .vector(gVector) }
        if let bVector { parameters["inputBVector"] = .vector(bVector) }
        if let aVector { parameters["inputAVector"] = .vector(aVector) }
        if let biasVector { parameters["inputBiasVector"] = .vector(biasVector) }
        return FilterSpec(name: "CIColorMatrix", parameters: parameters)
    }
}

extension FilterSpec {
    /// Simulates a comic book drawing by outlining edges and applying a color halftone effect. (`CIComicEffect`)
    public static func comicEffect() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIComicEffect", parameters: parameters)
    }
}

extension Image {
    /// Generates a solid color. (`CIConstantColorGenerator`)
    ///
    /// - Parameter color: The colour: sRGB red, green, blue, alpha (straight). Default (1 0 0 1).
    public static func constantColor(color: SIMD4<Double>? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIConstantColorGenerator")
        if let color { try filter.setValue(.color(color), forKey: "inputColor") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Modifies pixel values by performing a 3x3 matrix convolution. (`CIConvolution3X3`)
    ///
    /// - Parameter weights: Nine weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 1 0 0 0 0].
    /// - Parameter bias: Added to every component of the result. Default 0.
    public static func convolution3X3(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolution3X3", parameters: parameters)
    }
}

extension FilterSpec {
    /// Modifies pixel values by performing a 5x5 matrix convolution. (`CIConvolution5X5`)
    ///
    /// - Parameter weights: 25 weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0].
    /// - Parameter bias: Added to every component of the result. Default 0.
    public static func convolution5X5(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolution5X5", parameters: parameters)
    }
}

extension FilterSpec {
    /// Modifies pixel values by performing a 7x7 matrix convolution. (`CIConvolution7X7`)
    ///
    /// - Parameter weights: 49 weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0].
    /// - Parameter bias: Added to every component of the result. Default 0.
    public static func convolution7X7(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolution7X7", parameters: parameters)
    }
}

extension FilterSpec {
    /// Modifies pixel values by performing a 9-element horizontal convolution. (`CIConvolution9Horizontal`)
    ///
    /// - Parameter weights: 9 weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 1 0 0 0 0].
    /// - Parameter bias: Added to every component of the result. Default 0.
    public static func convolution9Horizontal(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolution9Horizontal", parameters: parameters)
    }
}

extension FilterSpec {
    /// Modifies pixel values by performing a 9-element vertical convolution. (`CIConvolution9Vertical`)
    ///
    /// - Parameter weights: 9 weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 1 0 0 0 0].
    /// - Parameter bias: Added to every component of the result. Default 0.
    public static func convolution9Vertical(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolution9Vertical", parameters: parameters)
    }
}

extension FilterSpec {
    /// Convolution of RGB channels with 3 by 3 matrix. (`CIConvolutionRGB3X3`)
    ///
    /// - Parameter weights: 9 weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 1 0 0 0 0].
    /// - Parameter bias: Added to red, green and blue of the result. Default 0.
    public static func convolutionRGB3X3(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolutionRGB3X3", parameters: parameters)
    }
}

extension FilterSpec {
    /// Convolution of RGB channels with 5 by 5 matrix. (`CIConvolutionRGB5X5`)
    ///
    /// - Parameter weights: 25 weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0].
    /// - Parameter bias: Added to red, green and blue of the result. Default 0.
    public static func convolutionRGB5X5(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolutionRGB5X5", parameters: parameters)
    }
}

extension FilterSpec {
    /// Convolution of RGB channels with 7 by 7 matrix. (`CIConvolutionRGB7X7`)
    ///
    /// - Parameter weights: 49 weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0].
    /// - Parameter bias: Added to red, green and blue of the result. Default 0.
    public static func convolutionRGB7X7(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolutionRGB7X7", parameters: parameters)
    }
}

extension FilterSpec {
    /// Horizontal Convolution of RGB channels with 9 values. (`CIConvolutionRGB9Horizontal`)
    ///
    /// - Parameter weights: 9 weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 1 0 0 0 0].
    /// - Parameter bias: Added to red, green and blue of the result. Default 0.
    public static func convolutionRGB9Horizontal(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolutionRGB9Horizontal", parameters: parameters)
    }
}

extension FilterSpec {
    /// Vertical Convolution of RGB channels with 9 values. (`CIConvolutionRGB9Vertical`)
    ///
    /// - Parameter weights: 9 weights, top row first, left to right, as the neighbourhood appears on screen. Default [0 0 0 0 1 0 0 0 0].
    /// - Parameter bias: Added to red, green and blue of the result. Default 0.
    public static func convolutionRGB9Vertical(weights: [Double]? = nil, bias: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let weights { parameters["inputWeights"] = .vector(weights) }
        if let bias { parameters["inputBias"] = .number(bias) }
        return FilterSpec(name: "CIConvolutionRGB9Vertical", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a crop to an image. (`CICrop`)
    ///
    /// - Parameter rectangle: x, y, width, height, origin bottom-left. Default [0 0 300 300].
    public static func crop(rectangle: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let rectangle { parameters["inputRectangle"] = .vector(rectangle) }
        return FilterSpec(name: "CICrop", parameters: parameters)
    }
}

extension FilterSpec {
    /// Creates polygon-shaped color blocks by aggregating source pixel-color values. (`CICrystallize`)
    ///
    /// - Parameter radius: The size of the crystals: one per square of this side, in pixels. Default 20, at least 1.
    /// - Parameter center: Where the grid of crystals is anchored. Default [150 150].
    public static func crystallize(radius: Double? = nil, center: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let center { parameters["inputCenter"] = .vector(center) }
        return FilterSpec(name: "CICrystallize", parameters: parameters)
    }
}

extension FilterSpec {
    /// Blurs an image using a disc-shaped convolution kernel. (`CIDiscBlur`)
    ///
    /// - Parameter radius: The radius of the disc, in pixels. Default 8, range 0…1000.
    public static func discBlur(radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIDiscBlur", parameters: parameters)
    }
}

extension FilterSpec {
    /// Simulates the dot patterns of a halftone screen. (`CIDotScreen`)
    ///
    /// - Parameter center: The origin of the screen's pattern. Default [150 150].
    /// - Parameter angle: The angle of the pattern, in radians. Default 0.
    /// - Parameter width: The period of the pattern, in pixels. Default 6, at least 1.
    /// - Parameter sharpness: How sharp the pattern's edges are. Default 0.7, range 0…1.
    public static func dotScreen(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil, sharpness: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let sharpness { parameters["inputSharpness"] = .number(sharpness) }
        return FilterSpec(name: "CIDotScreen", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a stylized black-and-white rendition of an image that looks similar to a woodblock cutout. (`CIEdgeWork`)
    ///
    /// - Parameter radius: The standard deviation of the surroundings a pixel is compared with, in pixels. Default 3, range 0…500.
    public static func edgeWork(radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIEdgeWork", parameters: parameters)
    }
}

extension FilterSpec {
    /// Finds all edges in an image and displays them in color. (`CIEdges`)
    ///
    /// - Parameter intensity: The gain applied to the gradient magnitude. Default 1, at least 0.
    public static func edges(intensity: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let intensity { parameters["inputIntensity"] = .number(intensity) }
        return FilterSpec(name: "CIEdges", parameters: parameters)
    }
}

extension FilterSpec {
    /// Adjusts the exposure setting for an image similar to the way you control exposure for a camera when you change the F-stop. (`CIExposureAdjust`)
    ///
    /// - Parameter ev: Exposure change in stops: +1 doubles the light. Default 0.5.
    public static func exposureAdjust(ev: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let ev { parameters["inputEV"] = .number(ev) }
        return FilterSpec(name: "CIExposureAdjust", parameters: parameters)
    }
}

extension FilterSpec {
    /// Adjusts midtone brightness. (`CIGammaAdjust`)
    ///
    /// - Parameter power: The exponent: below 1 brightens midtones, above 1 darkens them. Default 0.75, at least 0.
    public static func gammaAdjust(power: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let power { parameters["inputPower"] = .number(power) }
        return FilterSpec(name: "CIGammaAdjust", parameters: parameters)
    }
}

extension FilterSpec {
    /// Spreads source pixels by an amount specified by a Gaussian distribution. (`CIGaussianBlur`)
    ///
    /// - Parameter radius: The standard deviation of the Gaussian, in pixels. Default 10, range 0…500.
    public static func gaussianBlur(radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIGaussianBlur", parameters: parameters)
    }
}

extension FilterSpec {
    /// Dulls the highlights of an image. (`CIGloom`)
    ///
    /// - Parameter radius: The standard deviation of the blur, in pixels. Default 10, range 0…500.
    /// - Parameter intensity: How strongly the highlights are dulled. Default 0.5, range 0…1.
    public static func gloom(radius: Double? = nil, intensity: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let intensity { parameters["inputIntensity"] = .number(intensity) }
        return FilterSpec(name: "CIGloom", parameters: parameters)
    }
}

extension FilterSpec {
    /// Simulates the hatched pattern of a halftone screen. (`CIHatchedScreen`)
    ///
    /// - Parameter center: The origin of the screen's pattern. Default [150 150].
    /// - Parameter angle: The angle of the pattern, in radians. Default 0.
    /// - Parameter width: The period of the pattern, in pixels. Default 6, at least 1.
    /// - Parameter sharpness: How sharp the pattern's edges are. Default 0.7, range 0…1.
    public static func hatchedScreen(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil, sharpness: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let sharpness { parameters["inputSharpness"] = .number(sharpness) }
        return FilterSpec(name: "CIHatchedScreen", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a continuous three-dimensional, loft-shaped height field from a grayscale mask. (`CIHeightFieldFromMask`)
    ///
    /// - Parameter radius: The distance from the mask's edge over which the height rises, in pixels. Default 10, range 0…1500.
    public static func heightFieldFromMask(radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIHeightFieldFromMask", parameters: parameters)
    }
}

extension FilterSpec {
    /// Displays an image as colored hexagons whose color is an average of the pixels they replace. (`CIHexagonalPixellate`)
    ///
    /// - Parameter center: The centre of one hexagon. Default [150 150].
    /// - Parameter scale: The distance between neighbouring hexagons' centres, in pixels. Default 8, at least 1.
    public static func hexagonalPixellate(center: [Double]? = nil, scale: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let scale { parameters["inputScale"] = .number(scale) }
        return FilterSpec(name: "CIHexagonalPixellate", parameters: parameters)
    }
}

extension FilterSpec {
    /// Changes the overall hue, or tint, of the source pixels. (`CIHueAdjust`)
    ///
    /// - Parameter angle: The angle, in radians, to rotate hues by. Default 0.
    public static func hueAdjust(angle: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let angle { parameters["inputAngle"] = .number(angle) }
        return FilterSpec(name: "CIHueAdjust", parameters: parameters)
    }
}

extension FilterSpec {
    /// Simulates the line pattern of a halftone screen. (`CILineScreen`)
    ///
    /// - Parameter center: The origin of the screen's pattern. Default [150 150].
    /// - Parameter angle: The angle of the pattern, in radians. Default 0.
    /// - Parameter width: The period of the pattern, in pixels. Default 6, at least 1.
    /// - Parameter sharpness: How sharp the pattern's edges are. Default 0.7, range 0…1.
    public static func lineScreen(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil, sharpness: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let sharpness { parameters["inputSharpness"] = .number(sharpness) }
        return FilterSpec(name: "CILineScreen", parameters: parameters)
    }
}

extension FilterSpec {
    /// Computes the median value for a group of neighboring pixels and replaces each pixel value with the median. (`CIMedianFilter`)
    public static func medianFilter() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIMedianFilter", parameters: parameters)
    }
}

extension FilterSpec {
    /// Finds the edges of an image by returning the difference between the morphological minimum and maximum operations. (`CIMorphologyGradient`)
    ///
    /// - Parameter radius: The radius of the disc, in pixels. Default 5, range 0…1000.
    public static func morphologyGradient(radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIMorphologyGradient", parameters: parameters)
    }
}

extension FilterSpec {
    /// Blurs a circular region by replacing each pixel with the brightest value in the circle. (`CIMorphologyMaximum`)
    ///
    /// - Parameter radius: The radius of the disc, in pixels. Default 0, range 0…1000.
    public static func morphologyMaximum(radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIMorphologyMaximum", parameters: parameters)
    }
}

extension FilterSpec {
    /// Blurs a circular region by replacing each pixel with the darkest value in the circle. (`CIMorphologyMinimum`)
    ///
    /// - Parameter radius: The radius of the disc, in pixels. Default 0, range 0…1000.
    public static func morphologyMinimum(radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIMorphologyMinimum", parameters: parameters)
    }
}

extension FilterSpec {
    /// Blurs a rectangular region by replacing each pixel with the brightest value in the rectangle. (`CIMorphologyRectangleMaximum`)
    ///
    /// - Parameter width: The width of the rectangle, in pixels (rounded to an odd number). Default 5, range 1…101.
    /// - Parameter height: The height of the rectangle, in pixels (rounded to an odd number). Default 5, range 1…101.
    public static func morphologyRectangleMaximum(width: Double? = nil, height: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let width { parameters["inputWidth"] = .number(width) }
        if let height { parameters["inputHeight"] = .number(height) }
        return FilterSpec(name: "CIMorphologyRectangleMaximum", parameters: parameters)
    }
}

extension FilterSpec {
    /// Blurs a rectangular region by replacing each pixel with the darkest value in the rectangle. (`CIMorphologyRectangleMinimum`)
    ///
    /// - Parameter width: The width of the rectangle, in pixels (rounded to an odd number). Default 5, range 1…101.
    /// - Parameter height: The height of the rectangle, in pixels (rounded to an odd number). Default 5, range 1…101.
    public static func morphologyRectangleMinimum(width: Double? = nil, height: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let width { parameters["inputWidth"] = .number(width) }
        if let height { parameters["inputHeight"] = .number(height) }
        return FilterSpec(name: "CIMorphologyRectangleMinimum", parameters: parameters)
    }
}

extension FilterSpec {
    /// Blurs an image to simulate the effect of using a camera that moves a specified angle and distance while capturing the image. (`CIMotionBlur`)
    ///
    /// - Parameter radius: How far the camera moves to each side, in pixels. Default 20, range 0…1000.
    /// - Parameter angle: The direction of the motion, in radians. Default 0.
    public static func motionBlur(radius: Double? = nil, angle: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        return FilterSpec(name: "CIMotionBlur", parameters: parameters)
    }
}

extension FilterSpec {
    /// Reduces noise using a threshold value to define what is considered noise. (`CINoiseReduction`)
    ///
    /// - Parameter noiseLevel: Luma differences below this are treated as noise. Default 0.02, at least 0.
    /// - Parameter sharpness: How much the smoothed result is sharpened. Default 0.4, at least 0.
    public static func noiseReduction(noiseLevel: Double? = nil, sharpness: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let noiseLevel { parameters["inputNoiseLevel"] = .number(noiseLevel) }
        if let sharpness { parameters["inputSharpness"] = .number(sharpness) }
        return FilterSpec(name: "CINoiseReduction", parameters: parameters)
    }
}

extension FilterSpec {
    /// Makes an image blocky by mapping the image to colored squares whose color is defined by the replaced pixels. (`CIPixellate`)
    ///
    /// - Parameter center: A corner of the grid of cells. Default [150 150].
    /// - Parameter scale: The side of a cell, in pixels. Default 8, at least 1.
    public static func pixellate(center: [Double]? = nil, scale: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let scale { parameters["inputScale"] = .number(scale) }
        return FilterSpec(name: "CIPixellate", parameters: parameters)
    }
}

extension FilterSpec {
    /// Renders the source image in a pointillistic style. (`CIPointillize`)
    ///
    /// - Parameter radius: The radius of the dots, in pixels. Default 20, at least 1.
    /// - Parameter center: Where the grid of dots is anchored. Default [150 150].
    public static func pointillize(radius: Double? = nil, center: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let center { parameters["inputCenter"] = .vector(center) }
        return FilterSpec(name: "CIPointillize", parameters: parameters)
    }
}

extension FilterSpec {
    /// Maps the colors of an image to various shades of brown. (`CISepiaTone`)
    ///
    /// - Parameter intensity: The strength of the sepia effect. Default 1, range 0…1.
    public static func sepiaTone(intensity: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let intensity { parameters["inputIntensity"] = .number(intensity) }
        return FilterSpec(name: "CISepiaTone", parameters: parameters)
    }
}

extension FilterSpec {
    /// Increases image detail by sharpening. (`CISharpenLuminance`)
    ///
    /// - Parameter sharpness: How much of the luma's difference from its blur is added back. Default 0.4, at least 0.
    /// - Parameter radius: The standard deviation of the blur the luma is compared with, in pixels. Default 1.69, range 0…500.
    public static func sharpenLuminance(sharpness: Double? = nil, radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let sharpness { parameters["inputSharpness"] = .number(sharpness) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CISharpenLuminance", parameters: parameters)
    }
}

extension FilterSpec {
    /// Places the input image over the input background image. (`CISourceOverCompositing`)
    ///
    /// - Parameter backgroundImage: The image to composite over.
    public static func sourceOverCompositing(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CISourceOverCompositing", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a directional spotlight effect to an image. (`CISpotLight`)
    ///
    /// - Parameter lightPosition: The x, y, z position of the light. Default [400 600 150].
    /// - Parameter lightPointsAt: The x, y, z point the light is aimed at. Default [200 200 0].
    /// - Parameter brightness: The brightness of the spotlight. Default 3, at least 0.
    /// - Parameter concentration: The spotlight size: the smaller, the more tightly focused the beam. Default 0.1, at least 0.001.
    /// - Parameter color: The colour of the light (sRGB). Default (1 1 1 1).
    public static func spotLight(lightPosition: [Double]? = nil, lightPointsAt: [Double]? = nil, brightness: Double? = nil, concentration: Double? = nil, color: SIMD4<Double>? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let lightPosition { parameters["inputLightPosition"] = .vector(lightPosition) }
        if let lightPointsAt { parameters["inputLightPointsAt"] = .vector(lightPointsAt) }
        if let brightness { parameters["inputBrightness"] = .number(brightness) }
        if let concentration { parameters["inputConcentration"] = .number(concentration) }
        if let color { parameters["inputColor"] = .color(color) }
        return FilterSpec(name: "CISpotLight", parameters: parameters)
    }
}

extension FilterSpec {
    /// Increases the contrast of the edges between pixels of different colors in an image. (`CIUnsharpMask`)
    ///
    /// - Parameter radius: The standard deviation of the blur the image is compared with, in pixels. Default 2.5, range 0…500.
    /// - Parameter intensity: How much of the difference from the blur is added back. Default 0.5, at least 0.
    public static func unsharpMask(radius: Double? = nil, intensity: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let intensity { parameters["inputIntensity"] = .number(intensity) }
        return FilterSpec(name: "CIUnsharpMask", parameters: parameters)
    }
}

extension FilterSpec {
    /// Adjusts the saturation of an image while keeping pleasing skin tones. (`CIVibrance`)
    ///
    /// - Parameter amount: Positive boosts muted colours, negative mutes them. Default 0, range -1…1.
    public static func vibrance(amount: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let amount { parameters["inputAmount"] = .number(amount) }
        return FilterSpec(name: "CIVibrance", parameters: parameters)
    }
}

extension FilterSpec {
    /// Reduces the brightness of an image at the periphery. (`CIVignette`)
    ///
    /// - Parameter intensity: How much the edge darkens: 1 is black at the reach, negative lightens. Default 0, range -1…1.
    /// - Parameter radius: Where the shading reaches full strength, in half-diagonals of the image. Default 1, range 0…2.
    public static func vignette(intensity: Double? = nil, radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let intensity { parameters["inputIntensity"] = .number(intensity) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIVignette", parameters: parameters)
    }
}

extension FilterSpec {
    /// Modifies the brightness of an image around the periphery of a specified region. (`CIVignetteEffect`)
    ///
    /// - Parameter center: The centre of the unshaded circle. Default [150 150].
    /// - Parameter radius: Where the shading reaches full strength, in pixels. Default 150, at least 0.
    /// - Parameter intensity: How much the outside darkens: 1 is black, negative lightens. Default 1, range -1…1.
    /// - Parameter falloff: The width of the ramp, as a fraction of the radius. Default 0.5, range 0…1.
    public static func vignetteEffect(center: [Double]? = nil, radius: Double? = nil, intensity: Double? = nil, falloff: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let intensity { parameters["inputIntensity"] = .number(intensity) }
        if let falloff { parameters["inputFalloff"] = .number(falloff) }
        return FilterSpec(name: "CIVignetteEffect", parameters: parameters)
    }
}

extension FilterSpec {
    /// Simulates the effect of zooming the camera while capturing the image. (`CIZoomBlur`)
    ///
    /// - Parameter center: The centre of the zoom. Default [150 150].
    /// - Parameter amount: The zoom-in amount: 200 streaks each pixel all the way to the centre. Default 20, at least 0.
    public static func zoomBlur(center: [Double]? = nil, amount: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let amount { parameters["inputAmount"] = .number(amount) }
        return FilterSpec(name: "CIZoomBlur", parameters: parameters)
    }
}
