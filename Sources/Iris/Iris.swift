// `import Iris` brings what a camera app needs in one line: images and kernels (IrisCore), the filter catalogue
// (IrisFilters), both renderers (IrisCPU, IrisGLES), cameras, recordings and stills (IrisVideo), the detectors
// (IrisDetect), auto-enhance and red-eye (IrisEnhance) and the live pipeline (IrisPipeline). The web preview
// (IrisWeb), MQTT (IrisMQTT) and detector evaluation (IrisEval) stay separate imports: they bring servers, brokers
// and ground-truth formats an app may not want.
//
//     import Iris
//     let image = try Image.load(contentsOf: "photo.jpg").applyingFilter(.sepiaTone(intensity: 0.8))
@_exported import IrisCore
@_exported import IrisFilters
@_exported import IrisCPU
@_exported import IrisGLES
@_exported import IrisVideo
@_exported import IrisDetect
@_exported import IrisEnhance
@_exported import IrisPipeline
