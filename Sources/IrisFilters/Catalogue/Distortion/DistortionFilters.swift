import IrisCore

extension BuiltInFilters {
    /// Distortions (CICategoryDistortionEffect). One file per filter under Distortion/.
    static let distortionFilters: [FilterDescriptor] = [
        bumpDistortion, bumpDistortionLinear, circleSplashDistortion, circularWrap, holeDistortion, pinchDistortion,
        twirlDistortion, vortexDistortion, torusLensDistortion, glassLozenge, lightTunnel, stretchCrop,
        displacementDistortion, droste,
        glassDistortion, ninePartStretched, ninePartTiled
    ]
    /// Tiles (CICategoryTileEffect). One file per filter under TileEffect/.
    static let tileEffectFilters: [FilterDescriptor] = [
        affineClamp, affineTile, clampFilter, fourfoldTranslatedTile, fourfoldReflectedTile, parallelogramTile,
        fourfoldRotatedTile,
        eightfoldReflectedTile, sixfoldRotatedTile, sixfoldReflectedTile, twelvefoldReflectedTile, glideReflectedTile,
        triangleTile, kaleidoscope, triangleKaleidoscope, opTile, perspectiveTile
    ]
    /// Transitions (CICategoryTransition). One file per filter under Transition/.
    static let transitionFilters: [FilterDescriptor] = [
        dissolveTransition, swipeTransition, barsSwipeTransition, modTransition, flashTransition, copyMachineTransition,
        disintegrateWithMaskTransition, rippleTransition, accordionFoldTransition, pageCurlTransition,
        pageCurlWithShadowTransition
    ]
}
