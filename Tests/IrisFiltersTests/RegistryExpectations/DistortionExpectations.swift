@testable import IrisCore
@testable import IrisFilters

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.distortionFilters`, other than inputImage.
    static let distortion: Group = Group(
        list: BuiltInFilters.distortionFilters, category: FilterCategory.distortionEffect,
        inputs: [
            "CIBumpDistortion": [
                ("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "300"),
                ("inputScale", .scalar, "0.5")
            ],
            "CIBumpDistortionLinear": [
                ("inputCenter", .position, "[300 300]"), ("inputRadius", .distance, "300"),
                ("inputAngle", .angle, "0"), ("inputScale", .scalar, "0.5")
            ],
            "CICircleSplashDistortion": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "150")],
            "CICircularWrap": [
                ("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "150"), ("inputAngle", .angle, "0")
            ],
            "CIHoleDistortion": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "150")],
            "CIPinchDistortion": [
                ("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "300"),
                ("inputScale", .scalar, "0.5")
            ],
            "CITwirlDistortion": [
                ("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "300"),
                ("inputAngle", .angle, "3.141593")
            ],
            "CIVortexDistortion": [
                ("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "300"),
                ("inputAngle", .angle, "56.548668")
            ],
            "CITorusLensDistortion": [
                ("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "160"),
                ("inputWidth", .distance, "80"), ("inputRefraction", .scalar, "1.7")
            ],
            "CIGlassLozenge": [
                ("inputPoint0", .position, "[150 150]"), ("inputPoint1", .position, "[350 150]"),
                ("inputRadius", .distance, "100"), ("inputRefraction", .scalar, "1.7")
            ],
            "CILightTunnel": [
                ("inputCenter", .position, "[150 150]"), ("inputRotation", .angle, "0"), ("inputRadius", .distance, "0")
            ],
            "CIStretchCrop": [
                ("inputSize", .position, "[1280 720]"), ("inputCropAmount", .scalar, "0.25"),
                ("inputCenterStretchAmount", .scalar, "0.25")
            ],
            "CIDisplacementDistortion": [("inputDisplacementImage", .image, nil), ("inputScale", .distance, "50")],
            "CIDroste": [
                ("inputInsetPoint0", .position, "[200 200]"), ("inputInsetPoint1", .position, "[400 400]"),
                ("inputStrands", .scalar, "1"), ("inputPeriodicity", .scalar, "1"), ("inputRotation", .angle, "0"),
                ("inputZoom", .scalar, "1")
            ],
            "CIGlassDistortion": [
                ("inputTexture", .image, nil), ("inputCenter", .position, "[150 150]"), ("inputScale", .distance, "200")
            ],
            "CINinePartStretched": [
                ("inputBreakpoint0", .position, "[50 50]"), ("inputBreakpoint1", .position, "[150 150]"),
                ("inputGrowAmount", .offset, "[100 100]")
            ],
            "CINinePartTiled": [
                ("inputBreakpoint0", .position, "[50 50]"), ("inputBreakpoint1", .position, "[150 150]"),
                ("inputGrowAmount", .offset, "[100 100]"), ("inputFlipYTiles", .boolean, "1")
            ]
        ])

    /// Core Image's inputs for `BuiltInFilters.tileEffectFilters`, other than inputImage.
    static let tileEffect: Group = Group(
        list: BuiltInFilters.tileEffectFilters, category: FilterCategory.tileEffect,
        inputs: [
            "CIAffineClamp": [("inputTransform", .transform, IrisCore.AffineTransform.identity.description)],
            "CIAffineTile": [("inputTransform", .transform, IrisCore.AffineTransform.identity.description)],
            "CIClamp": [("inputExtent", .vector, "[0 0 640 80]")],
            "CIFourfoldTranslatedTile": latticeAcute,
            "CIFourfoldReflectedTile": latticeAcute,
            "CIParallelogramTile": latticeAcute,
            "CIFourfoldRotatedTile": lattice,
            "CIEightfoldReflectedTile": lattice,
            "CISixfoldRotatedTile": lattice,
            "CISixfoldReflectedTile": lattice,
            "CITwelvefoldReflectedTile": lattice,
            "CIGlideReflectedTile": lattice,
            "CITriangleTile": lattice,
            "CIKaleidoscope": [
                ("inputCount", .integer, "6"), ("inputCenter", .position, "[150 150]"), ("inputAngle", .angle, "0")
            ],
            "CITriangleKaleidoscope": [
                ("inputPoint", .position, "[150 150]"), ("inputSize", .distance, "700"),
                ("inputRotation", .angle, "5.924285"), ("inputDecay", .scalar, "0.85")
            ],
            "CIOpTile": [
                ("inputCenter", .position, "[150 150]"), ("inputScale", .scalar, "2.8"), ("inputAngle", .angle, "0"),
                ("inputWidth", .distance, "65")
            ],
            "CIPerspectiveTile": perspectiveCorners
        ])
    static let lattice: [(String, FilterInputType, String?)] = [
        ("inputCenter", .position, "[150 150]"), ("inputAngle", .angle, "0"), ("inputWidth", .distance, "100")
    ]
    static let latticeAcute: [(String, FilterInputType, String?)] = [
        ("inputCenter", .position, "[150 150]"), ("inputAngle", .angle, "0"), ("inputAcuteAngle", .angle, "1.570796"),
        ("inputWidth", .distance, "100")
    ]

    /// Core Image's inputs for `BuiltInFilters.transitionFilters`, other than inputImage.
    static let transition: Group = Group(
        list: BuiltInFilters.transitionFilters, category: FilterCategory.transition,
        inputs: [
            "CIDissolveTransition": [target, time],
            "CISwipeTransition": [
                target, ("inputExtent", .vector, "[0 0 300 300]"), ("inputColor", .color, "(1 1 1 1)"), time,
                ("inputAngle", .angle, "0"), ("inputWidth", .distance, "300"), ("inputOpacity", .scalar, "0")
            ],
            "CIBarsSwipeTransition": [
                target, ("inputAngle", .angle, "3.141593"), ("inputWidth", .distance, "30"),
                ("inputBarOffset", .scalar, "10"), time
            ],
            "CIModTransition": [
                target, ("inputCenter", .position, "[150 150]"), time, ("inputAngle", .angle, "2"),
                ("inputRadius", .distance, "150"), ("inputCompression", .scalar, "300")
            ],
            "CIFlashTransition": [
                target, ("inputCenter", .position, "[150 150]"), ("inputExtent", .vector, "[0 0 300 300]"),
                ("inputColor", .color, "(1 0.8 0.6 1)"), time, ("inputMaxStriationRadius", .scalar, "2.58"),
                ("inputStriationStrength", .scalar, "0.5"), ("inputStriationContrast", .scalar, "1.375"),
                ("inputFadeThreshold", .scalar, "0.85")
            ],
            "CICopyMachineTransition": [
                target, ("inputExtent", .vector, "[0 0 300 300]"), ("inputColor", .color, "(0.6 1 0.8 1)"), time,
                ("inputAngle", .angle, "0"), ("inputWidth", .distance, "200"), ("inputOpacity", .scalar, "1.3")
            ],
            "CIDisintegrateWithMaskTransition": [
                target, ("inputMaskImage", .image, nil), time, ("inputShadowRadius", .distance, "8"),
                ("inputShadowDensity", .scalar, "0.65"), ("inputShadowOffset", .offset, "[0 -10]")
            ],
            "CIRippleTransition": [
                target, ("inputShadingImage", .image, nil), ("inputCenter", .position, "[150 150]"),
                ("inputExtent", .vector, "[0 0 300 300]"), time, ("inputWidth", .distance, "100"),
                ("inputScale", .scalar, "50")
            ],
            "CIAccordionFoldTransition": [
                target, ("inputBottomHeight", .distance, "0"), ("inputNumberOfFolds", .integer, "3"),
                ("inputFoldShadowAmount", .scalar, "0.1"), time
            ],
            "CIPageCurlTransition": [
                target, ("inputBacksideImage", .image, nil), ("inputShadingImage", .image, nil),
                ("inputExtent", .vector, "[0 0 300 300]"), time, ("inputAngle", .angle, "0"),
                ("inputRadius", .distance, "100")
            ],
            "CIPageCurlWithShadowTransition": [
                target, ("inputBacksideImage", .image, nil), ("inputExtent", .vector, "[0 0 0 0]"), time,
                ("inputAngle", .angle, "0"), ("inputRadius", .distance, "100"), ("inputShadowSize", .distance, "0.5"),
                ("inputShadowAmount", .distance, "0.7"), ("inputShadowExtent", .vector, "[0 0 0 0]")
            ]
        ])
    static let target: (String, FilterInputType, String?) = ("inputTargetImage", .image, nil)
    static let time: (String, FilterInputType, String?) = ("inputTime", .scalar, "0")
}
