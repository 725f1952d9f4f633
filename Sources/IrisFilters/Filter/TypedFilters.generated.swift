// Generated from the filter descriptors by `TypedFilterAPI.swiftSource(for:)`. Do not edit.
// Regenerate with `iris filters --emit-swift > Sources/IrisFilters/Filter/TypedFilters.generated.swift`
// (or `IRIS_REGENERATE_TYPED_API=1 swift test --filter IrisFiltersTests.FiltersTypedAPITests`).

import IrisCore

extension FilterSpec {
    /// Transitions from one image to another by unfolding and crossfading. (`CIAccordionFoldTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter bottomHeight: The height the folded source keeps at the end, in pixels. Default 0, at least 0.
    /// - Parameter numberOfFolds: How many folds the source makes. Default 3, range 1…50.
    /// - Parameter foldShadowAmount: How dark the folds facing away get. Default 0.1, range 0…1.
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    public static func accordionFoldTransition(targetImage: Image, bottomHeight: Double? = nil, numberOfFolds: Double? = nil, foldShadowAmount: Double? = nil, time: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        if let bottomHeight { parameters["inputBottomHeight"] = .number(bottomHeight) }
        if let numberOfFolds { parameters["inputNumberOfFolds"] = .number(numberOfFolds) }
        if let foldShadowAmount { parameters["inputFoldShadowAmount"] = .number(foldShadowAmount) }
        if let time { parameters["inputTime"] = .number(time) }
        return FilterSpec(name: "CIAccordionFoldTransition", parameters: parameters)
    }
}

extension FilterSpec {
    /// Adds color components to achieve a brightening effect. (`CIAdditionCompositing`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func additionCompositing(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIAdditionCompositing", parameters: parameters)
    }
}

