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
    /// Uses a three-dimensional color table to transform the source image pixels. (`CIColorCube`)
    ///
    /// - Parameter cubeDimension: Entries along each axis of the table. Default 2, range 2…128.
    /// - Parameter cubeData: dimension³ RGBA float32 entries (little-endian), red varying fastest, then green, then blue. Default 128 bytes.
    /// - Parameter cubeFile: Iris: a .cube 3D LUT file to use instead of inputCubeDimension and inputCubeData. Default "".
    public static func colorCube(cubeDimension: Double? = nil, cubeData: [UInt8]? = nil, cubeFile: String? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let cubeDimension { parameters["inputCubeDimension"] = .number(cubeDimension) }
        if let cubeData { parameters["inputCubeData"] = .data(cubeData) }
        if let cubeFile { parameters["inputCubeFile"] = .string(cubeFile) }
        return FilterSpec(name: "CIColorCube", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses a three-dimensional color table in a specified colorspace to transform the source image pixels. (`CIColorCubeWithColorSpace`)
    ///
    /// - Parameter cubeDimension: Entries along each axis of the table. Default 2, range 2…128.
    /// - Parameter cubeData: dimension³ RGBA float32 entries (little-endian), red varying fastest, then green, then blue. Default 128 bytes.
    /// - Parameter cubeFile: Iris: a .cube 3D LUT file to use instead of inputCubeDimension and inputCubeData. Default "".
    /// - Parameter colorSpace: Where the table applies: sRGB (encoded values) or linear (the working space). Default "sRGB".
    public static func colorCubeWithColorSpace(cubeDimension: Double? = nil, cubeData: [UInt8]? = nil, cubeFile: String? = nil, colorSpace: String? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let cubeDimension { parameters["inputCubeDimension"] = .number(cubeDimension) }
        if let cubeData { parameters["inputCubeData"] = .data(cubeData) }
        if let cubeFile { parameters["inputCubeFile"] = .string(cubeFile) }
        if let colorSpace { parameters["inputColorSpace"] = .string(colorSpace) }
        return FilterSpec(name: "CIColorCubeWithColorSpace", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses two three-dimensional color tables in a specified colorspace to transform the source image pixels. (`CIColorCubesMixedWithMask`)
    ///
    /// - Parameter maskImage: Where to use cube 1 (white) instead of cube 0 (black).
    /// - Parameter cubeDimension: Entries along each axis of both tables. Default 2, range 2…128.
    /// - Parameter cube0Data: The table used where the mask is black. Default 128 bytes.
    /// - Parameter cube1Data: The table used where the mask is white. Default 128 bytes.
    /// - Parameter colorSpace: Where the table applies: sRGB (encoded values) or linear (the working space). Default "sRGB".
    public static func colorCubesMixedWithMask(maskImage: Image, cubeDimension: Double? = nil, cube0Data: [UInt8]? = nil, cube1Data: [UInt8]? = nil, colorSpace: String? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputMaskImage"] = .image(maskImage)
        if let cubeDimension { parameters["inputCubeDimension"] = .number(cubeDimension) }
        if let cube0Data { parameters["inputCube0Data"] = .data(cube0Data) }
        if let cube1Data { parameters["inputCube1Data"] = .data(cube1Data) }
        if let colorSpace { parameters["inputColorSpace"] = .string(colorSpace) }
        return FilterSpec(name: "CIColorCubesMixedWithMask", parameters: parameters)
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
    /// Changes the overall hue, or tint, of the source pixels. (`CIHueAdjust`)
    ///
    /// - Parameter angle: The angle, in radians, to rotate hues by. Default 0.
    public static func hueAdjust(angle: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let angle { parameters["inputAngle"] = .number(angle) }
        return FilterSpec(name: "CIHueAdjust", parameters: parameters)
    }
}

extension Image {
    /// Generates a Quick Response code (two-dimensional barcode) from input data. (`CIQRCodeGenerator`)
    ///
    /// - Parameter message: The data to be encoded as a QR code. Default 0 bytes.
    /// - Parameter correctionLevel: Error correction: L (7 %), M (15 %), Q (25 %) or H (30 %). Default "M".
    public static func qrCode(message: [UInt8]? = nil, correctionLevel: String? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIQRCodeGenerator")
        if let message { try filter.setValue(.data(message), forKey: "inputMessage") }
        if let correctionLevel { try filter.setValue(.string(correctionLevel), forKey: "inputCorrectionLevel") }
        return try filter.outputImage()
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
