@testable import IrisCore

extension RegistryExpectations {
    /// Core Image's inputs (key, type, default) for `BuiltInFilters.distortionFilters`, other than inputImage.
    static let distortion: Group = Group(list: BuiltInFilters.distortionFilters, category: FilterCategory.distortionEffect, inputs: [
        "CIBumpDistortion": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "300"), ("inputScale", .scalar, "0.5")],
        "CIBumpDistortionLinear": [("inputCenter", .position, "[300 300]"), ("inputRadius", .distance, "300"),
                                   ("inputAngle", .angle, "0"), ("inputScale", .scalar, "0.5")],
        "CICircleSplashDistortion": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "150")],
        "CICircularWrap": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "150"), ("inputAngle", .angle, "0")],
        "CIHoleDistortion": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "150")],
        "CIPinchDistortion": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "300"), ("inputScale", .scalar, "0.5")],
        "CITwirlDistortion": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "300"), ("inputAngle", .angle, "3.141593")],
        "CIVortexDistortion": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "300"), ("inputAngle", .angle, "56.548668")],
        "CITorusLensDistortion": [("inputCenter", .position, "[150 150]"), ("inputRadius", .distance, "160"),
                                  ("inputWidth", .distance, "80"), ("inputRefraction", .scalar, "1.7")],
        "CIGlassLozenge": [("inputPoint0", .position, "[150 150]"), ("inputPoint1", .position, "[350 150]"),
                           ("inputRadius", .distance, "100"), ("inputRefraction", .scalar, "1.7")],
        "CILightTunnel": [("inputCenter", .position, "[150 150]"), ("inputRotation", .angle, "0"), ("inputRadius", .distance, "0")],
        "CIStretchCrop": [("inputSize", .position, "[1280 720]"), ("inputCropAmount", .scalar, "0.25"),
                          ("inputCenterStretchAmount", .scalar, "0.25")],
        "CIDisplacementDistortion": [("inputDisplacementImage", .image, nil), ("inputScale", .distance, "50")],
    ])

    /// Core Image's inputs for `BuiltInFilters.tileEffectFilters`, other than inputImage.
    static let tileEffect: Group = Group(list: BuiltInFilters.tileEffectFilters, category: FilterCategory.tileEffect, inputs: [
        "CIAffineClamp": [("inputTransform", .transform, IrisCore.AffineTransform.identity.description)],
        "CIAffineTile": [("inputTransform", .transform, IrisCore.AffineTransform.identity.description)],
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
        "CIKaleidoscope": [("inputCount", .integer, "6"), ("inputCenter", .position, "[150 150]"), ("inputAngle", .angle, "0")],
        "CITriangleKaleidoscope": [("inputPoint", .position, "[150 150]"), ("inputSize", .distance, "700"),
                                   ("inputRotation", .angle, "5.924285"), ("inputDecay", .scalar, "0.85")],
        "CIOpTile": [("inputCenter", .position, "[150 150]"), ("inputScale", .scalar, "2.8"), ("inputAngle", .angle, "0"),
                     ("inputWidth", .distance, "65")],
        "CIPerspectiveTile": perspectiveCorners,
    ])
    static let lattice: [(String, FilterInputType, String?)] = [
        ("inputCenter", .position, "[150 150]"), ("inputAngle", .angle, "0"), ("inputWidth", .distance, "100"),
    ]
    static let latticeAcute: [(String, FilterInputType, String?)] = [
        ("inputCenter", .position, "[150 150]"), ("inputAngle", .angle, "0"), ("inputAcuteAngle", .angle, "1.570796"),
        ("inputWidth", .distance, "100"),
    ]

    /// Core Image's inputs for `BuiltInFilters.transitionFilters`, other than inputImage.
    static let transition: Group = Group(list: BuiltInFilters.transitionFilters, category: FilterCategory.transition, inputs: [:])
}
