import IrisCore

extension BuiltInFilters {
    /// CIVortexDistortion: like the twirl but tighter, θ = angle · (1 − r/R)³ (Iris's falloff; Core Image's
    /// is not published), with a default of 18π so the centre spins nine times.
    static let vortexDistortion = FilterDescriptor(
        name: "CIVortexDistortion", displayName: "Vortex Distortion", categories: DistortionSupport.categories,
        summary: "Rotates pixels around a point to simulate a vortex.",
        inputs: [
            .image, DistortionSupport.center(),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(300), range: 0...Double.infinity, slider: 0...800,
                summary: "The radius of the vortex, in pixels."),
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(56.548667764616276),
                slider: -94.24777960769379...94.24777960769379,
                summary: "The turn at the centre, in radians.")
        ],
        build: { args throws(FilterError) in
            try swirl(args, kernel: vortexKernel, filter: "CIVortexDistortion")
        })

    static let vortexKernel = swirlKernel("irisVortexDistortion", power: 3)
}
