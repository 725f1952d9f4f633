import Foundation
import IrisCore
import Synchronization

/// Executes a `RenderPlan` on the CPU: tile after tile, pass after pass, each pass's rows split into one
/// band per thread and evaluated in spans with the kernels' Swift bodies. Produces the same pixels as the
/// GLES renderer within 2/255.
///
///     let pixels = try CPURenderer().execute(plan)
public struct CPURenderer: Renderer, Sendable {
    /// How the work is split.
    public struct Options: Sendable, Hashable {
        /// Row bands rendered in parallel (at least 1).
        public var threads: Int
        /// Pixels evaluated per call into a kernel body. Longer spans call bodies less often; shorter ones
        /// keep the per-node scratch arrays in cache.
        public var spanLength: Int

        public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, spanLength: Int = 512) {
            self.threads = max(threads, 1)
            self.spanLength = max(spanLength, 1)
        }
    }

    public let options: Options
    public var name: String { "cpu" }
    public var maximumTextureSize: Int { Int.max }
    /// A cube lookup costs the same for one colour filter or ten; `iris bench` measures it against the chain.
    public var prefersColorCubes: Bool { true }

    public init(options: Options = .init()) { self.options = options }

    /// Counts the output bytes each render wrote (the CPU converts its inputs into them); shared by copies.
    private let written = ByteTrafficCounter()

    /// Row-band threads the next renders may use, at most `options.threads`; shared by copies.
    public let threadLimit = ThreadLimit()

    /// The band threads a render starts with.
    private var threads: Int { min(options.threads, threadLimit.current) }

    public var traffic: ByteTraffic { written.total }

    /// True when the plan's output is a 4:2:0 camera frame, decoded (and looked up in its colour cube)
    /// row by row without the span interpreter: what `iris bench` measures and the tests pin down. Passes
    /// before it may only make images placed over those rows (a detector overlay's labels).
    public static func rendersDirectly(_ plan: RenderPlan) -> Bool {
        guard let pass = plan.passes.last else { return false }
        return YCbCrOutputPath(
            pass: pass, rect: plan.outputRect, leaves: plan.leaves, intermediates: plan.passes.count - 1) != nil
    }

    /// A Swift body for every kernel, and no texture limit.
    public var planRequirements: PlanRequirements { PlanRequirements(requiresCPUBodies: true) }

    /// Renders the plan into a new buffer of `plan.outputFormat` and `plan.outputRect`'s size. Throws
    /// `PlanError` (`.missingCPUBody` for a GLSL-only kernel) before doing any work, and `AllocationError`
    /// when the output or an intermediate cannot be allocated.
    public func execute(_ plan: RenderPlan) throws -> PixelBuffer {
        // Everything below trusts the plan: indices, counts, leaf sizes and bodies are checked here, once.
        try plan.validate(planRequirements)
        let width = Int(plan.outputRect.width), height = Int(plan.outputRect.height)
        // The camera path writes every byte of every row, so its buffer skips the zero fill; any other plan
        // may leave pixels outside its extent untouched, which must read as transparent black.
        let writesEveryByte =
            plan.passes.count == 1 && plan.tiles.count == 1 && plan.tiles[0].output.contains(plan.outputRect)
            && YCbCrOutputPath(pass: plan.passes[0], rect: plan.outputRect, leaves: plan.leaves) != nil
        // The output and each tile's intermediates are asked for through the failable path: memory the
        // system refuses (an address-space limit, limits raised past the machine) is an AllocationError.
        var buffer = try PixelBuffer(
            checkedWidth: width, height: height, format: plan.outputFormat, zeroed: !writesEveryByte,
            for: "the \(width)×\(height) render output")
        let bytesPerRow = buffer.planes[0].bytesPerRow
        let tiles = TileRenderer(plan: plan, threads: threads, spanLength: options.spanLength)
        try buffer.planes[0].bytes.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            // Tiles do not overlap, and each tile's bands split its rows: every byte has one writer.
            for tile in plan.tiles {
                let output = BandedOutput(base: base, byteCount: bytes.count, bytesPerRow: bytesPerRow)
                try tiles.render(tile, into: output)
            }
        }
        written.add(ByteTraffic(cpuConverted: buffer.planes.reduce(0) { $0 + $1.byteCount }))
        return buffer
    }

    /// Renders into the encoder's planes in one pass over the output rows: each chunk of rows is rendered
    /// as bytes and converted while in cache, so no RGBA frame is made unless `keepingPicture` asks for it.
    /// A plan split into tiles renders its picture first and converts it.
    public func execute(_ plan: RenderPlan, encoding: EncoderPlanes, keepingPicture: Bool) throws -> EncodedRender {
        try plan.validate(planRequirements)
        let converter = EncoderPlaneConverter(encoding, from: plan.outputFormat)
        guard plan.tiles.count == 1, plan.tiles[0].output.contains(plan.outputRect) else {
            let picture = try execute(plan)
            let planes = converter.convert(picture)
            written.add(ByteTraffic(cpuConverted: planes.planes.reduce(0) { $0 + $1.byteCount }))
            return EncodedRender(picture: keepingPicture ? picture : nil, planes: planes)
        }
        let width = Int(plan.outputRect.width), height = Int(plan.outputRect.height)
        var planes = encoding.makeBuffer(width: width, height: height, zeroed: false)
        var picture =
            keepingPicture
            ? try PixelBuffer(
                checkedWidth: width, height: height, format: plan.outputFormat, zeroed: true,
                for: "the \(width)×\(height) render output") : nil
        let tiles = TileRenderer(plan: plan, threads: threads, spanLength: options.spanLength)
        let planeSizes = planes.planes.map { ($0.byteCount, $0.bytesPerRow) }
        try EncoderPlaneConverter.withPlanePointers(&planes) { bases throws(AllocationError) in
            let output = EncoderPlanesOutput(
                planes: zip(bases, planeSizes).map {
                    BandedOutput(base: UnsafeMutableRawPointer($0), byteCount: $1.0, bytesPerRow: $1.1)
                },
                converter: converter)
            guard var kept = picture else { return try tiles.renderEncoded(plan.tiles[0], into: output, picture: nil) }
            picture = nil
            defer { picture = kept }
            let stride = kept.planes[0].bytesPerRow
            try kept.planes[0].bytes.withUnsafeMutableBufferPointer { bytes throws(AllocationError) in
                guard let base = bytes.baseAddress else { return }
                let banded = BandedOutput(
                    base: UnsafeMutableRawPointer(base), byteCount: bytes.count, bytesPerRow: stride)
                try tiles.renderEncoded(plan.tiles[0], into: output, picture: banded)
            }
        }
        let moved = planes.planes.reduce(0) { $0 + $1.byteCount } + (picture?.planes[0].byteCount ?? 0)
        written.add(ByteTraffic(cpuConverted: moved))
        return EncodedRender(picture: picture, planes: planes)
    }
}
