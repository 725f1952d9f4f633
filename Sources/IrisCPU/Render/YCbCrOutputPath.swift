import IrisCore

/// The camera case of an output pass, rendered without the span interpreter: a 4:2:0 decoder (NV12, NV21,
/// I420) read at pixel centres inside the frame, optionally followed by one baked `ColorCube`, colour
/// kernels the cube could not take because they read the pixel's position (a vignette, a detector overlay's
/// shapes), stored images placed over it by whole pixels (a detector overlay's labels), the output encode
/// and a BGRA swizzle. Rows go straight from the planes through `YCbCrRowDecoder` (and the cube)
/// into output bytes. Any other shape, or a rectangle reaching outside the frame, takes the span
/// interpreter, where `DecodedSpanNode` still decodes the frame's rows this way.
struct YCbCrOutputPath: Sendable {
    let source: YCbCrSource
    let cube: CubeInterpolator?
    /// The output conversion left after the cube (the sRGB encode, steep near black, stays exact).
    let encode: Kernel.CPUBody?
    /// The sRGB encode as a byte table, when it follows an opaque, finite cube (premultiplied and straight
    /// colour are the same there).
    let byteEncode: SRGBByteTable?
    /// A separable cube and the byte encode as three tables, when both allow it.
    let channelTables: ChannelByteTables?
    /// The cube's run as curves, a matrix and curves straight to output bytes (`ChannelMatrixForm`), when the
    /// baker found that shape and nothing but the output encode follows the cube.
    let channelMatrix: ChannelMatrixForm?
    /// One-input colour kernels run on the cube's output row, in order, before the encode.
    let afterCube: [PositionedColorKernel]
    /// Stored images composited over the row after those kernels, in order, from `images`.
    let overs: [PlacedImageOver]
    /// The plan's intermediate passes, which `overs` read.
    let images: [PassImage]
    let swapsRedBlue: Bool
    /// The output rectangle: x of its left column, y of its top row + 1, width.
    let x: Int, maxY: Int, width: Int

    /// `intermediates`: how many passes come before this one (`images` holds them when rows are rendered).
    init?(
        pass: RenderPlan.Pass, rect: Rect, leaves: [RenderPlan.Leaf], intermediates: Int = 0,
        images: [PassImage] = []
    ) {
        var root = pass.root
        var swaps = false
        if case let .kernel(node) = root, node.kernel.role == .swizzleBGRA, node.extent.contains(rect) {
            root = node.inputs[0]
            swaps = true
        }
        var encode: Kernel.CPUBody?
        var encodesSRGB = false
        if case let .kernel(node) = root, node.extent.contains(rect), let inner = node.inputs.first,
            node.kernel.role == .linearToSRGB || node.kernel.role == .unpremultiply
        {
            encode = node.kernel.cpu
            root = inner
            encodesSRGB = node.kernel.role == .linearToSRGB
        }
        var overs: [PlacedImageOver] = []
        while case let .kernel(node) = root {
            if let over = PlacedImageOver(node, covering: rect, intermediates: intermediates) {
                overs.insert(over, at: 0)
                root = node.inputs[1]
            } else if Self.cropsNothing(node, of: rect) {
                // A composite's result cropped back to the frame (a label reaching past its edge).
                root = node.inputs[0]
            } else {
                break
            }
        }
        var afterCube: [PositionedColorKernel] = []
        while case let .kernel(node) = root, let kernel = PositionedColorKernel(node, covering: rect) {
            afterCube.insert(kernel, at: 0)
            root = node.inputs[0]
        }
        var cube: CubeInterpolator?
        var baked: ColorCube?
        if case let .lookup(node) = root, node.extent.contains(rect) {
            cube = CubeInterpolator(node.cube)
            baked = node.cube
            root = node.input
        }
        guard encode == nil && afterCube.isEmpty && overs.isEmpty || cube != nil else { return nil }
        guard case let .kernel(decode) = root, decode.extent.contains(rect), pass.extent.contains(rect),
            rect.x == rect.x.rounded(), Int(rect.x) % 2 == 0,
            let source = YCbCrSource(decode, leaves: leaves),
            Rect(width: source.width, height: source.height).contains(rect)
        else { return nil }
        self.source = source
        self.cube = cube
        self.encode = encode
        byteEncode = encodesSRGB && cube?.isOpaqueAndFinite == true ? SRGBByteTable.shared : nil
        self.afterCube = afterCube
        self.overs = overs
        self.images = images
        let byteEncodes = byteEncode != nil
        channelTables =
            afterCube.isEmpty && overs.isEmpty && (encode == nil || byteEncodes)
            ? baked.flatMap { ChannelByteTablesCache.tables(for: $0, encodesSRGB: byteEncodes) } : nil
        // The form's bytes are the run's output as shown: encoded by the run itself, or by the sRGB encode
        // the path would apply after the cube.
        channelMatrix =
            channelTables == nil && afterCube.isEmpty && overs.isEmpty
            ? baked?.channelMatrix.flatMap { ($0.endsEncoded ? encode == nil : byteEncodes) ? $0 : nil } : nil
        self.swapsRedBlue = swaps
        x = Int(rect.x)
        maxY = Int(rect.y + rect.height)
        width = Int(rect.width)
    }