extension FilterSpec {
    /// Performs an affine transform on a source image and then clamps the pixels at the edge of the transformed image, extending them outwards. (`CIAffineClamp`)
    ///
    /// - Parameter transform: The transform applied after the clamp. Default [1.0 0.0 0.0 1.0 0.0 0.0].
    public static func affineClamp(transform: AffineTransform? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let transform { parameters["inputTransform"] = .transform(transform) }
        return FilterSpec(name: "CIAffineClamp", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies an affine transform to an image and then tiles the transformed image. (`CIAffineTile`)
    ///
    /// - Parameter transform: The transform applied to the tiled image. Default [1.0 0.0 0.0 1.0 0.0 0.0].
    public static func affineTile(transform: AffineTransform? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let transform { parameters["inputTransform"] = .transform(transform) }
        return FilterSpec(name: "CIAffineTile", parameters: parameters)
    }
}

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
    /// Returns a single-pixel image that contains the average color for the region of interest. (`CIAreaAverage`)
    ///
    /// - Parameter extent: The area to reduce: x, y, width, height. Default [0 0 640 80].
    public static func areaAverage(extent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        return FilterSpec(name: "CIAreaAverage", parameters: parameters)
    }
}

extension FilterSpec {
    /// Returns a 1D image (inputCount wide by one pixel high) that contains the component-wise histogram computed for the specified rectangular area. (`CIAreaHistogram`)
    ///
    /// - Parameter extent: The area to reduce: x, y, width, height. Default [0 0 640 80].
    /// - Parameter scale: Multiplies each bin's fraction of the area. Default 1, at least 0.
    /// - Parameter count: The number of bins: the width of the output. Default 64, range 1…2048.
    public static func areaHistogram(extent: [Double]? = nil, scale: Double? = nil, count: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        if let scale { parameters["inputScale"] = .number(scale) }
        if let count { parameters["inputCount"] = .number(count) }
        return FilterSpec(name: "CIAreaHistogram", parameters: parameters)
    }
}

extension FilterSpec {
    /// Returns a single-pixel image that contains the maximum color components for the region of interest. (`CIAreaMaximum`)
    ///
    /// - Parameter extent: The area to reduce: x, y, width, height. Default [0 0 640 80].
    public static func areaMaximum(extent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        return FilterSpec(name: "CIAreaMaximum", parameters: parameters)
    }
}

extension FilterSpec {
    /// Returns a single-pixel image that contains the color vector with the maximum alpha value for the region of interest. (`CIAreaMaximumAlpha`)
    ///
    /// - Parameter extent: The area to reduce: x, y, width, height. Default [0 0 640 80].
    public static func areaMaximumAlpha(extent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        return FilterSpec(name: "CIAreaMaximumAlpha", parameters: parameters)
    }
}

extension FilterSpec {
    /// Calculates the per-component minimum and maximum value for a specified area in an image. (`CIAreaMinMax`)
    ///
    /// - Parameter extent: The area to reduce: x, y, width, height. Default [0 0 640 80].
    public static func areaMinMax(extent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        return FilterSpec(name: "CIAreaMinMax", parameters: parameters)
    }
}

extension FilterSpec {
    /// Returns a single-pixel image that contains the minimum color components for the region of interest. (`CIAreaMinimum`)
    ///
    /// - Parameter extent: The area to reduce: x, y, width, height. Default [0 0 640 80].
    public static func areaMinimum(extent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        return FilterSpec(name: "CIAreaMinimum", parameters: parameters)
    }
}

extension FilterSpec {
    /// Returns a single-pixel image that contains the color vector with the minimum alpha value for the region of interest. (`CIAreaMinimumAlpha`)
    ///
    /// - Parameter extent: The area to reduce: x, y, width, height. Default [0 0 640 80].
    public static func areaMinimumAlpha(extent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        return FilterSpec(name: "CIAreaMinimumAlpha", parameters: parameters)
    }
}

extension Image {
    /// Generates an Aztec code (two-dimensional barcode) from input data. (`CIAztecCodeGenerator`)
    ///
    /// - Parameter message: The data to be encoded as an Aztec code. Default 0 bytes.
    /// - Parameter correctionLevel: Check codewords as a percentage of the data codewords (plus three, as ISO/IEC 24778 recommends). Default 23, range 5…95.
    /// - Parameter layers: Layers round the bullseye, 1 to 32 (compact: 1 to 4); 0 picks the fewest that hold the message (Core Image's nil). Default 0, range 0…32.
    /// - Parameter compactStyle: 1 forces a compact symbol (up to 4 layers); 0 chooses automatically (Core Image's nil). Core Image cannot force a full-range symbol; nor can Iris. Default 0, range 0…1.
    public static func aztecCode(message: [UInt8]? = nil, correctionLevel: Double? = nil, layers: Double? = nil, compactStyle: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIAztecCodeGenerator")
        if let message { try filter.setValue(.data(message), forKey: "inputMessage") }
        if let correctionLevel { try filter.setValue(.number(correctionLevel), forKey: "inputCorrectionLevel") }
        if let layers { try filter.setValue(.number(layers), forKey: "inputLayers") }
        if let compactStyle { try filter.setValue(.number(compactStyle), forKey: "inputCompactStyle") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Transitions from one image to another by passing a bar over the source image. (`CIBarsSwipeTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter angle: The direction of the swipe, in radians. Default 3.141593.
    /// - Parameter width: The width of each bar, in pixels. Default 30, at least 2.
    /// - Parameter barOffset: How far odd bars trail even ones, in pixels. Default 10, at least 1.
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    public static func barsSwipeTransition(targetImage: Image, angle: Double? = nil, width: Double? = nil, barOffset: Double? = nil, time: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let barOffset { parameters["inputBarOffset"] = .number(barOffset) }
        if let time { parameters["inputTime"] = .number(time) }
        return FilterSpec(name: "CIBarsSwipeTransition", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses alpha values from a mask to interpolate between an image and the background. (`CIBlendWithAlphaMask`)
    ///
    /// - Parameter backgroundImage: The image shown where the mask is 0.
    /// - Parameter maskImage: A mask: where its alpha is 1 the image shows, where 0 the background.
    public static func blendWithAlphaMask(backgroundImage: Image, maskImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        parameters["inputMaskImage"] = .image(maskImage)
        return FilterSpec(name: "CIBlendWithAlphaMask", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses blue values from a mask to interpolate between an image and the background. (`CIBlendWithBlueMask`)
    ///
    /// - Parameter backgroundImage: The image shown where the mask is 0.
    /// - Parameter maskImage: A mask: where its blue is 1 the image shows, where 0 the background.
    public static func blendWithBlueMask(backgroundImage: Image, maskImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        parameters["inputMaskImage"] = .image(maskImage)
        return FilterSpec(name: "CIBlendWithBlueMask", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses values from a grayscale mask to interpolate between an image and the background. (`CIBlendWithMask`)
    ///
    /// - Parameter backgroundImage: The image shown where the mask is 0.
    /// - Parameter maskImage: A greyscale mask: where its green is 1 the image shows, where 0 the background.
    public static func blendWithMask(backgroundImage: Image, maskImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        parameters["inputMaskImage"] = .image(maskImage)
        return FilterSpec(name: "CIBlendWithMask", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses red values from a mask to interpolate between an image and the background. (`CIBlendWithRedMask`)
    ///
    /// - Parameter backgroundImage: The image shown where the mask is 0.
    /// - Parameter maskImage: A mask: where its red is 1 the image shows, where 0 the background.
    public static func blendWithRedMask(backgroundImage: Image, maskImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        parameters["inputMaskImage"] = .image(maskImage)
        return FilterSpec(name: "CIBlendWithRedMask", parameters: parameters)
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

extension Image {
    /// Generates a blurred rectangle image with the specified extent, blur sigma, and color. (`CIBlurredRectangleGenerator`)
    ///
    /// - Parameter extent: The rectangle: x, y, width, height. Default [0 0 100 100].
    /// - Parameter sigma: The standard deviation of the blur, in pixels. Default 10, at least 0.
    /// - Parameter color: The colour of the rectangle. Default (1 1 1 1).
    public static func blurredRectangle(extent: [Double]? = nil, sigma: Double? = nil, color: SIMD4<Double>? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIBlurredRectangleGenerator")
        if let extent { try filter.setValue(.vector(extent), forKey: "inputExtent") }
        if let sigma { try filter.setValue(.number(sigma), forKey: "inputSigma") }
        if let color { try filter.setValue(.color(color), forKey: "inputColor") }
        return try filter.outputImage()
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
    /// Creates a concave or convex bump that originates at a specified point in the image. (`CIBumpDistortion`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter radius: The radius of the bump, in pixels. Default 300, at least 0.
    /// - Parameter scale: Positive bulges outward, negative pinches inward, 0 does nothing. Default 0.5.
    public static func bumpDistortion(center: [Double]? = nil, radius: Double? = nil, scale: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let scale { parameters["inputScale"] = .number(scale) }
        return FilterSpec(name: "CIBumpDistortion", parameters: parameters)
    }
}

extension FilterSpec {
    /// Creates a concave or convex distortion that originates from a line in the image. (`CIBumpDistortionLinear`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [300 300].
    /// - Parameter radius: How far from the line the bump reaches, in pixels. Default 300, at least 0.
    /// - Parameter angle: The direction of the line, in radians. Default 0.
    /// - Parameter scale: Positive bulges outward, negative pinches inward, 0 does nothing. Default 0.5.
    public static func bumpDistortionLinear(center: [Double]? = nil, radius: Double? = nil, angle: Double? = nil, scale: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let scale { parameters["inputScale"] = .number(scale) }
        return FilterSpec(name: "CIBumpDistortionLinear", parameters: parameters)
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

extension Image {
    /// Generates a pattern of squares of alternating colors. (`CICheckerboardGenerator`)
    ///
    /// - Parameter center: A corner of the squares, x and y. Default [150 150].
    /// - Parameter color0: The colour of the first set of squares. Default (1 1 1 1).
    /// - Parameter color1: The colour of the second set of squares. Default (0 0 0 1).
    /// - Parameter width: The side of each square, in pixels. Default 80, at least 0.
    /// - Parameter sharpness: 1 for hard edges, lower for softer ones. Default 1, range 0…1.
    public static func checkerboard(center: [Double]? = nil, color0: SIMD4<Double>? = nil, color1: SIMD4<Double>? = nil, width: Double? = nil, sharpness: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CICheckerboardGenerator")
        if let center { try filter.setValue(.vector(center), forKey: "inputCenter") }
        if let color0 { try filter.setValue(.color(color0), forKey: "inputColor0") }
        if let color1 { try filter.setValue(.color(color1), forKey: "inputColor1") }
        if let width { try filter.setValue(.number(width), forKey: "inputWidth") }
        if let sharpness { try filter.setValue(.number(sharpness), forKey: "inputSharpness") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Distorts the pixels starting at the circumference of a circle and emanating outward. (`CICircleSplashDistortion`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter radius: The radius of the circle, in pixels. Default 150, at least 0.
    public static func circleSplashDistortion(center: [Double]? = nil, radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CICircleSplashDistortion", parameters: parameters)
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
    /// Wraps an image around a transparent circle. (`CICircularWrap`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter radius: The radius of the transparent circle, in pixels. Default 150, at least 0.
    /// - Parameter angle: Turns the wrapped image about the centre, in radians. Default 0.
    public static func circularWrap(center: [Double]? = nil, radius: Double? = nil, angle: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        return FilterSpec(name: "CICircularWrap", parameters: parameters)
    }
}

extension FilterSpec {
    /// Clamps an image to a rectangle, extending the pixels at its edge outwards. (`CIClamp`)
    ///
    /// - Parameter extent: The rectangle (x, y, width, height) whose edge pixels extend outwards. Default [0 0 640 80].
    public static func clamp(extent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        return FilterSpec(name: "CIClamp", parameters: parameters)
    }
}

extension Image {
    /// Generates a Code 128 one-dimensional barcode from input data. (`CICode128BarcodeGenerator`)
    ///
    /// - Parameter message: The ASCII data to be encoded as a Code 128 barcode. Default 0 bytes.
    /// - Parameter quietSpace: The number of empty white pixels that surround the barcode. Default 7, range 0…100.
    /// - Parameter barcodeHeight: The height, in pixels, of the bars. Default 32, range 1…500.
    public static func code128Barcode(message: [UInt8]? = nil, quietSpace: Double? = nil, barcodeHeight: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CICode128BarcodeGenerator")
        if let message { try filter.setValue(.data(message), forKey: "inputMessage") }
        if let quietSpace { try filter.setValue(.number(quietSpace), forKey: "inputQuietSpace") }
        if let barcodeHeight { try filter.setValue(.number(barcodeHeight), forKey: "inputBarcodeHeight") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Produces an image that is the absolute value of the color difference between two images. (`CIColorAbsoluteDifference`)
    ///
    /// - Parameter image2: The image to subtract.
    public static func colorAbsoluteDifference(image2: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputImage2"] = .image(image2)
        return FilterSpec(name: "CIColorAbsoluteDifference", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses the luminance values of the background with the hue and saturation values of the source image. (`CIColorBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func colorBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIColorBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Darkens the background image samples to reflect the source image samples. (`CIColorBurnBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func colorBurnBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIColorBurnBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Modifies color values to keep them within a specified range. (`CIColorClamp`)
    ///
    /// - Parameter minComponents: Lower bounds of R, G, B, A. Default [0 0 0 0].
    /// - Parameter maxComponents: Upper bounds of R, G, B, A. Default [1 1 1 1].
    public static func colorClamp(minComponents: [Double]? = nil, maxComponents: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let minComponents { parameters["inputMinComponents"] = .vector(minComponents) }
        if let maxComponents { parameters["inputMaxComponents"] = .vector(maxComponents) }
        return FilterSpec(name: "CIColorClamp", parameters: parameters)
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
    /// Modifies the pixel values in an image by applying a set of polynomial cross-products. (`CIColorCrossPolynomial`)
    ///
    /// - Parameter redCoefficients: Weights of r, g, b, r², g², b², rg, gb, br, 1 for red. Default [1 0 0 0 0 0 0 0 0 0].
    /// - Parameter greenCoefficients: The same for green. Default [0 1 0 0 0 0 0 0 0 0].
    /// - Parameter blueCoefficients: The same for blue. Default [0 0 1 0 0 0 0 0 0 0].
    public static func colorCrossPolynomial(redCoefficients: [Double]? = nil, greenCoefficients: [Double]? = nil, blueCoefficients: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let redCoefficients { parameters["inputRedCoefficients"] = .vector(redCoefficients) }
        if let greenCoefficients { parameters["inputGreenCoefficients"] = .vector(greenCoefficients) }
        if let blueCoefficients { parameters["inputBlueCoefficients"] = .vector(blueCoefficients) }
        return FilterSpec(name: "CIColorCrossPolynomial", parameters: parameters)
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
    /// Brightens the background image samples to reflect the source image samples. (`CIColorDodgeBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func colorDodgeBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIColorDodgeBlendMode", parameters: parameters)
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
    /// Performs a nonlinear transformation of source color values using mapping values provided in a table. (`CIColorMap`)
    ///
    /// - Parameter gradientImage: The gradient, read left (dark) to right (bright).
    public static func colorMap(gradientImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputGradientImage"] = .image(gradientImage)
        return FilterSpec(name: "CIColorMap", parameters: parameters)
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
    /// Remaps colors so they fall within shades of a single color. (`CIColorMonochrome`)
    ///
    /// - Parameter color: The tint: sRGB red, green, blue (alpha is not used). Default (0.6 0.45 0.3 1).
    /// - Parameter intensity: 0 leaves the image alone, 1 is fully monochrome. Default 1, range 0…1.
    public static func colorMonochrome(color: SIMD4<Double>? = nil, intensity: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let color { parameters["inputColor"] = .color(color) }
        if let intensity { parameters["inputIntensity"] = .number(intensity) }
        return FilterSpec(name: "CIColorMonochrome", parameters: parameters)
    }
}

extension FilterSpec {
    /// Modifies the pixel values in an image by applying a set of cubic polynomials. (`CIColorPolynomial`)
    ///
    /// - Parameter redCoefficients: k0…k3 for red. Default [0 1 0 0].
    /// - Parameter greenCoefficients: k0…k3 for green. Default [0 1 0 0].
    /// - Parameter blueCoefficients: k0…k3 for blue. Default [0 1 0 0].
    /// - Parameter alphaCoefficients: k0…k3 for alpha. Default [0 1 0 0].
    public static func colorPolynomial(redCoefficients: [Double]? = nil, greenCoefficients: [Double]? = nil, blueCoefficients: [Double]? = nil, alphaCoefficients: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let redCoefficients { parameters["inputRedCoefficients"] = .vector(redCoefficients) }
        if let greenCoefficients { parameters["inputGreenCoefficients"] = .vector(greenCoefficients) }
        if let blueCoefficients { parameters["inputBlueCoefficients"] = .vector(blueCoefficients) }
        if let alphaCoefficients { parameters["inputAlphaCoefficients"] = .vector(alphaCoefficients) }
        return FilterSpec(name: "CIColorPolynomial", parameters: parameters)
    }
}

extension FilterSpec {
    /// Remaps red, green, and blue color components to the number of brightness values you specify for each color component. (`CIColorPosterize`)
    ///
    /// - Parameter levels: How many values each component may take. Default 6, at least 1.
    public static func colorPosterize(levels: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let levels { parameters["inputLevels"] = .number(levels) }
        return FilterSpec(name: "CIColorPosterize", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a binarized image from an image and a threshold value. (`CIColorThreshold`)
    ///
    /// - Parameter threshold: Components above it become 1, the others 0. Default 0.5.
    public static func colorThreshold(threshold: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let threshold { parameters["inputThreshold"] = .number(threshold) }
        return FilterSpec(name: "CIColorThreshold", parameters: parameters)
    }
}

extension FilterSpec {
    /// Returns a 1-pixel high image that contains the average color for each scan column. (`CIColumnAverage`)
    ///
    /// - Parameter extent: The area to reduce: x, y, width, height. Default [0 0 640 80].
    public static func columnAverage(extent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        return FilterSpec(name: "CIColumnAverage", parameters: parameters)
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
    /// Transitions from one image to another by simulating the effect of a copy machine. (`CICopyMachineTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter extent: The rectangle the light crosses. Default [0 0 300 300].
    /// - Parameter color: The colour of the light. Default (0.6 1 0.8 1).
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    /// - Parameter angle: The direction of the light's travel, in radians. Default 0.
    /// - Parameter width: The width of the light bar, in pixels. Default 200, at least 0.1.
    /// - Parameter opacity: How strongly the bar is tinted. Default 1.3, at least 0.
    public static func copyMachineTransition(targetImage: Image, extent: [Double]? = nil, color: SIMD4<Double>? = nil, time: Double? = nil, angle: Double? = nil, width: Double? = nil, opacity: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        if let extent { parameters["inputExtent"] = .vector(extent) }
        if let color { parameters["inputColor"] = .color(color) }
        if let time { parameters["inputTime"] = .number(time) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let opacity { parameters["inputOpacity"] = .number(opacity) }
        return FilterSpec(name: "CICopyMachineTransition", parameters: parameters)
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
    /// Creates composite image samples by choosing the darker samples (from either the source image or the background). (`CIDarkenBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func darkenBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIDarkenBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Subtracts either the source image sample color from the background image sample color, or the reverse, depending on which sample has the greater brightness value. (`CIDifferenceBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func differenceBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIDifferenceBlendMode", parameters: parameters)
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
    /// Transitions from one image to another using the shape defined by a mask. (`CIDisintegrateWithMaskTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter maskImage: Its luma orders the reveal: dark first.
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    /// - Parameter shadowRadius: How sharply the shadow grows from the edge of the remaining source. Default 8, at least 0.
    /// - Parameter shadowDensity: How dark the shadow is. Default 0.65, range 0…1.
    /// - Parameter shadowOffset: Where the shadow falls relative to the source, in pixels. Default [0 -10].
    public static func disintegrateWithMaskTransition(targetImage: Image, maskImage: Image, time: Double? = nil, shadowRadius: Double? = nil, shadowDensity: Double? = nil, shadowOffset: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        parameters["inputMaskImage"] = .image(maskImage)
        if let time { parameters["inputTime"] = .number(time) }
        if let shadowRadius { parameters["inputShadowRadius"] = .number(shadowRadius) }
        if let shadowDensity { parameters["inputShadowDensity"] = .number(shadowDensity) }
        if let shadowOffset { parameters["inputShadowOffset"] = .vector(shadowOffset) }
        return FilterSpec(name: "CIDisintegrateWithMaskTransition", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies the values of a second image as displacements of the first. (`CIDisplacementDistortion`)
    ///
    /// - Parameter displacementImage: Whose red and green say how far each pixel moves.
    /// - Parameter scale: The displacement of a full-scale value, in pixels. Default 50, at least 0.
    public static func displacementDistortion(displacementImage: Image, scale: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputDisplacementImage"] = .image(displacementImage)
        if let scale { parameters["inputScale"] = .number(scale) }
        return FilterSpec(name: "CIDisplacementDistortion", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses a dissolve to transition from one image to another. (`CIDissolveTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    public static func dissolveTransition(targetImage: Image, time: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        if let time { parameters["inputTime"] = .number(time) }
        return FilterSpec(name: "CIDissolveTransition", parameters: parameters)
    }
}

extension FilterSpec {
    /// Apply dithering to an image. (`CIDither`)
    ///
    /// - Parameter intensity: The strength of the noise. Default 0.1, range 0…5.
    public static func dither(intensity: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let intensity { parameters["inputIntensity"] = .number(intensity) }
        return FilterSpec(name: "CIDither", parameters: parameters)
    }
}

extension FilterSpec {
    /// Divides the background image sample color by the source image sample color. (`CIDivideBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func divideBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIDivideBlendMode", parameters: parameters)
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
    /// Performs M.C. Escher Droste style recursive spiral of the image. (`CIDroste`)
    ///
    /// - Parameter insetPoint0: One corner of the inset rectangle. Default [200 200].
    /// - Parameter insetPoint1: The opposite corner of the inset rectangle. Default [400 400].
    /// - Parameter strands: How many arms the spiral has. Default 1.
    /// - Parameter periodicity: How many turns one copy takes. Default 1, at least 1.
    /// - Parameter rotation: The turn of the result, in radians. Default 0.
    /// - Parameter zoom: The magnification of the result. Default 1, at least 0.01.
    public static func droste(insetPoint0: [Double]? = nil, insetPoint1: [Double]? = nil, strands: Double? = nil, periodicity: Double? = nil, rotation: Double? = nil, zoom: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let insetPoint0 { parameters["inputInsetPoint0"] = .vector(insetPoint0) }
        if let insetPoint1 { parameters["inputInsetPoint1"] = .vector(insetPoint1) }
        if let strands { parameters["inputStrands"] = .number(strands) }
        if let periodicity { parameters["inputPeriodicity"] = .number(periodicity) }
        if let rotation { parameters["inputRotation"] = .number(rotation) }
        if let zoom { parameters["inputZoom"] = .number(zoom) }
        return FilterSpec(name: "CIDroste", parameters: parameters)
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
    /// Produces a tiled image by applying an 8-way reflected symmetry. (`CIEightfoldReflectedTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func eightfoldReflectedTile(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CIEightfoldReflectedTile", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces an effect similar to that produced by the difference blend mode, but with lower contrast. (`CIExclusionBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func exclusionBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIExclusionBlendMode", parameters: parameters)
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
    /// Adjusts the skin tones of faces: moves the measured skin colour (I, Q) towards a natural skin tone. (`CIFaceBalance`)
    ///
    /// - Parameter origI: The faces' measured skin colour: I (orange–blue) of YIQ, perceptual. Default 0.103905, range -0.5957…0.5957.
    /// - Parameter origQ: The faces' measured skin colour: Q (purple–green) of YIQ, perceptual. Default 0.0291, range -0.5226…0.5226.
    /// - Parameter strength: How far the skin moves towards the target: 0 not at all, 1 all the way. Default 0.5, range 0…1.
    /// - Parameter warmth: The target hue: 0.5 natural skin, higher warmer (orange-red), lower cooler. Default 0.5, range 0…1.
    public static func faceBalance(origI: Double? = nil, origQ: Double? = nil, strength: Double? = nil, warmth: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let origI { parameters["inputOrigI"] = .number(origI) }
        if let origQ { parameters["inputOrigQ"] = .number(origQ) }
        if let strength { parameters["inputStrength"] = .number(strength) }
        if let warmth { parameters["inputWarmth"] = .number(warmth) }
        return FilterSpec(name: "CIFaceBalance", parameters: parameters)
    }
}

extension FilterSpec {
    /// Maps luminance to a color ramp of two colors. (`CIFalseColor`)
    ///
    /// - Parameter color0: The colour of black (sRGB). Default (0.3 0 0 1).
    /// - Parameter color1: The colour of white (sRGB). Default (1 0.9 0.8 1).
    public static func falseColor(color0: SIMD4<Double>? = nil, color1: SIMD4<Double>? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let color0 { parameters["inputColor0"] = .color(color0) }
        if let color1 { parameters["inputColor1"] = .color(color1) }
        return FilterSpec(name: "CIFalseColor", parameters: parameters)
    }
}

extension FilterSpec {
    /// Transitions from one image to another by creating a flash. (`CIFlashTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter extent: The rectangle whose half-diagonal is the flash's unit of size. Default [0 0 300 300].
    /// - Parameter color: The colour of the flash. Default (1 0.8 0.6 1).
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    /// - Parameter maxStriationRadius: The reach of the striations at the flash's peak, in half-diagonals. Default 2.58, at least 0.
    /// - Parameter striationStrength: How much the striations vary the reach. Default 0.5, at least 0.
    /// - Parameter striationContrast: How sharp the striations are. Default 1.375, at least 0.
    /// - Parameter fadeThreshold: When the cross-fade to the target ends (it starts at 1 minus this). Default 0.85, range 0…1.
    public static func flashTransition(targetImage: Image, center: [Double]? = nil, extent: [Double]? = nil, color: SIMD4<Double>? = nil, time: Double? = nil, maxStriationRadius: Double? = nil, striationStrength: Double? = nil, striationContrast: Double? = nil, fadeThreshold: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        if let center { parameters["inputCenter"] = .vector(center) }
        if let extent { parameters["inputExtent"] = .vector(extent) }
        if let color { parameters["inputColor"] = .color(color) }
        if let time { parameters["inputTime"] = .number(time) }
        if let maxStriationRadius { parameters["inputMaxStriationRadius"] = .number(maxStriationRadius) }
        if let striationStrength { parameters["inputStriationStrength"] = .number(striationStrength) }
        if let striationContrast { parameters["inputStriationContrast"] = .number(striationContrast) }
        if let fadeThreshold { parameters["inputFadeThreshold"] = .number(fadeThreshold) }
        return FilterSpec(name: "CIFlashTransition", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a tiled image by applying a 4-way reflected symmetry. (`CIFourfoldReflectedTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter acuteAngle: The angle between the tiling's two directions, in radians. Default 1.570796.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func fourfoldReflectedTile(center: [Double]? = nil, angle: Double? = nil, acuteAngle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let acuteAngle { parameters["inputAcuteAngle"] = .number(acuteAngle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CIFourfoldReflectedTile", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a tiled image by rotating a source image by multiples of 90 degrees. (`CIFourfoldRotatedTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func fourfoldRotatedTile(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CIFourfoldRotatedTile", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a tiled image by applying four translation operations. (`CIFourfoldTranslatedTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter acuteAngle: The angle between the tiling's two directions, in radians. Default 1.570796.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func fourfoldTranslatedTile(center: [Double]? = nil, angle: Double? = nil, acuteAngle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let acuteAngle { parameters["inputAcuteAngle"] = .number(acuteAngle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CIFourfoldTranslatedTile", parameters: parameters)
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

extension Image {
    /// Generates a gradient that varies from one color to another using a Gaussian distribution. (`CIGaussianGradient`)
    ///
    /// - Parameter center: The centre, x and y. Default [150 150].
    /// - Parameter color0: The colour at the centre. Default (1 1 1 1).
    /// - Parameter color1: The colour far from the centre. Default (0 0 0 0).
    /// - Parameter radius: Where the gradient has all but reached colour 1 (three standard deviations). Default 300, at least 0.
    public static func gaussianGradient(center: [Double]? = nil, color0: SIMD4<Double>? = nil, color1: SIMD4<Double>? = nil, radius: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIGaussianGradient")
        if let center { try filter.setValue(.vector(center), forKey: "inputCenter") }
        if let color0 { try filter.setValue(.color(color0), forKey: "inputColor0") }
        if let color1 { try filter.setValue(.color(color1), forKey: "inputColor1") }
        if let radius { try filter.setValue(.number(radius), forKey: "inputRadius") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Distorts an image by applying a glass-like texture. (`CIGlassDistortion`)
    ///
    /// - Parameter texture: The glass's height map (its luma).
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter scale: How far a unit slope displaces the image, in pixels. Default 200, at least 0.
    public static func glassDistortion(texture: Image, center: [Double]? = nil, scale: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTexture"] = .image(texture)
        if let center { parameters["inputCenter"] = .vector(center) }
        if let scale { parameters["inputScale"] = .number(scale) }
        return FilterSpec(name: "CIGlassDistortion", parameters: parameters)
    }
}

extension FilterSpec {
    /// Creates a lozenge-shaped lens and distorts the portion of the image over which the lens is placed. (`CIGlassLozenge`)
    ///
    /// - Parameter point0: One end of the lozenge's axis. Default [150 150].
    /// - Parameter point1: The other end of the lozenge's axis. Default [350 150].
    /// - Parameter radius: The radius of the lozenge, in pixels. Default 100, at least 0.
    /// - Parameter refraction: The refraction index of the glass. Default 1.7, at least 0.
    public static func glassLozenge(point0: [Double]? = nil, point1: [Double]? = nil, radius: Double? = nil, refraction: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let point0 { parameters["inputPoint0"] = .vector(point0) }
        if let point1 { parameters["inputPoint1"] = .vector(point1) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let refraction { parameters["inputRefraction"] = .number(refraction) }
        return FilterSpec(name: "CIGlassLozenge", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a tiled image by translating and smearing an image. (`CIGlideReflectedTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func glideReflectedTile(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CIGlideReflectedTile", parameters: parameters)
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
    /// Either multiplies or screens colors, depending on the source image sample color. (`CIHardLightBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func hardLightBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIHardLightBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Sets each channel to 0 or 1 depending on whether the sum of the source and background colors reaches 1. (`CIHardMixBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func hardMixBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIHardMixBlendMode", parameters: parameters)
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
    /// Adjust the tonal mapping of an image while preserving spatial detail. (`CIHighlightShadowAdjust`)
    ///
    /// - Parameter radius: σ of the Gaussian that gives each pixel's local brightness, in pixels. Default 0, range 0…500.
    /// - Parameter shadowAmount: Positive lightens shadows, negative darkens them. Default 0, range -1…1.
    /// - Parameter highlightAmount: 1 leaves highlights alone; lower values darken them. Default 1, range 0…1.
    public static func highlightShadowAdjust(radius: Double? = nil, shadowAmount: Double? = nil, highlightAmount: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let shadowAmount { parameters["inputShadowAmount"] = .number(shadowAmount) }
        if let highlightAmount { parameters["inputHighlightAmount"] = .number(highlightAmount) }
        return FilterSpec(name: "CIHighlightShadowAdjust", parameters: parameters)
    }
}

extension FilterSpec {
    /// Generates a histogram image from the output of the CIAreaHistogram filter. (`CIHistogramDisplayFilter`)
    ///
    /// - Parameter height: The height of the displayed histogram, in pixels. Default 100, range 1…200.
    /// - Parameter highLimit: Bins right of this fraction of the width get a lighter background. Default 1, range 0…1.
    /// - Parameter lowLimit: Bins left of this fraction of the width get darker bars. Default 0, range 0…1.
    public static func histogramDisplayFilter(height: Double? = nil, highLimit: Double? = nil, lowLimit: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let height { parameters["inputHeight"] = .number(height) }
        if let highLimit { parameters["inputHighLimit"] = .number(highLimit) }
        if let lowLimit { parameters["inputLowLimit"] = .number(lowLimit) }
        return FilterSpec(name: "CIHistogramDisplayFilter", parameters: parameters)
    }
}

extension FilterSpec {
    /// Creates a circular area that pushes the image pixels outward. (`CIHoleDistortion`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter radius: The radius of the hole, in pixels. Default 150, at least 0.
    public static func holeDistortion(center: [Double]? = nil, radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIHoleDistortion", parameters: parameters)
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
    /// Uses the luminance and saturation values of the background with the hue of the input image. (`CIHueBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func hueBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIHueBlendMode", parameters: parameters)
    }
}

extension Image {
    /// Generates a color wheel that shows hues and saturations for a specified value. (`CIHueSaturationValueGradient`)
    ///
    /// - Parameter value: The value (brightness) of every colour of the wheel. Default 1, range 0…1.
    /// - Parameter radius: The radius of the wheel, in pixels. Default 300, at least 0.
    /// - Parameter softness: The width of the wheel's soft rim, in pixels. Default 1, at least 0.
    /// - Parameter dither: The strength of the dither noise, in steps of 1/255. Default 1, at least 0.
    public static func hueSaturationValueGradient(value: Double? = nil, radius: Double? = nil, softness: Double? = nil, dither: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIHueSaturationValueGradient")
        if let value { try filter.setValue(.number(value), forKey: "inputValue") }
        if let radius { try filter.setValue(.number(radius), forKey: "inputRadius") }
        if let softness { try filter.setValue(.number(softness), forKey: "inputSoftness") }
        if let dither { try filter.setValue(.number(dither), forKey: "inputDither") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Produces a kaleidoscopic image from a source image by applying 12-way symmetry. (`CIKaleidoscope`)
    ///
    /// - Parameter count: The number of reflected wedge pairs. Default 6, at least 1.
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: Where the mirrored wedge starts, in radians. Default 0.
    public static func kaleidoscope(count: Double? = nil, center: [Double]? = nil, angle: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let count { parameters["inputCount"] = .number(count) }
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        return FilterSpec(name: "CIKaleidoscope", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a high-quality, scaled version of a source image. (`CILanczosScaleTransform`)
    ///
    /// - Parameter scale: The scale factor of the height. Default 1, at least 0.
    /// - Parameter aspectRatio: The horizontal scale relative to the vertical one. Default 1, at least 0.
    public static func lanczosScaleTransform(scale: Double? = nil, aspectRatio: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let scale { parameters["inputScale"] = .number(scale) }
        if let aspectRatio { parameters["inputAspectRatio"] = .number(aspectRatio) }
        return FilterSpec(name: "CILanczosScaleTransform", parameters: parameters)
    }
}

extension Image {
    /// Simulates a halo that is generated by the diffraction associated with the spread of a lens. (`CILenticularHaloGenerator`)
    ///
    /// - Parameter center: The centre of the halo, x and y. Default [150 150].
    /// - Parameter color: The colour of the halo. Default (1 0.9 0.8 1).
    /// - Parameter haloRadius: The radius of the halo ring, in pixels. Default 70, at least 0.
    /// - Parameter haloWidth: The width of the ring, in pixels. Default 87, at least 0.
    /// - Parameter haloOverlap: How much the red, green and blue rings overlap: 1 fully. Default 0.77, range 0…1.
    /// - Parameter striationStrength: The strength of the streaks across the ring. Default 0.5, at least 0.
    /// - Parameter striationContrast: The contrast of the streaks. Default 1, at least 0.
    /// - Parameter time: Moves the streaks; 0 and 1 give the same image. Default 0, range 0…1.
    public static func lenticularHalo(center: [Double]? = nil, color: SIMD4<Double>? = nil, haloRadius: Double? = nil, haloWidth: Double? = nil, haloOverlap: Double? = nil, striationStrength: Double? = nil, striationContrast: Double? = nil, time: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CILenticularHaloGenerator")
        if let center { try filter.setValue(.vector(center), forKey: "inputCenter") }
        if let color { try filter.setValue(.color(color), forKey: "inputColor") }
        if let haloRadius { try filter.setValue(.number(haloRadius), forKey: "inputHaloRadius") }
        if let haloWidth { try filter.setValue(.number(haloWidth), forKey: "inputHaloWidth") }
        if let haloOverlap { try filter.setValue(.number(haloOverlap), forKey: "inputHaloOverlap") }
        if let striationStrength { try filter.setValue(.number(striationStrength), forKey: "inputStriationStrength") }
        if let striationContrast { try filter.setValue(.number(striationContrast), forKey: "inputStriationContrast") }
        if let time { try filter.setValue(.number(time), forKey: "inputTime") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Rotates a portion of the input image to give a tunneling effect. (`CILightTunnel`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter rotation: How much the streaks turn per e-fold of distance, in radians. Default 0.
    /// - Parameter radius: The radius of the unchanged middle, in pixels. Default 0, at least 0.
    public static func lightTunnel(center: [Double]? = nil, rotation: Double? = nil, radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let rotation { parameters["inputRotation"] = .number(rotation) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CILightTunnel", parameters: parameters)
    }
}

extension FilterSpec {
    /// Creates composite image samples by choosing the lighter samples (either from the source image or the background). (`CILightenBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func lightenBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CILightenBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Creates a sketch that outlines the edges of an image in black, leaving the rest transparent. (`CILineOverlay`)
    ///
    /// - Parameter nrNoiseLevel: Luma differences below this are treated as noise before edges are found. Default 0.07, at least 0.
    /// - Parameter nrSharpness: How much the noise-reduced luma is sharpened. Default 0.71, at least 0.
    /// - Parameter edgeIntensity: The gain applied to the Sobel gradient magnitude. Default 1, at least 0.
    /// - Parameter threshold: Edges weaker than this are left out. Default 0.1, range 0…1.
    /// - Parameter contrast: How fast a line goes from transparent to black above the threshold. Default 50, range 0.25…200.
    public static func lineOverlay(nrNoiseLevel: Double? = nil, nrSharpness: Double? = nil, edgeIntensity: Double? = nil, threshold: Double? = nil, contrast: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let nrNoiseLevel { parameters["inputNRNoiseLevel"] = .number(nrNoiseLevel) }
        if let nrSharpness { parameters["inputNRSharpness"] = .number(nrSharpness) }
        if let edgeIntensity { parameters["inputEdgeIntensity"] = .number(edgeIntensity) }
        if let threshold { parameters["inputThreshold"] = .number(threshold) }
        if let contrast { parameters["inputContrast"] = .number(contrast) }
        return FilterSpec(name: "CILineOverlay", parameters: parameters)
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
    /// Inverts the unpremultiplied source and background image sample color, adds them, and inverts the result. (`CILinearBurnBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func linearBurnBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CILinearBurnBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Adds the unpremultiplied source and background image sample colors. (`CILinearDodgeBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func linearDodgeBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CILinearDodgeBlendMode", parameters: parameters)
    }
}

extension Image {
    /// Generates a gradient that varies along a linear axis between two defined endpoints. (`CILinearGradient`)
    ///
    /// - Parameter point0: Where the gradient is colour 0, x and y. Default [0 0].
    /// - Parameter point1: Where the gradient is colour 1, x and y. Default [200 200].
    /// - Parameter color0: The colour at point 0. Default (1 1 1 1).
    /// - Parameter color1: The colour at point 1. Default (0 0 0 1).
    public static func linearGradient(point0: [Double]? = nil, point1: [Double]? = nil, color0: SIMD4<Double>? = nil, color1: SIMD4<Double>? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CILinearGradient")
        if let point0 { try filter.setValue(.vector(point0), forKey: "inputPoint0") }
        if let point1 { try filter.setValue(.vector(point1), forKey: "inputPoint1") }
        if let color0 { try filter.setValue(.color(color0), forKey: "inputColor0") }
        if let color1 { try filter.setValue(.color(color1), forKey: "inputColor1") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// A combination of linear burn and linear dodge blend modes. (`CILinearLightBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func linearLightBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CILinearLightBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Maps color intensity from a linear gamma curve to the sRGB color space. (`CILinearToSRGBToneCurve`)
    public static func linearToSRGBToneCurve() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CILinearToSRGBToneCurve", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses the hue and saturation of the background with the luminance of the input image. (`CILuminosityBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func luminosityBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CILuminosityBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Converts a grayscale image to a white image that is masked by alpha. (`CIMaskToAlpha`)
    public static func maskToAlpha() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIMaskToAlpha", parameters: parameters)
    }
}

extension FilterSpec {
    /// Blurs an image according to the brightness levels in a mask image. (`CIMaskedVariableBlur`)
    ///
    /// - Parameter mask: Where to blur: black leaves the image sharp, white blurs it by the full radius.
    /// - Parameter radius: The Gaussian standard deviation where the mask is white, in pixels. Default 10, range 0…500.
    public static func maskedVariableBlur(mask: Image, radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputMask"] = .image(mask)
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIMaskedVariableBlur", parameters: parameters)
    }
}

extension FilterSpec {
    /// Returns a grayscale image from max(r,g,b). (`CIMaximumComponent`)
    public static func maximumComponent() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIMaximumComponent", parameters: parameters)
    }
}

extension FilterSpec {
    /// Computes the maximum value, by color component, of two input images and creates an output image using the maximum values. (`CIMaximumCompositing`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func maximumCompositing(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIMaximumCompositing", parameters: parameters)
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
    /// Returns a grayscale image from min(r,g,b). (`CIMinimumComponent`)
    public static func minimumComponent() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIMinimumComponent", parameters: parameters)
    }
}

extension FilterSpec {
    /// Computes the minimum value, by color component, of two input images and creates an output image using the minimum values. (`CIMinimumCompositing`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func minimumCompositing(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIMinimumCompositing", parameters: parameters)
    }
}

extension FilterSpec {
    /// Transitions from one image to another by revealing the target image through irregularly shaped holes. (`CIModTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    /// - Parameter angle: The turn of the hole pattern, in radians. Default 2.
    /// - Parameter radius: The size of the holes, in pixels. Default 150, at least 1.
    /// - Parameter compression: How little the holes bend: larger is straighter. Default 300, at least 1.
    public static func modTransition(targetImage: Image, center: [Double]? = nil, time: Double? = nil, angle: Double? = nil, radius: Double? = nil, compression: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        if let center { parameters["inputCenter"] = .vector(center) }
        if let time { parameters["inputTime"] = .number(time) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let compression { parameters["inputCompression"] = .number(compression) }
        return FilterSpec(name: "CIModTransition", parameters: parameters)
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
    /// Multiplies the input image samples with the background image samples. (`CIMultiplyBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func multiplyBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIMultiplyBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Multiplies the color component of two input images and creates an output image using the multiplied values. (`CIMultiplyCompositing`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func multiplyCompositing(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIMultiplyCompositing", parameters: parameters)
    }
}

extension FilterSpec {
    /// Distorts an image by stretching an image based on two input breakpoints. (`CINinePartStretched`)
    ///
    /// - Parameter breakpoint0: The lower-left breakpoint, in image coordinates. Default [50 50].
    /// - Parameter breakpoint1: The upper-right breakpoint, in image coordinates. Default [150 150].
    /// - Parameter growAmount: How much wider and taller the result is, in pixels. Default [100 100].
    public static func ninePartStretched(breakpoint0: [Double]? = nil, breakpoint1: [Double]? = nil, growAmount: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let breakpoint0 { parameters["inputBreakpoint0"] = .vector(breakpoint0) }
        if let breakpoint1 { parameters["inputBreakpoint1"] = .vector(breakpoint1) }
        if let growAmount { parameters["inputGrowAmount"] = .vector(growAmount) }
        return FilterSpec(name: "CINinePartStretched", parameters: parameters)
    }
}

extension FilterSpec {
    /// Distorts an image by tiling an image based on two input breakpoints. (`CINinePartTiled`)
    ///
    /// - Parameter breakpoint0: The lower-left breakpoint, in image coordinates. Default [50 50].
    /// - Parameter breakpoint1: The upper-right breakpoint, in image coordinates. Default [150 150].
    /// - Parameter growAmount: How much wider and taller the result is, in pixels. Default [100 100].
    /// - Parameter flipYTiles: 1 mirrors every other row of tiles vertically. Default 1.
    public static func ninePartTiled(breakpoint0: [Double]? = nil, breakpoint1: [Double]? = nil, growAmount: [Double]? = nil, flipYTiles: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let breakpoint0 { parameters["inputBreakpoint0"] = .vector(breakpoint0) }
        if let breakpoint1 { parameters["inputBreakpoint1"] = .vector(breakpoint1) }
        if let growAmount { parameters["inputGrowAmount"] = .vector(growAmount) }
        if let flipYTiles { parameters["inputFlipYTiles"] = .number(flipYTiles) }
        return FilterSpec(name: "CINinePartTiled", parameters: parameters)
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
    /// Segments an image, applying any specified scaling and rotation, and then assembles the image again to give an op art appearance. (`CIOpTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter scale: How much of the neighbourhood each cell shows. Default 2.8, at least 0.
    /// - Parameter angle: The turn inside each cell, in radians. Default 0.
    /// - Parameter width: The size of a cell, in pixels. Default 65, at least 0.
    public static func opTile(center: [Double]? = nil, scale: Double? = nil, angle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let scale { parameters["inputScale"] = .number(scale) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CIOpTile", parameters: parameters)
    }
}

extension FilterSpec {
    /// Multiplies or screens the input image samples with the background image samples, depending on the background color. (`CIOverlayBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func overlayBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIOverlayBlendMode", parameters: parameters)
    }
}

extension Image {
    /// Generates a PDF417 code (a stacked two-dimensional barcode) from input data. (`CIPDF417BarcodeGenerator`)
    ///
    /// - Parameter message: The data to be encoded as a PDF417 code. Default 0 bytes.
    /// - Parameter minWidth: The narrowest picture, in pixels, border included. Default 56, range 56…583.
    /// - Parameter maxWidth: The widest picture, in pixels, border included. Default 583, range 56…583.
    /// - Parameter minHeight: The shortest picture, in pixels, border included (rows are 3 pixels). Default 13, range 13…283.
    /// - Parameter maxHeight: The tallest picture, in pixels, border included (90 rows make 274). Default 283, range 13…283.
    /// - Parameter dataColumns: Data columns, 1 to 30; 0 chooses (Core Image's nil). Default 0, range 0…30.
    /// - Parameter rows: Rows, 3 to 90; 0 chooses (Core Image's nil). Default 0, range 0…90.
    /// - Parameter preferredAspectRatio: The width ÷ height the chosen layout comes nearest, among those within the size bounds. Default 3, at least 0.
    /// - Parameter compactionMode: 0 automatic, 1 numeric (digits only), 2 text (other bytes shifted in), 3 byte. Default 0, range 0…3.
    /// - Parameter compactStyle: 1 draws compact PDF417: no right row indicator, a one-module stop. Default 0, range 0…1.
    /// - Parameter correctionLevel: 0 to 8: 2^(level+1) check codewords; −1 picks the standard's recommendation for the message (Core Image's nil). Default -1, range -1…8.
    /// - Parameter alwaysSpecifyCompaction: 1 writes the text compaction latch even where text compaction is in force anyway. Default 0, range 0…1.
    public static func pdf417Barcode(message: [UInt8]? = nil, minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil, dataColumns: Double? = nil, rows: Double? = nil, preferredAspectRatio: Double? = nil, compactionMode: Double? = nil, compactStyle: Double? = nil, correctionLevel: Double? = nil, alwaysSpecifyCompaction: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIPDF417BarcodeGenerator")
        if let message { try filter.setValue(.data(message), forKey: "inputMessage") }
        if let minWidth { try filter.setValue(.number(minWidth), forKey: "inputMinWidth") }
        if let maxWidth { try filter.setValue(.number(maxWidth), forKey: "inputMaxWidth") }
        if let minHeight { try filter.setValue(.number(minHeight), forKey: "inputMinHeight") }
        if let maxHeight { try filter.setValue(.number(maxHeight), forKey: "inputMaxHeight") }
        if let dataColumns { try filter.setValue(.number(dataColumns), forKey: "inputDataColumns") }
        if let rows { try filter.setValue(.number(rows), forKey: "inputRows") }
        if let preferredAspectRatio { try filter.setValue(.number(preferredAspectRatio), forKey: "inputPreferredAspectRatio") }
        if let compactionMode { try filter.setValue(.number(compactionMode), forKey: "inputCompactionMode") }
        if let compactStyle { try filter.setValue(.number(compactStyle), forKey: "inputCompactStyle") }
        if let correctionLevel { try filter.setValue(.number(correctionLevel), forKey: "inputCorrectionLevel") }
        if let alwaysSpecifyCompaction { try filter.setValue(.number(alwaysSpecifyCompaction), forKey: "inputAlwaysSpecifyCompaction") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Transitions from one image to another by simulating a curling page, revealing the new image as the page curls. (`CIPageCurlTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter backsideImage: What the back of the page shows.
    /// - Parameter shadingImage: Added on the roll as its highlight.
    /// - Parameter extent: The page's rectangle. Default [0 0 300 300].
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    /// - Parameter angle: The direction the page curls towards, in radians. Default 0.
    /// - Parameter radius: The radius of the curl, in pixels. Default 100, at least 0.01.
    public static func pageCurlTransition(targetImage: Image, backsideImage: Image, shadingImage: Image, extent: [Double]? = nil, time: Double? = nil, angle: Double? = nil, radius: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        parameters["inputBacksideImage"] = .image(backsideImage)
        parameters["inputShadingImage"] = .image(shadingImage)
        if let extent { parameters["inputExtent"] = .vector(extent) }
        if let time { parameters["inputTime"] = .number(time) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        return FilterSpec(name: "CIPageCurlTransition", parameters: parameters)
    }
}

extension FilterSpec {
    /// Transitions from one image to another by simulating a curling page, revealing the new image as the page curls, with a shadow. (`CIPageCurlWithShadowTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter backsideImage: What the back of the page shows.
    /// - Parameter extent: The page's rectangle; empty means the image's extent. Default [0 0 0 0].
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    /// - Parameter angle: The direction the page curls towards, in radians. Default 0.
    /// - Parameter radius: The radius of the curl, in pixels. Default 100, at least 0.01.
    /// - Parameter shadowSize: The shadow's reach past the roll, in curl radii. Default 0.5, range 0…1.
    /// - Parameter shadowAmount: How dark the shadow is at the roll. Default 0.7, range 0…1.
    /// - Parameter shadowExtent: Where the shadow may fall; empty means everywhere. Default [0 0 0 0].
    public static func pageCurlWithShadowTransition(targetImage: Image, backsideImage: Image, extent: [Double]? = nil, time: Double? = nil, angle: Double? = nil, radius: Double? = nil, shadowSize: Double? = nil, shadowAmount: Double? = nil, shadowExtent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        parameters["inputBacksideImage"] = .image(backsideImage)
        if let extent { parameters["inputExtent"] = .vector(extent) }
        if let time { parameters["inputTime"] = .number(time) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let shadowSize { parameters["inputShadowSize"] = .number(shadowSize) }
        if let shadowAmount { parameters["inputShadowAmount"] = .number(shadowAmount) }
        if let shadowExtent { parameters["inputShadowExtent"] = .vector(shadowExtent) }
        return FilterSpec(name: "CIPageCurlWithShadowTransition", parameters: parameters)
    }
}

extension FilterSpec {
    /// Warps an image by reflecting it in a parallelogram, and then tiles the result. (`CIParallelogramTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter acuteAngle: The angle between the tiling's two directions, in radians. Default 1.570796.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func parallelogramTile(center: [Double]? = nil, angle: Double? = nil, acuteAngle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let acuteAngle { parameters["inputAcuteAngle"] = .number(acuteAngle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CIParallelogramTile", parameters: parameters)
    }
}

extension FilterSpec {
    /// Maps a quadrilateral of the image onto an upright rectangle, undoing a perspective. (`CIPerspectiveCorrection`)
    ///
    /// - Parameter topLeft: Where the top-left corner goes. Default [118 484].
    /// - Parameter topRight: Where the top-right corner goes. Default [646 507].
    /// - Parameter bottomRight: Where the bottom-right corner goes. Default [548 140].
    /// - Parameter bottomLeft: Where the bottom-left corner goes. Default [155 153].
    /// - Parameter crop: 1 keeps only the corrected quadrilateral. Default 1.
    public static func perspectiveCorrection(topLeft: [Double]? = nil, topRight: [Double]? = nil, bottomRight: [Double]? = nil, bottomLeft: [Double]? = nil, crop: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let topLeft { parameters["inputTopLeft"] = .vector(topLeft) }
        if let topRight { parameters["inputTopRight"] = .vector(topRight) }
        if let bottomRight { parameters["inputBottomRight"] = .vector(bottomRight) }
        if let bottomLeft { parameters["inputBottomLeft"] = .vector(bottomLeft) }
        if let crop { parameters["inputCrop"] = .number(crop) }
        return FilterSpec(name: "CIPerspectiveCorrection", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a perspective transform to an image and then tiles the result. (`CIPerspectiveTile`)
    ///
    /// - Parameter topLeft: Where the top-left corner goes. Default [118 484].
    /// - Parameter topRight: Where the top-right corner goes. Default [646 507].
    /// - Parameter bottomRight: Where the bottom-right corner goes. Default [548 140].
    /// - Parameter bottomLeft: Where the bottom-left corner goes. Default [155 153].
    public static func perspectiveTile(topLeft: [Double]? = nil, topRight: [Double]? = nil, bottomRight: [Double]? = nil, bottomLeft: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let topLeft { parameters["inputTopLeft"] = .vector(topLeft) }
        if let topRight { parameters["inputTopRight"] = .vector(topRight) }
        if let bottomRight { parameters["inputBottomRight"] = .vector(bottomRight) }
        if let bottomLeft { parameters["inputBottomLeft"] = .vector(bottomLeft) }
        return FilterSpec(name: "CIPerspectiveTile", parameters: parameters)
    }
}

extension FilterSpec {
    /// Alters an image's geometry to simulate the observer changing viewing position. (`CIPerspectiveTransform`)
    ///
    /// - Parameter topLeft: Where the top-left corner goes. Default [118 484].
    /// - Parameter topRight: Where the top-right corner goes. Default [646 507].
    /// - Parameter bottomRight: Where the bottom-right corner goes. Default [548 140].
    /// - Parameter bottomLeft: Where the bottom-left corner goes. Default [155 153].
    public static func perspectiveTransform(topLeft: [Double]? = nil, topRight: [Double]? = nil, bottomRight: [Double]? = nil, bottomLeft: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let topLeft { parameters["inputTopLeft"] = .vector(topLeft) }
        if let topRight { parameters["inputTopRight"] = .vector(topRight) }
        if let bottomRight { parameters["inputBottomRight"] = .vector(bottomRight) }
        if let bottomLeft { parameters["inputBottomLeft"] = .vector(bottomLeft) }
        return FilterSpec(name: "CIPerspectiveTransform", parameters: parameters)
    }
}

extension FilterSpec {
    /// Alters an image's geometry so that a chosen rectangle lands on four points. (`CIPerspectiveTransformWithExtent`)
    ///
    /// - Parameter extent: The rectangle (x, y, width, height) whose corners go to the four points. Default [0 0 300 300].
    /// - Parameter topLeft: Where the top-left corner goes. Default [118 484].
    /// - Parameter topRight: Where the top-right corner goes. Default [646 507].
    /// - Parameter bottomRight: Where the bottom-right corner goes. Default [548 140].
    /// - Parameter bottomLeft: Where the bottom-left corner goes. Default [155 153].
    public static func perspectiveTransformWithExtent(extent: [Double]? = nil, topLeft: [Double]? = nil, topRight: [Double]? = nil, bottomRight: [Double]? = nil, bottomLeft: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        if let topLeft { parameters["inputTopLeft"] = .vector(topLeft) }
        if let topRight { parameters["inputTopRight"] = .vector(topRight) }
        if let bottomRight { parameters["inputBottomRight"] = .vector(bottomRight) }
        if let bottomLeft { parameters["inputBottomLeft"] = .vector(bottomLeft) }
        return FilterSpec(name: "CIPerspectiveTransformWithExtent", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a preconfigured set of effects that imitate vintage photography film with exaggerated color. (`CIPhotoEffectChrome`)
    public static func photoEffectChrome() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIPhotoEffectChrome", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a preconfigured set of effects that imitate vintage photography film with diminished color. (`CIPhotoEffectFade`)
    public static func photoEffectFade() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIPhotoEffectFade", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a preconfigured set of effects that imitate vintage photography film with distorted colors. (`CIPhotoEffectInstant`)
    public static func photoEffectInstant() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIPhotoEffectInstant", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a preconfigured set of effects that imitate black-and-white photography film with low contrast. (`CIPhotoEffectMono`)
    public static func photoEffectMono() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIPhotoEffectMono", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a preconfigured set of effects that imitate black-and-white photography film with exaggerated contrast. (`CIPhotoEffectNoir`)
    public static func photoEffectNoir() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIPhotoEffectNoir", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a preconfigured set of effects that imitate vintage photography film with emphasized cool colors. (`CIPhotoEffectProcess`)
    public static func photoEffectProcess() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIPhotoEffectProcess", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a preconfigured set of effects that imitate black-and-white photography film without significantly altering contrast. (`CIPhotoEffectTonal`)
    public static func photoEffectTonal() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIPhotoEffectTonal", parameters: parameters)
    }
}

extension FilterSpec {
    /// Applies a preconfigured set of effects that imitate vintage photography film with emphasized warm colors. (`CIPhotoEffectTransfer`)
    public static func photoEffectTransfer() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIPhotoEffectTransfer", parameters: parameters)
    }
}

extension FilterSpec {
    /// Conditionally replaces background image samples with source image samples depending on the brightness of the source image samples. (`CIPinLightBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func pinLightBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIPinLightBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Creates a rectangular area that pinches source pixels inward. (`CIPinchDistortion`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter radius: The radius of the pinched area, in pixels. Default 300, at least 0.
    /// - Parameter scale: How strongly pixels are pulled in; 0 does nothing. Default 0.5, range 0…2.
    public static func pinchDistortion(center: [Double]? = nil, radius: Double? = nil, scale: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let scale { parameters["inputScale"] = .number(scale) }
        return FilterSpec(name: "CIPinchDistortion", parameters: parameters)
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

extension Image {
    /// Generates a gradient that varies radially between two circles having the same center. (`CIRadialGradient`)
    ///
    /// - Parameter center: The centre of both circles, x and y. Default [150 150].
    /// - Parameter radius0: The radius within which the gradient is colour 0. Default 5, at least 0.
    /// - Parameter radius1: The radius beyond which the gradient is colour 1. Default 100, at least 0.
    /// - Parameter color0: The colour inside radius 0. Default (1 1 1 1).
    /// - Parameter color1: The colour outside radius 1. Default (0 0 0 1).
    public static func radialGradient(center: [Double]? = nil, radius0: Double? = nil, radius1: Double? = nil, color0: SIMD4<Double>? = nil, color1: SIMD4<Double>? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIRadialGradient")
        if let center { try filter.setValue(.vector(center), forKey: "inputCenter") }
        if let radius0 { try filter.setValue(.number(radius0), forKey: "inputRadius0") }
        if let radius1 { try filter.setValue(.number(radius1), forKey: "inputRadius1") }
        if let color0 { try filter.setValue(.color(color0), forKey: "inputColor0") }
        if let color1 { try filter.setValue(.color(color1), forKey: "inputColor1") }
        return try filter.outputImage()
    }
}

extension Image {
    /// Generates an image of infinite extent whose pixel values are made up of four independent, uniformly-distributed random numbers in the 0 to 1 range. (`CIRandomGenerator`)
    public static func random() throws(FilterError) -> Image {
        let filter = try Filter(name: "CIRandomGenerator")
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Repairs red pupils (red-eye from a flash) at the given eyes. (`CIRedEyeCorrection`)
    ///
    /// - Parameter correctionInfo: x y radius redness of each red pupil: pixels (bottom-left origin) and the CIE a* above which that eye's pixels are red; up to 16 eyes. Default [].
    public static func redEyeCorrection(correctionInfo: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let correctionInfo { parameters["inputCorrectionInfo"] = .vector(correctionInfo) }
        return FilterSpec(name: "CIRedEyeCorrection", parameters: parameters)
    }
}

extension FilterSpec {
    /// Transitions from an image to another by creating a circular wave that expands from the center point. (`CIRippleTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter shadingImage: Added as the wave's highlight.
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter extent: The rectangle the wave must cross. Default [0 0 300 300].
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    /// - Parameter width: The width of the wave, in pixels. Default 100, at least 1.
    /// - Parameter scale: How far the wave displaces the image, in pixels. Default 50.
    public static func rippleTransition(targetImage: Image, shadingImage: Image, center: [Double]? = nil, extent: [Double]? = nil, time: Double? = nil, width: Double? = nil, scale: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        parameters["inputShadingImage"] = .image(shadingImage)
        if let center { parameters["inputCenter"] = .vector(center) }
        if let extent { parameters["inputExtent"] = .vector(extent) }
        if let time { parameters["inputTime"] = .number(time) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let scale { parameters["inputScale"] = .number(scale) }
        return FilterSpec(name: "CIRippleTransition", parameters: parameters)
    }
}

extension Image {
    /// Generates a rounded rectangle image with the specified extent, corner radius, and color. (`CIRoundedRectangleGenerator`)
    ///
    /// - Parameter extent: The rectangle: x, y, width, height. Default [0 0 100 100].
    /// - Parameter radius: The radius of the rounded corners, in pixels. Default 10, at least 0.
    /// - Parameter color: The colour of the rectangle. Default (1 1 1 1).
    public static func roundedRectangle(extent: [Double]? = nil, radius: Double? = nil, color: SIMD4<Double>? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIRoundedRectangleGenerator")
        if let extent { try filter.setValue(.vector(extent), forKey: "inputExtent") }
        if let radius { try filter.setValue(.number(radius), forKey: "inputRadius") }
        if let color { try filter.setValue(.color(color), forKey: "inputColor") }
        return try filter.outputImage()
    }
}

extension Image {
    /// Generates a rounded rectangle stroke image with the specified extent, corner radius, stroke width, and color. (`CIRoundedRectangleStrokeGenerator`)
    ///
    /// - Parameter extent: The rectangle: x, y, width, height. Default [0 0 100 100].
    /// - Parameter radius: The radius of the rounded corners, in pixels. Default 10, at least 0.
    /// - Parameter color: The colour of the stroke. Default (1 1 1 1).
    /// - Parameter width: The width of the stroke, in pixels, inside the rectangle. Default 10, at least 0.
    public static func roundedRectangleStroke(extent: [Double]? = nil, radius: Double? = nil, color: SIMD4<Double>? = nil, width: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIRoundedRectangleStrokeGenerator")
        if let extent { try filter.setValue(.vector(extent), forKey: "inputExtent") }
        if let radius { try filter.setValue(.number(radius), forKey: "inputRadius") }
        if let color { try filter.setValue(.color(color), forKey: "inputColor") }
        if let width { try filter.setValue(.number(width), forKey: "inputWidth") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Returns a 1-pixel wide image that contains the average color for each scan row. (`CIRowAverage`)
    ///
    /// - Parameter extent: The area to reduce: x, y, width, height. Default [0 0 640 80].
    public static func rowAverage(extent: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let extent { parameters["inputExtent"] = .vector(extent) }
        return FilterSpec(name: "CIRowAverage", parameters: parameters)
    }
}

extension FilterSpec {
    /// Maps color intensity from the sRGB color space to a linear gamma curve. (`CISRGBToneCurveToLinear`)
    public static func srgbToneCurveToLinear() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CISRGBToneCurveToLinear", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses the luminance and hue values of the background with the saturation of the input image. (`CISaturationBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func saturationBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CISaturationBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Multiplies the inverse of the input image samples with the inverse of the background image samples. (`CIScreenBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func screenBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIScreenBlendMode", parameters: parameters)
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
    /// Produces a tiled image by applying a 6-way reflected symmetry. (`CISixfoldReflectedTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func sixfoldReflectedTile(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CISixfoldReflectedTile", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a tiled image by rotating a source image by multiples of 60 degrees. (`CISixfoldRotatedTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func sixfoldRotatedTile(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CISixfoldRotatedTile", parameters: parameters)
    }
}

extension Image {
    /// Generates a gradient that uses an S-curve function to blend colors along a linear axis between two defined endpoints. (`CISmoothLinearGradient`)
    ///
    /// - Parameter point0: Where the gradient is colour 0, x and y. Default [0 0].
    /// - Parameter point1: Where the gradient is colour 1, x and y. Default [200 200].
    /// - Parameter color0: The colour at point 0. Default (1 1 1 1).
    /// - Parameter color1: The colour at point 1. Default (0 0 0 1).
    public static func smoothLinearGradient(point0: [Double]? = nil, point1: [Double]? = nil, color0: SIMD4<Double>? = nil, color1: SIMD4<Double>? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CISmoothLinearGradient")
        if let point0 { try filter.setValue(.vector(point0), forKey: "inputPoint0") }
        if let point1 { try filter.setValue(.vector(point1), forKey: "inputPoint1") }
        if let color0 { try filter.setValue(.color(color0), forKey: "inputColor0") }
        if let color1 { try filter.setValue(.color(color1), forKey: "inputColor1") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Either darkens or lightens colors, depending on the source image sample color. (`CISoftLightBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func softLightBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CISoftLightBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Places the input image over the background image, then uses the luminance of the background image to determine what to show. (`CISourceAtopCompositing`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func sourceAtopCompositing(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CISourceAtopCompositing", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses the background image to define what to leave in the input image, effectively cropping the input image. (`CISourceInCompositing`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func sourceInCompositing(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CISourceInCompositing", parameters: parameters)
    }
}

extension FilterSpec {
    /// Uses the background image to define what to take out of the input image. (`CISourceOutCompositing`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func sourceOutCompositing(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CISourceOutCompositing", parameters: parameters)
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
    /// Replaces one or more color ranges with spot colors. (`CISpotColor`)
    ///
    /// - Parameter centerColor1: The centre of colour range 1 (sRGB). Default (0.0784 0.0627 0.0706 1).
    /// - Parameter replacementColor1: The spot colour that replaces range 1 (sRGB). Default (0.4392 0.1922 0.1961 1).
    /// - Parameter closeness1: How far from the centre a colour may lie and still be replaced. Default 0.22, range 0…1.
    /// - Parameter contrast1: The fraction of the closeness that is replaced fully; the rest fades out. Default 0.98, range 0…1.
    /// - Parameter centerColor2: The centre of colour range 2 (sRGB). Default (0.5255 0.3059 0.3451 1).
    /// - Parameter replacementColor2: The spot colour that replaces range 2 (sRGB). Default (0.9137 0.5608 0.5059 1).
    /// - Parameter closeness2: How far from the centre a colour may lie and still be replaced. Default 0.15, range 0…1.
    /// - Parameter contrast2: The fraction of the closeness that is replaced fully; the rest fades out. Default 0.98, range 0…1.
    /// - Parameter centerColor3: The centre of colour range 3 (sRGB). Default (0.9216 0.4549 0.3333 1).
    /// - Parameter replacementColor3: The spot colour that replaces range 3 (sRGB). Default (0.9098 0.7529 0.6078 1).
    /// - Parameter closeness3: How far from the centre a colour may lie and still be replaced. Default 0.5, range 0…1.
    /// - Parameter contrast3: The fraction of the closeness that is replaced fully; the rest fades out. Default 0.99, range 0…1.
    public static func spotColor(centerColor1: SIMD4<Double>? = nil, replacementColor1: SIMD4<Double>? = nil, closeness1: Double? = nil, contrast1: Double? = nil, centerColor2: SIMD4<Double>? = nil, replacementColor2: SIMD4<Double>? = nil, closeness2: Double? = nil, contrast2: Double? = nil, centerColor3: SIMD4<Double>? = nil, replacementColor3: SIMD4<Double>? = nil, closeness3: Double? = nil, contrast3: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let centerColor1 { parameters["inputCenterColor1"] = .color(centerColor1) }
        if let replacementColor1 { parameters["inputReplacementColor1"] = .color(replacementColor1) }
        if let closeness1 { parameters["inputCloseness1"] = .number(closeness1) }
        if let contrast1 { parameters["inputContrast1"] = .number(contrast1) }
        if let centerColor2 { parameters["inputCenterColor2"] = .color(centerColor2) }
        if let replacementColor2 { parameters["inputReplacementColor2"] = .color(replacementColor2) }
        if let closeness2 { parameters["inputCloseness2"] = .number(closeness2) }
        if let contrast2 { parameters["inputContrast2"] = .number(contrast2) }
        if let centerColor3 { parameters["inputCenterColor3"] = .color(centerColor3) }
        if let replacementColor3 { parameters["inputReplacementColor3"] = .color(replacementColor3) }
        if let closeness3 { parameters["inputCloseness3"] = .number(closeness3) }
        if let contrast3 { parameters["inputContrast3"] = .number(contrast3) }
        return FilterSpec(name: "CISpotColor", parameters: parameters)
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

extension Image {
    /// Generates a starburst pattern that is similar to a supernova; can be used to simulate a lens flare. (`CIStarShineGenerator`)
    ///
    /// - Parameter center: The centre of the star, x and y. Default [150 150].
    /// - Parameter color: The colour of the star's shell and spikes. Default (1 0.8 0.6 1).
    /// - Parameter radius: The radius of the round star, in pixels. Default 50, at least 0.
    /// - Parameter crossScale: The length of the spikes, in star radii. Default 15, at least 0.
    /// - Parameter crossAngle: The angle of the cross, in radians. Default 0.6.
    /// - Parameter crossOpacity: The brightness of the spikes, as a power of two. Default -2, range -8…0.
    /// - Parameter crossWidth: The thickness of the spikes, in pixels. Default 2.5, at least 0.
    /// - Parameter epsilon: How far the spikes keep their brightness: 0 longest, −8 shortest. Default -2, range -8…0.
    public static func starShine(center: [Double]? = nil, color: SIMD4<Double>? = nil, radius: Double? = nil, crossScale: Double? = nil, crossAngle: Double? = nil, crossOpacity: Double? = nil, crossWidth: Double? = nil, epsilon: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIStarShineGenerator")
        if let center { try filter.setValue(.vector(center), forKey: "inputCenter") }
        if let color { try filter.setValue(.color(color), forKey: "inputColor") }
        if let radius { try filter.setValue(.number(radius), forKey: "inputRadius") }
        if let crossScale { try filter.setValue(.number(crossScale), forKey: "inputCrossScale") }
        if let crossAngle { try filter.setValue(.number(crossAngle), forKey: "inputCrossAngle") }
        if let crossOpacity { try filter.setValue(.number(crossOpacity), forKey: "inputCrossOpacity") }
        if let crossWidth { try filter.setValue(.number(crossWidth), forKey: "inputCrossWidth") }
        if let epsilon { try filter.setValue(.number(epsilon), forKey: "inputEpsilon") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Rotates and scales an image so its horizon is level and no corner is empty. (`CIStraightenFilter`)
    ///
    /// - Parameter angle: The rotation, in radians, counter-clockwise. Default 0.
    public static func straightenFilter(angle: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let angle { parameters["inputAngle"] = .number(angle) }
        return FilterSpec(name: "CIStraightenFilter", parameters: parameters)
    }
}

extension FilterSpec {
    /// Distorts an image by stretching and or cropping it to fit a target size. (`CIStretchCrop`)
    ///
    /// - Parameter size: The width and height of the result. Default [1280 720].
    /// - Parameter cropAmount: 0 stretches only, 1 crops only. Default 0.25, range 0…1.
    /// - Parameter centerStretchAmount: How much of the stretch is moved from the middle to the sides. Default 0.25, range 0…1.
    public static func stretchCrop(size: [Double]? = nil, cropAmount: Double? = nil, centerStretchAmount: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let size { parameters["inputSize"] = .vector(size) }
        if let cropAmount { parameters["inputCropAmount"] = .number(cropAmount) }
        if let centerStretchAmount { parameters["inputCenterStretchAmount"] = .number(centerStretchAmount) }
        return FilterSpec(name: "CIStretchCrop", parameters: parameters)
    }
}

extension Image {
    /// Generates a stripe pattern. (`CIStripesGenerator`)
    ///
    /// - Parameter center: A point on an edge between stripes, x and y. Default [150 150].
    /// - Parameter color0: The colour of the first set of stripes. Default (1 1 1 1).
    /// - Parameter color1: The colour of the second set of stripes. Default (0 0 0 1).
    /// - Parameter width: The width of each stripe, in pixels. Default 80, at least 0.
    /// - Parameter sharpness: 1 for hard edges, lower for softer ones. Default 1, range 0…1.
    public static func stripes(center: [Double]? = nil, color0: SIMD4<Double>? = nil, color1: SIMD4<Double>? = nil, width: Double? = nil, sharpness: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CIStripesGenerator")
        if let center { try filter.setValue(.vector(center), forKey: "inputCenter") }
        if let color0 { try filter.setValue(.color(color0), forKey: "inputColor0") }
        if let color1 { try filter.setValue(.color(color1), forKey: "inputColor1") }
        if let width { try filter.setValue(.number(width), forKey: "inputWidth") }
        if let sharpness { try filter.setValue(.number(sharpness), forKey: "inputSharpness") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Subtracts the background image sample color from the source image sample color. (`CISubtractBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func subtractBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CISubtractBlendMode", parameters: parameters)
    }
}

extension Image {
    /// Generates a sun effect. (`CISunbeamsGenerator`)
    ///
    /// - Parameter center: The centre of the sun, x and y. Default [150 150].
    /// - Parameter color: The colour of the glow and rays. Default (1 0.5 0 1).
    /// - Parameter sunRadius: The radius of the sun, in pixels. Default 40, at least 0.
    /// - Parameter maxStriationRadius: How far the rays reach beyond the rim, in sun radii. Default 2.58, at least 0.
    /// - Parameter striationStrength: The brightness of the rays. Default 0.5, at least 0.
    /// - Parameter striationContrast: The contrast between rays and the gaps between them. Default 1.375, at least 0.
    /// - Parameter time: Moves the rays; 0 and 1 give the same image. Default 0, range 0…1.
    public static func sunbeams(center: [Double]? = nil, color: SIMD4<Double>? = nil, sunRadius: Double? = nil, maxStriationRadius: Double? = nil, striationStrength: Double? = nil, striationContrast: Double? = nil, time: Double? = nil) throws(FilterError) -> Image {
        var filter = try Filter(name: "CISunbeamsGenerator")
        if let center { try filter.setValue(.vector(center), forKey: "inputCenter") }
        if let color { try filter.setValue(.color(color), forKey: "inputColor") }
        if let sunRadius { try filter.setValue(.number(sunRadius), forKey: "inputSunRadius") }
        if let maxStriationRadius { try filter.setValue(.number(maxStriationRadius), forKey: "inputMaxStriationRadius") }
        if let striationStrength { try filter.setValue(.number(striationStrength), forKey: "inputStriationStrength") }
        if let striationContrast { try filter.setValue(.number(striationContrast), forKey: "inputStriationContrast") }
        if let time { try filter.setValue(.number(time), forKey: "inputTime") }
        return try filter.outputImage()
    }
}

extension FilterSpec {
    /// Transitions from one image to another by simulating a swiping action. (`CISwipeTransition`)
    ///
    /// - Parameter targetImage: The image the transition ends on.
    /// - Parameter extent: The rectangle the swipe crosses. Default [0 0 300 300].
    /// - Parameter color: The tint of the swipe's edge. Default (1 1 1 1).
    /// - Parameter time: 0 shows inputImage, 1 shows inputTargetImage. Default 0, range 0…1.
    /// - Parameter angle: The direction of the swipe, in radians. Default 0.
    /// - Parameter width: The width of the swipe's edge, in pixels. Default 300, at least 0.1.
    /// - Parameter opacity: How strongly the edge is tinted. Default 0, at least 0.
    public static func swipeTransition(targetImage: Image, extent: [Double]? = nil, color: SIMD4<Double>? = nil, time: Double? = nil, angle: Double? = nil, width: Double? = nil, opacity: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputTargetImage"] = .image(targetImage)
        if let extent { parameters["inputExtent"] = .vector(extent) }
        if let color { parameters["inputColor"] = .color(color) }
        if let time { parameters["inputTime"] = .number(time) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let opacity { parameters["inputOpacity"] = .number(opacity) }
        return FilterSpec(name: "CISwipeTransition", parameters: parameters)
    }
}

extension FilterSpec {
    /// Adapts the reference white point for an image. (`CITemperatureAndTint`)
    ///
    /// - Parameter neutral: Temperature (kelvin) and tint of the light the image was taken under. Default [6500 0].
    /// - Parameter targetNeutral: Temperature (kelvin) and tint the image should look taken under. Default [6500 0].
    public static func temperatureAndTint(neutral: [Double]? = nil, targetNeutral: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let neutral { parameters["inputNeutral"] = .vector(neutral) }
        if let targetNeutral { parameters["inputTargetNeutral"] = .vector(targetNeutral) }
        return FilterSpec(name: "CITemperatureAndTint", parameters: parameters)
    }
}

extension FilterSpec {
    /// Apply a thermal effect to an image. (`CIThermal`)
    public static func thermal() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIThermal", parameters: parameters)
    }
}

extension FilterSpec {
    /// Adjusts tone response of the R, G, and B channels of an image. (`CIToneCurve`)
    ///
    /// - Parameter point0: Point 1 of the curve: input, output (perceptual 0…1). Default [0 0].
    /// - Parameter point1: Point 2 of the curve: input, output (perceptual 0…1). Default [0.25 0.25].
    /// - Parameter point2: Point 3 of the curve: input, output (perceptual 0…1). Default [0.5 0.5].
    /// - Parameter point3: Point 4 of the curve: input, output (perceptual 0…1). Default [0.75 0.75].
    /// - Parameter point4: Point 5 of the curve: input, output (perceptual 0…1). Default [1 1].
    public static func toneCurve(point0: [Double]? = nil, point1: [Double]? = nil, point2: [Double]? = nil, point3: [Double]? = nil, point4: [Double]? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let point0 { parameters["inputPoint0"] = .vector(point0) }
        if let point1 { parameters["inputPoint1"] = .vector(point1) }
        if let point2 { parameters["inputPoint2"] = .vector(point2) }
        if let point3 { parameters["inputPoint3"] = .vector(point3) }
        if let point4 { parameters["inputPoint4"] = .vector(point4) }
        return FilterSpec(name: "CIToneCurve", parameters: parameters)
    }
}

extension FilterSpec {
    /// Creates a torus-shaped lens and distorts the portion of the image over which the lens is placed. (`CITorusLensDistortion`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter radius: The radius of the ring's middle, in pixels. Default 160, at least 0.
    /// - Parameter width: The width of the ring, in pixels. Default 80, at least 0.
    /// - Parameter refraction: The refraction index of the glass. Default 1.7, at least 0.
    public static func torusLensDistortion(center: [Double]? = nil, radius: Double? = nil, width: Double? = nil, refraction: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let width { parameters["inputWidth"] = .number(width) }
        if let refraction { parameters["inputRefraction"] = .number(refraction) }
        return FilterSpec(name: "CITorusLensDistortion", parameters: parameters)
    }
}

extension FilterSpec {
    /// Maps a triangular portion of an image to a triangular area and then generates a kaleidoscope effect. (`CITriangleKaleidoscope`)
    ///
    /// - Parameter point: A corner of the triangle that is mirrored. Default [150 150].
    /// - Parameter size: The side of the triangle, in pixels. Default 700, at least 0.
    /// - Parameter rotation: The turn of the triangle, in radians. Default 5.924285.
    /// - Parameter decay: How much each triangle's width of distance keeps of the colour. Default 0.85, range 0…1.
    public static func triangleKaleidoscope(point: [Double]? = nil, size: Double? = nil, rotation: Double? = nil, decay: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let point { parameters["inputPoint"] = .vector(point) }
        if let size { parameters["inputSize"] = .number(size) }
        if let rotation { parameters["inputRotation"] = .number(rotation) }
        if let decay { parameters["inputDecay"] = .number(decay) }
        return FilterSpec(name: "CITriangleKaleidoscope", parameters: parameters)
    }
}

extension FilterSpec {
    /// Maps a triangular portion of an input image to create a triangle tile effect. (`CITriangleTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func triangleTile(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CITriangleTile", parameters: parameters)
    }
}

extension FilterSpec {
    /// Produces a tiled image by applying a 12-way reflected symmetry. (`CITwelvefoldReflectedTile`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter angle: The turn of the tiling, in radians. Default 0.
    /// - Parameter width: The size of a tile, in pixels. Default 100, at least 0.
    public static func twelvefoldReflectedTile(center: [Double]? = nil, angle: Double? = nil, width: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        if let width { parameters["inputWidth"] = .number(width) }
        return FilterSpec(name: "CITwelvefoldReflectedTile", parameters: parameters)
    }
}

extension FilterSpec {
    /// Rotates pixels around a point to give a twirling effect. (`CITwirlDistortion`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter radius: The radius of the twirl, in pixels. Default 300, at least 0.
    /// - Parameter angle: The turn at the centre, in radians. Default 3.141593.
    public static func twirlDistortion(center: [Double]? = nil, radius: Double? = nil, angle: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        return FilterSpec(name: "CITwirlDistortion", parameters: parameters)
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
    /// A combination of color burn and color dodge blend modes. (`CIVividLightBlendMode`)
    ///
    /// - Parameter backgroundImage: The backdrop the input image is composited with.
    public static func vividLightBlendMode(backgroundImage: Image) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        parameters["inputBackgroundImage"] = .image(backgroundImage)
        return FilterSpec(name: "CIVividLightBlendMode", parameters: parameters)
    }
}

extension FilterSpec {
    /// Rotates pixels around a point to simulate a vortex. (`CIVortexDistortion`)
    ///
    /// - Parameter center: The centre of the effect, in image coordinates. Default [150 150].
    /// - Parameter radius: The radius of the vortex, in pixels. Default 300, at least 0.
    /// - Parameter angle: The turn at the centre, in radians. Default 56.548668.
    public static func vortexDistortion(center: [Double]? = nil, radius: Double? = nil, angle: Double? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let center { parameters["inputCenter"] = .vector(center) }
        if let radius { parameters["inputRadius"] = .number(radius) }
        if let angle { parameters["inputAngle"] = .number(angle) }
        return FilterSpec(name: "CIVortexDistortion", parameters: parameters)
    }
}

extension FilterSpec {
    /// Adjusts the reference white point for an image and maps all colors in the source using the new reference. (`CIWhitePointAdjust`)
    ///
    /// - Parameter color: The colour white becomes: sRGB red, green, blue (alpha is not used). Default (1 1 1 1).
    public static func whitePointAdjust(color: SIMD4<Double>? = nil) -> FilterSpec {
        var parameters: [String: FilterValue] = [:]
        if let color { parameters["inputColor"] = .color(color) }
        return FilterSpec(name: "CIWhitePointAdjust", parameters: parameters)
    }
}

extension FilterSpec {
    /// Apply an X-ray effect to an image. (`CIXRay`)
    public static func xRay() -> FilterSpec {
        let parameters: [String: FilterValue] = [:]
        return FilterSpec(name: "CIXRay", parameters: parameters)
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
