// Generated from the filter descriptors by `TypedFilterAPI.swiftSource(for:)`. Do not edit.
// Regenerate with `iris filters --emit-swift > Sources/IrisCore/Filter/TypedFilters.generated.swift`
// (or `IRIS_REGENERATE_TYPED_API=1 swift test --filter IrisCoreTests.FiltersTypedAPITests`).

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