    /// One thread's row renderer (it owns scratch rows).
    func rows() -> YCbCrOutputRows { YCbCrOutputRows(self) }

    /// Whether `node` is a crop that keeps every pixel of `rect`.
    static func cropsNothing(_ node: RenderPlan.KernelNode, of rect: Rect) -> Bool {
        guard node.kernel.role == .crop, node.inputs.count == 1, node.extent.contains(rect) else { return false }
        let r = node.arguments.vec4(0)
        return Rect(x: Double(r.x), y: Double(r.y), width: Double(r.z), height: Double(r.w)).contains(rect)
    }
}

/// Renders rows of a `YCbCrOutputPath` into RGBA (or BGRA) bytes.
final class YCbCrOutputRows {
    private let path: YCbCrOutputPath
    private var decoder: YCbCrRowDecoder
    /// The matrix scaled to bytes, or to the cube's fixed-point coordinates.
    private let scaledMatrix: YCbCrRowDecoder.ScaledMatrix
    private var r: [Int32], g: [Int32], b: [Int32]
    /// Three rows of the fixed-point decode's coordinates, for a power-of-two cube.
    private var unit16: [UInt16]
    private var colours: [SIMD4<Float>]
    /// The row's pixel centres, for the kernels after the cube (as long as `colours`).
    private var positions: [SIMD2<Float>]
    /// Scratch rows for the stored images placed over the row.
    private var foreground: [SIMD4<Float>] = [], storedPoints: [SIMD2<Float>] = []
    private let cubeRows = CubeRowLookup()
    private let matrixRows = ChannelMatrixRows()

    init(_ path: YCbCrOutputPath) {
        self.path = path
        decoder = path.source.makeDecoder()
        scaledMatrix = YCbCrRowDecoder.ScaledMatrix(path.source.matrix, scale: path.cube?.unitScale ?? 255)
        let padded = path.width + YCbCrRowDecoder.outputPadding
        let fixed = path.cube?.unit16CellBits != nil && scaledMatrix.fixedPointCoordinates != nil
        r = [Int32](repeating: 0, count: fixed || path.cube == nil ? 0 : padded)
        g = r
        b = r
        unit16 = [UInt16](repeating: 0, count: fixed ? 3 * padded : 0)
        colours = [SIMD4<Float>](repeating: .zero, count: path.cube == nil ? 0 : padded)
        // Every row has the same pixel centres across; a row sets only their y.
        let cx = Float(path.x) + 0.5, lastColumn = path.width - 1
        positions = (0..<(path.afterCube.isEmpty ? 0 : colours.count)).map {
            SIMD2(cx + Float(min($0, lastColumn)), 0)
        }
    }

    /// Renders memory rows `rows` (0 = the rectangle's top), row r into `rowStart(r)` (width × 4 bytes).
    func render(rows: Range<Int>, into rowStart: (Int) -> UnsafeMutablePointer<UInt8>) {
        path.source.withPlanes { planes in
            for row in rows {
                let y = path.maxY - 1 - row  // global row, bottom-up
                planes.blendChroma(forGlobalRow: y, into: &decoder)
                let luma = planes.lumaRow(globalRow: y), out = rowStart(row)
                if let cube = path.cube {
                    lookUp(luma: luma, cube: cube, row: y, into: out)
                } else {
                    UnsafeMutableRawPointer(out).withMemoryRebound(to: UInt32.self, capacity: path.width) { words in
                        decoder.decodeToBytes(
                            luma: luma, x0: path.x, count: path.width, matrix: scaledMatrix,
                            swapsRedBlue: path.swapsRedBlue, into: words)
                    }
                }
            }
        }
    }

