// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Iris",
    platforms: [.macOS(.v14)],
    products: [
        // `import Iris`: everything the README's examples use, from images and filters to the live pipeline.
        .library(name: "Iris", targets: ["Iris"]),
        .library(name: "IrisCore", targets: ["IrisCore"]),
        .library(name: "IrisFilters", targets: ["IrisFilters"]),
        .library(name: "IrisCPU", targets: ["IrisCPU"]),
        .library(name: "IrisGLES", targets: ["IrisGLES"]),
        .library(name: "IrisVideo", targets: ["IrisVideo"]),
        .library(name: "IrisNeural", targets: ["IrisNeural"]),
        .library(name: "IrisDetect", targets: ["IrisDetect"]),
        .library(name: "IrisEnhance", targets: ["IrisEnhance"]),
        .library(name: "IrisPipeline", targets: ["IrisPipeline"]),
        .library(name: "IrisEval", targets: ["IrisEval"]),
        .library(name: "IrisWeb", targets: ["IrisWeb"]),
        .library(name: "IrisMQTT", targets: ["IrisMQTT"]),
        .library(name: "IrisGallery", targets: ["IrisGallery"]),
        .library(name: "IrisBench", targets: ["IrisBench"]),
        .executable(name: "iris", targets: ["IrisCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // C shims: thin system-library modules, nothing above them imports C headers directly.
        .systemLibrary(name: "CEGL", path: "Sources/Shims/CEGL", pkgConfig: "egl"),
        .systemLibrary(name: "CYUV", path: "Sources/Shims/CYUV"),
        .systemLibrary(name: "CPNG", path: "Sources/Shims/CPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/Shims/CTurboJPEG", pkgConfig: "libturbojpeg"),
        .systemLibrary(name: "CAV", path: "Sources/Shims/CAV", pkgConfig: "libavformat"),
        .systemLibrary(name: "CDRM", path: "Sources/Shims/CDRM", pkgConfig: "libdrm"),
        .systemLibrary(name: "CFreeType", path: "Sources/Shims/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CMosquitto", path: "Sources/Shims/CMosquitto", pkgConfig: "libmosquitto"),
        .target(name: "CV4L2", path: "Sources/Shims/CV4L2"),
        // zxing-cpp through a C++17 shim with a C interface (Swift sees no C++ types).
        .target(name: "CZXing", path: "Sources/Shims/CZXing", linkerSettings: [.linkedLibrary("ZXing")]),
        // libcamera through a C++17 shim with a C interface; CLibcameraLibrary carries libcamera's pkg-config flags.
        .systemLibrary(name: "CLibcameraLibrary", path: "Sources/Shims/CLibcameraLibrary", pkgConfig: "libcamera"),
        .target(name: "CLibcamera", dependencies: ["CLibcameraLibrary"], path: "Sources/Shims/CLibcamera"),

        .target(name: "IrisCore", dependencies: [.product(name: "Numerics", package: "swift-numerics")]),
        .target(name: "IrisFilters", dependencies: ["IrisCore", .product(name: "Numerics", package: "swift-numerics")]),
        .target(name: "IrisCPU", dependencies: ["IrisCore", "CYUV"]),
        .target(name: "IrisGLES", dependencies: ["IrisCore", "CEGL"]),
        .target(name: "IrisVideo", dependencies: ["IrisCore", "IrisCPU", "CPNG", "CTurboJPEG", "CAV", "CV4L2", "CDRM", "CYUV", "CLibcamera"]),
        // A TensorFlow Lite model reader and float interpreter for the operators Iris's bundled models use.
        .target(name: "IrisNeural"),
        // The face models are files (Models/: each with its licence; SHA-256 in BundledModel), found by ModelDirectory.
        .target(name: "IrisDetect", dependencies: ["IrisCore", "IrisNeural", "CZXing"], resources: [.copy("Models")]),
        // Auto-enhance and red-eye: analyses a picture (histogram, faces, eyes) and picks filters with their values.
        .target(name: "IrisEnhance", dependencies: ["IrisCore", "IrisFilters", "IrisCPU", "IrisDetect"]),
        // Detector evaluation: ground-truth formats, matching, metrics, and the generators of test scenes.
        .target(name: "IrisEval", dependencies: ["IrisCore", "IrisFilters", "IrisDetect", "IrisVideo"]),
        // The live runtime: sources, stage threads, queues, overlays, metrics; record and preview are configurations of it.
        .target(name: "IrisPipeline", dependencies: ["IrisCore", "IrisFilters", "IrisCPU", "IrisGLES", "IrisVideo", "IrisDetect", "IrisEnhance", "CFreeType"]),
        // The web preview: an HTTP server (SwiftNIO) showing a running pipeline's LiveView to browsers.
        .target(name: "IrisWeb", dependencies: [
            "IrisCore", "IrisPipeline",
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // Publishing to an MQTT broker through libmosquitto: lifecycle events, counts, snapshots, commands, Home Assistant.
        .target(name: "IrisMQTT", dependencies: ["IrisCore", "IrisPipeline", "CMosquitto"]),
        // Every filter rendered on one photo, for people to look at: PNGs, a contact sheet, an index (`iris gallery`).
        .target(name: "IrisGallery", dependencies: ["IrisCore", "IrisFilters", "IrisVideo", "IrisPipeline"]),
        // Benchmarks: the timing loop, the peers timed beside Iris (libyuv, memcpy, GStreamer, ffmpeg) and the
        // benchmarks `iris bench`, `iris bench-filters` and `iris detect --bench` print.
        .target(name: "IrisBench", dependencies: [
            "IrisCore", "IrisFilters", "IrisCPU", "IrisGLES", "IrisVideo", "IrisNeural", "IrisDetect", "IrisEval", "IrisGallery", "CYUV",
        ]),
        // The umbrella module: re-exports the modules a camera app needs (not IrisEval, IrisWeb, IrisMQTT: their
        // servers and brokers are opt-in, each its own import).
        .target(name: "Iris", dependencies: ["IrisCore", "IrisFilters", "IrisCPU", "IrisGLES", "IrisVideo", "IrisDetect", "IrisEnhance", "IrisPipeline"]),
        // The `iris` command: parses arguments and prints; what it does lives in the libraries above.
        .executableTarget(name: "IrisCLI", dependencies: [
            "IrisCore", "IrisFilters", "IrisCPU", "IrisGLES", "IrisVideo", "IrisDetect", "IrisEnhance", "IrisEval", "IrisPipeline", "IrisNeural", "IrisWeb",
            "IrisMQTT", "IrisGallery", "IrisBench", "CYUV",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/iris"),
        // The readers a fuzzer feeds (tools/fuzz), and libFuzzer's entry point for them.
        .target(name: "IrisFuzzTargets", dependencies: ["IrisCore", "IrisFilters", "IrisVideo", "IrisDetect", "IrisEval", "IrisPipeline"]),
        .target(name: "CFuzzerDriver", path: "Sources/Shims/CFuzzerDriver"),
        .executableTarget(name: "iris-fuzz", dependencies: ["IrisFuzzTargets", "CFuzzerDriver"]),
        // Checks that run inside the QEMU guest against real V4L2 drivers (tools/vm-test).
        .executableTarget(name: "iris-guest-checks", dependencies: ["IrisCore", "IrisCPU", "IrisGLES", "IrisVideo", "CEGL"]),

        // The compiler's tests build their recipes from real filters, so they read the catalogue too.
        .testTarget(name: "IrisCoreTests", dependencies: ["IrisCore", "IrisFilters"]),
        .testTarget(name: "IrisFiltersTests", dependencies: ["IrisCore", "IrisFilters"]),
        // Replays every file of Fuzz/Corpus through its fuzz target: found crashes stay fixed.
        .testTarget(name: "FuzzCorpusTests", dependencies: ["IrisFuzzTargets"]),
        .testTarget(name: "IrisDetectTests", dependencies: ["IrisCore", "IrisFilters", "IrisDetect", "IrisVideo", "IrisEval"], resources: [.copy("Resources")]),
        .testTarget(name: "IrisNeuralTests", dependencies: ["IrisNeural", "IrisDetect"], resources: [.copy("Resources")]),
        .testTarget(name: "IrisEnhanceTests", dependencies: ["IrisCore", "IrisFilters", "IrisCPU", "IrisDetect", "IrisEnhance", "IrisPipeline", "IrisVideo"]),
        .testTarget(name: "IrisEvalTests", dependencies: ["IrisCore", "IrisFilters", "IrisDetect", "IrisVideo", "IrisEval"]),
        .testTarget(name: "IrisGalleryTests", dependencies: ["IrisCore", "IrisFilters", "IrisCPU", "IrisVideo", "IrisGallery"]),
        .testTarget(name: "IrisCPUTests", dependencies: ["IrisCore", "IrisFilters", "IrisCPU", "IrisBench"]),
        .testTarget(name: "IrisGLESTests", dependencies: ["IrisCore", "IrisGLES"]),
        .testTarget(name: "IrisVideoTests", dependencies: ["IrisCore", "IrisVideo", "CLibcamera"]),
        .testTarget(name: "IrisPipelineTests", dependencies: ["IrisCore", "IrisFilters", "IrisCPU", "IrisGLES", "IrisVideo", "IrisDetect", "IrisEnhance", "IrisEval",
                                                          "IrisPipeline"]),
        // Runs the built `iris` executable end to end (found beside the test bundle).
        .testTarget(name: "IrisCLITests", dependencies: ["IrisCore", "IrisFilters", "IrisVideo", "IrisDetect", "IrisEval"]),
        // The README's ```swift blocks, extracted into a file this target compiles (a test checks for drift); only
        // the umbrella and IrisWeb, so the examples prove `import Iris` is enough.
        .testTarget(name: "ReadmeExamplesTests", dependencies: ["Iris", "IrisWeb"]),
        .testTarget(name: "IrisMQTTTests", dependencies: ["IrisCore", "IrisVideo", "IrisDetect", "IrisEval", "IrisPipeline", "IrisMQTT"]),
        .testTarget(name: "IrisWebTests", dependencies: ["IrisCore", "IrisFilters", "IrisVideo", "IrisDetect", "IrisEval", "IrisPipeline", "IrisWeb"]),
        .testTarget(name: "RenderAgreementTests", dependencies: ["IrisCore", "IrisFilters", "IrisCPU", "IrisGLES", "IrisVideo", "IrisDetect"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
