import ArgumentParser
import IrisCore
import IrisFilters
import IrisEnhance
import IrisPipeline

/// `--auto-enhance` and what it may change, the same words in `render` and `run`.
struct AutoEnhanceOptions: ParsableArguments {
    @Flag(
        help:
            "Analyse the picture and put Core Image's auto-adjustment filters first (red-eye, white balance, skin, vibrance, tone, shadows)."
    )
    var autoEnhance = false
    @Flag(help: "With --auto-enhance: leave red eyes alone.") var noRedEye = false
    @Flag(help: "With --auto-enhance: only repair red eyes (no colour, tone or shadow changes).") var noEnhance = false

    func validate() throws {
        if !autoEnhance && (noRedEye || noEnhance) {
            throw ValidationError("--\(noRedEye ? "no-red-eye" : "no-enhance") needs --auto-enhance")
        }
        if noRedEye && noEnhance {
            throw ValidationError("--no-red-eye with --no-enhance leaves --auto-enhance nothing to do")
        }
    }

    var adjustmentOptions: AutoAdjustmentOptions { AutoAdjustmentOptions(enhance: !noEnhance, redEye: !noRedEye) }

    /// Live auto-enhance for `run` (red eyes are looked for in the faces the face detector finds, `--detect face`).
    func apply(to config: inout PipelineConfiguration) {
        guard autoEnhance else { return }
        var settings = config.autoEnhance ?? LiveAutoAdjustment.Settings()
        settings.enhance = !noEnhance
        settings.redEye = !noRedEye
        config.autoEnhance = settings
    }

    /// The auto-adjustment filters for `image` (none without --auto-enhance), analysed with `context`.
    func filters(for image: Image, context: Context) throws(AutoAdjustmentError) -> [FilterSpec] {
        guard autoEnhance else { return [] }
        var options = adjustmentOptions
        options.context = context
        return try image.autoAdjustmentFilters(options: options)
    }
}