    /// Decode to the cube's coordinates, then one cube lookup per pixel, the kernels after the cube, then the
    /// output encode straight to bytes: the sRGB byte table after an opaque cube (and opaque kernels' output),
    /// the exact kernel otherwise. A power-of-two cube takes the fixed-point decode's 16-bit coordinates as
    /// they are. `y` is the row's global y (bottom-up).
    private func lookUp(
        luma: UnsafePointer<UInt8>, cube: CubeInterpolator, row y: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        let width = path.width
        if let cellBits = cube.unit16CellBits, scaledMatrix.fixedPointCoordinates != nil {
            let stride = width + YCbCrRowDecoder.outputPadding
            unit16.withUnsafeMutableBufferPointer { p in
                guard let base = p.baseAddress else { return }
                let (rs, gs, bs) = (base, base + stride, base + 2 * stride)
                decoder.decodeToUnit16(luma: luma, x0: path.x, count: width, matrix: scaledMatrix, r: rs, g: gs, b: bs)
                if let tables = path.channelTables {
                    UnsafeMutableRawPointer(out).withMemoryRebound(to: UInt32.self, capacity: width) { words in
                        tables.encode(r: rs, g: gs, b: bs, count: width, swapsRedBlue: path.swapsRedBlue, into: words)
                    }
                } else if let form = path.channelMatrix {
                    UnsafeMutableRawPointer(out).withMemoryRebound(to: UInt32.self, capacity: width) { words in
                        matrixRows.encode(
                            form, r: rs, g: gs, b: bs, count: width, swapsRedBlue: path.swapsRedBlue, into: words)
                    }
                } else {
                    lookUp(cube, .unit16(r: rs, g: gs, b: bs, cellBits: cellBits), row: y, into: out)
                }
            }
        } else {
            r.withUnsafeMutableBufferPointer { rp in
                g.withUnsafeMutableBufferPointer { gp in
                    b.withUnsafeMutableBufferPointer { bp in
                        guard let rs = rp.baseAddress, let gs = gp.baseAddress, let bs = bp.baseAddress else { return }
                        decoder.decode(luma: luma, x0: path.x, count: width, matrix: scaledMatrix, r: rs, g: gs, b: bs)
                        lookUp(cube, .cells(r: rs, g: gs, b: bs), row: y, into: out)
                    }
                }
            }
        }
    }

    /// The cube over one row's coordinates, the kernels after it, and the encode into `out`.
    private func lookUp(
        _ cube: CubeInterpolator, _ coordinates: CubeRowLookup.Coordinates, row y: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let width = path.width
        if let table = path.byteEncode, path.afterCube.isEmpty, path.overs.isEmpty {
            UnsafeMutableRawPointer(out).withMemoryRebound(to: UInt32.self, capacity: width) { words in
                cubeRows.lookUpAndEncode(
                    cube, coordinates, count: width, table: table, swapsRedBlue: path.swapsRedBlue, into: words)
            }
            return
        }
        colours.withUnsafeMutableBufferPointer { cp in
            guard let cs = cp.baseAddress else { return }
            cubeRows.lookUp(cube, coordinates, count: width, into: cs)
        }
        if !path.afterCube.isEmpty || !path.overs.isEmpty {
            if !path.afterCube.isEmpty {
                let cy = Float(y) + 0.5
                positions.withUnsafeMutableBufferPointer { p in
                    for i in p.indices { p[i].y = cy }
                }
                PositionedColorKernel.run(path.afterCube, on: &colours, at: positions)
            }
            for over in path.overs {
                over.composite(
                    over: &colours, row: y, x0: path.x, count: width, images: path.images, foreground: &foreground,
                    points: &storedPoints)
            }
            if let table = path.byteEncode, Self.isOpaque(colours, count: width) {
                colours.withUnsafeBufferPointer { cp in
                    guard let cs = cp.baseAddress else { return }
                    UnsafeMutableRawPointer(out).withMemoryRebound(to: UInt32.self, capacity: width) { words in
                        cubeRows.encode(cs, count: width, table: table, swapsRedBlue: path.swapsRedBlue, into: words)
                    }
                }
                return
            }
        }
        if case let .color(body)? = path.encode { body(&colours, [], [], KernelArguments([])) }
        colours.withUnsafeBufferPointer { cp in
            guard let cs = cp.baseAddress else { return }
            packBytes(cs, count: width, into: out)
        }
        if path.swapsRedBlue {
            for i in 0..<width { swap(&out[4 * i], &out[4 * i + 2]) }
        }
    }

    /// Whether the first `count` colours all have alpha 1 (premultiplied and straight colour agree).
    private static func isOpaque(_ colours: [SIMD4<Float>], count: Int) -> Bool {
        colours.withUnsafeBytes { raw in
            // A flag folded without branching, and alphas read as a flat row of floats, so the loop vectorises.
            var transparent: UInt32 = 0
            for i in 0..<count { transparent |= raw.load(fromByteOffset: i &* 16 &+ 12, as: Float.self) == 1 ? 0 : 1 }
            return transparent == 0
        }
    }
}
