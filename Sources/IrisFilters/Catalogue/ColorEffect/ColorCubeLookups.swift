import IrisCore

extension BuiltInFilters {
    /// CIColorCube: looks each pixel's colour up in a 3D table, in the working space (linear). The table is
    /// `inputCubeData` (inputCubeDimension³ RGBA float32 entries, red varying fastest, premultiplied, as in
    /// Core Image), or a `.cube` file named by Iris's `inputCubeFile`, which replaces both.
    static let colorCube = FilterDescriptor(
        name: "CIColorCube", displayName: "Color Cube",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Uses a three-dimensional color table to transform the source image pixels.",
        inputs: [.image] + cubeTableInputs,
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            guard let cube = try cubeTable(args, filter: "CIColorCube") else { return image }
            return image.applyingColorCube(cube, encoded: false, label: "CIColorCube")
        })

    /// CIColorCubeWithColorSpace: CIColorCube in a named colour space: "sRGB" (the default; the encoded
    /// values grading LUTs are made for) or "linear" (the working space, like CIColorCube).
    static let colorCubeWithColorSpace = FilterDescriptor(
        name: "CIColorCubeWithColorSpace", displayName: "Color Cube with ColorSpace",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary: "Uses a three-dimensional color table in a specified colorspace to transform the source image pixels.",
        inputs: [.image] + cubeTableInputs + [colorSpaceInput],
        build: { args throws(FilterError) in
            let image = try args.image("inputImage")
            let encoded = try cubeSpaceIsEncoded(args, filter: "CIColorCubeWithColorSpace")
            guard let cube = try cubeTable(args, filter: "CIColorCubeWithColorSpace") else { return image }
            return image.applyingColorCube(cube, encoded: encoded, label: "CIColorCubeWithColorSpace")
        })

    /// CIColorCubesMixedWithMask: two cubes applied to the image and mixed by the mask's luma (Rec. 709
    /// weights on its working-space colour): black takes cube 0, white cube 1.
    static let colorCubesMixedWithMask = FilterDescriptor(
        name: "CIColorCubesMixedWithMask", displayName: "Color Cubes Mixed With Mask",
        categories: [
            FilterCategory.colorEffect, FilterCategory.video, FilterCategory.interlaced, FilterCategory.nonSquarePixels,
            FilterCategory.stillImage, FilterCategory.builtIn
        ],
        summary:
            "Uses two three-dimensional color tables in a specified colorspace to transform the source image pixels.",
        inputs: [
            .image,
            FilterInputDescriptor(
                "inputMaskImage", .image, summary: "Where to use cube 1 (white) instead of cube 0 (black)."),
            FilterInputDescriptor(
                "inputCubeDimension", .integer, default: .number(2), range: 2...Double(ColorCubeFile.maximumSize),
                summary: "Entries along each axis of both tables."),
            FilterInputDescriptor(
                "inputCube0Data", .data, default: .data(identityCubeData),
                summary: "The table used where the mask is black."),
            FilterInputDescriptor(
                "inputCube1Data", .data, default: .data(identityCubeData),
                summary: "The table used where the mask is white."),
            colorSpaceInput
        ],
        build: { args throws(FilterError) in
            let name = "CIColorCubesMixedWithMask"
            let image = try args.image("inputImage"), mask = try args.image("inputMaskImage")
            let encoded = try cubeSpaceIsEncoded(args, filter: name)
            let dimension = Int(try args.number("inputCubeDimension"))
            func table(_ key: String) throws(FilterError) -> ColorCube {
                let data = try args.data(key)
                // The default data is the identity whatever the dimension, as in CIColorCube.
                if data == identityCubeData { return try decodeCubeData(data, dimension: 2, filter: name, key: key) }
                return try decodeCubeData(data, dimension: dimension, filter: name, key: key)
            }
            let cube0 = try table("inputCube0Data"), cube1 = try table("inputCube1Data")
            let a = image.applyingColorCube(cube0, encoded: encoded, label: "cube 0")
            let b = image.applyingColorCube(cube1, encoded: encoded, label: "cube 1")
            return Image.make(cubeMaskMixKernel, [a, b, mask], KernelArguments([]), extent: image.extent, label: name)
        })

    static let cubeTableInputs: [FilterInputDescriptor] = [
        FilterInputDescriptor(
            "inputCubeDimension", .integer, default: .number(2), range: 2...Double(ColorCubeFile.maximumSize),
            summary: "Entries along each axis of the table."),
        FilterInputDescriptor(
            "inputCubeData", .data, default: .data(identityCubeData),
            summary: "dimension³ RGBA float32 entries (little-endian), red varying fastest, then green, then blue."),
        FilterInputDescriptor(
            "inputCubeFile", .string, default: .string(""),
            summary: "Iris: a .cube 3D LUT file to use instead of inputCubeDimension and inputCubeData.")
    ]

    static let colorSpaceInput = FilterInputDescriptor(
        "inputColorSpace", .string, default: .string("sRGB"),
        summary: "Where the table applies: sRGB (encoded values) or linear (the working space).")

    /// The identity table of dimension 2, as float32 RGBA bytes.
    static let identityCubeData: [UInt8] = ColorCube(size: 2) { SIMD4($0.x, $0.y, $0.z, 1) }.float32Bytes

    /// The filter's table: from `inputCubeFile` when set, else from the data; nil for the default data,
    /// which is the identity whatever `inputCubeDimension` says.
    static func cubeTable(_ args: FilterArguments, filter: String) throws(FilterError) -> ColorCube? {
        let path = try args.string("inputCubeFile")
        if !path.isEmpty {
            do { return try ColorCubeFile.load(path: path).cube } catch {
                throw .invalidValue(filter: filter, key: "inputCubeFile", reason: error.description)
            }
        }
        let data = try args.data("inputCubeData")
        if data == identityCubeData { return nil }
        return try decodeCubeData(
            data, dimension: Int(try args.number("inputCubeDimension")), filter: filter, key: "inputCubeData")
    }

    static func cubeSpaceIsEncoded(_ args: FilterArguments, filter: String) throws(FilterError) -> Bool {
        let name = try args.string("inputColorSpace")
        switch name.lowercased() {
        case "srgb": return true
        case "linear", "linearsrgb", "linear srgb": return false
        default: throw .invalidValue(filter: filter, key: "inputColorSpace", reason: "'\(name)' is not sRGB or linear")
        }
    }

    static func decodeCubeData(_ data: [UInt8], dimension: Int, filter: String, key: String) throws(FilterError)
        -> ColorCube
    {
        let count = dimension * dimension * dimension
        guard data.count == count * 16 else {
            throw .invalidValue(
                filter: filter, key: key,
                reason:
                    "needs \(count * 16) bytes (\(dimension)³ RGBA float32 entries for inputCubeDimension \(dimension)), got \(data.count)"
            )
        }
        var entries: [SIMD4<Float>] = []
        entries.reserveCapacity(count)
        for e in 0..<count {
            var c = SIMD4<Float>()
            for k in 0..<4 {
                let o = e * 16 + k * 4
                c[k] = Float(
                    bitPattern: UInt32(data[o]) | UInt32(data[o + 1]) << 8 | UInt32(data[o + 2]) << 16 | UInt32(
                        data[o + 3]) << 24)
            }
            guard c.x.isFinite, c.y.isFinite, c.z.isFinite, c.w.isFinite else {
                throw .invalidValue(filter: filter, key: key, reason: "entry \(e) is not finite")
            }
            entries.append(c)
        }
        return ColorCube(size: dimension, entries: entries)
    }

    /// mix(cube 0, cube 1, luma of the mask's straight colour).
    static let cubeMaskMixKernel = Kernel(
        color: "irisCubeMaskMix", inputCount: 3, parameters: [],
        glsl: """
            vec4 irisCubeMaskMix(vec4 s0, vec4 s1, vec4 s2) {
                vec3 m = s2.a < IRIS_INVISIBLE_ALPHA ? vec3(0.0) : s2.rgb / s2.a;
                return mix(s0, s1, clamp(dot(m, vec3(0.2126, 0.7152, 0.0722)), 0.0, 1.0));
            }
            """,
        cpu: { px, others, _, _ in
            let b = others[0], mask = others[1]
            for i in px.indices {
                let m = mask[i]
                let straight = m.w < invisibleAlpha ? SIMD3<Float>() : SIMD3(m.x, m.y, m.z) / m.w
                let t = min(max(straight.x * 0.2126 + straight.y * 0.7152 + straight.z * 0.0722, 0), 1)
                px[i] = px[i] * (1 - t) + b[i] * t
            }
        })
}

extension ColorCube {
    /// The entries as Core Image's cube data: RGBA float32, little-endian, red varying fastest.
    public var float32Bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 16)
        for e in entries {
            for k in 0..<4 { withUnsafeBytes(of: e[k].bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        }
        return bytes
    }
}
