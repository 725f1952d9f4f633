import IrisCore

/// Turns one pass's expression tree into a GLSL ES 1.00 fragment shader: one function `vec4 n<k>(vec2 p)`
/// per node (inputs before the nodes that read them), evaluated at the fragment's global coordinate.
/// The plan has passed `RenderPlan.validate`: indices, input counts and argument types are trusted.
///
/// A node is 0 outside its extent, but the output pass writes that test only where a point outside can
/// reach the node (`ShaderDemand`): a camera chain's nodes all cover the frame, and on a software
/// rasteriser such as llvmpipe, which runs every branch under a mask, those never-taken tests cost about a
/// fifth of the pass.
struct PassShaderGenerator {
    /// How each leaf's plane is stored, which decides how a 2-channel sample is swizzled.
    let planeUsesTextureRG: Bool
    private let plan: RenderPlan

    private var textures: [SampledTexture] = []
    /// Units of textures some read samples away from their texels' centres.
    private var offCentreUnits = Set<Int>()
    /// Per texture unit: where its texture is defined (cube units hold `Rect.infinite`, never read).
    private var textureExtents: [Rect] = []
    private var cubes: [ColorCube] = []
    private var planUniforms: [(name: String, value: KernelValue)] = []
    private var kernelNames: [String] = []
    /// Colour and warp kernel sources are emitted once each, keyed by function name.
    private var sharedKernelSources: [String: String] = [:]
    private var sharedKernelOrder: [String] = []
    private var textureFunctions = ""
    private var nodeFunctions = ""
    private var nodeCount = 0

    init(plan: RenderPlan, planeUsesTextureRG: Bool) {
        self.plan = plan
        self.planeUsesTextureRG = planeUsesTextureRG
    }

    /// The program for pass `index`. The output pass clamps to 0…1 for its RGBA8 target; others write raw values.
    static func generate(plan: RenderPlan, pass index: Int, planeUsesTextureRG: Bool) throws(RenderError)
        -> GeneratedProgram
    {
        var generator = PassShaderGenerator(plan: plan, planeUsesTextureRG: planeUsesTextureRG)
        let isOutput = index == plan.passes.count - 1
        // Only the output pass leaves tests out: in an intermediate pass, llvmpipe rounds the half floats
        // written without them differently, enough to move a colour map on a translucent picture 3/255 off
        // the CPU renderer.
        let pass = plan.passes[index]
        let demand = isOutput ? ShaderDemand.drawn(plan: plan, pass: index) : .anywhere
        let root = try generator.emit(pass.root, demand: demand)
        let result = isOutput ? "clamp(\(root)(p), 0.0, 1.0)" : "\(root)(p)"
        let source =
            GLSLPrelude.fragment
            + generator.textureFunctions
            + generator.sharedKernelOrder.compactMap { generator.sharedKernelSources[$0] }.joined(separator: "\n")
            + "\n"
            + generator.nodeFunctions
                + """
                uniform vec2 \(GeneratedProgram.originUniform);
                void main() {
                    // Framebuffer row 0 is the top row of the pass's rectangle: rows are stored top-down.
                    vec2 p = vec2(\(GeneratedProgram.originUniform).x + gl_FragCoord.x, \(GeneratedProgram.originUniform).y - gl_FragCoord.y);
                    gl_FragColor = \(result);
                }

                """
        return GeneratedProgram(
            fragmentSource: source, kernelNames: generator.kernelNames,
            textures: generator.textures,
            texelCentredUnits: Set(
                generator.textures.indices.filter { unit in
                    if case .cube = generator.textures[unit] { return false }
                    return !generator.offCentreUnits.contains(unit)
                }), cubes: generator.cubes, planUniforms: generator.planUniforms)
    }

    /// Emits the function for `expression` (after those of its inputs) and returns its name. It is only
    /// called at points inside `demand`.
    private mutating func emit(_ expression: RenderPlan.Expression, demand: ShaderDemand) throws(RenderError)
        -> String
    {
        switch expression {
        case let .leaf(index):
            let sampler = textureFunction(for: .leaf(index), demand: demand)
            return nodeFunction { name in "vec4 \(name)(vec2 p) { return \(sampler)(p); }\n" }
        case let .intermediate(index):
            let sampler = textureFunction(for: .intermediate(index), demand: demand)
            return nodeFunction { name in "vec4 \(name)(vec2 p) { return \(sampler)(p); }\n" }
        case let .constant(color):
            let name = nextNodeName()
            planUniforms.append((name: "u_\(name)", value: .vec4(color)))
            nodeFunctions += "uniform vec4 u_\(name);\nvec4 \(name)(vec2 p) { return u_\(name); }\n"
            return name
        case let .kernel(node):
            return try emitKernel(node, demand: demand)
        case let .lookup(node):
            let input = try emit(node.input, demand: demand.inside(node.extent))
            let lookup = cubeFunction(for: node.cube)
            let name = nextNodeName()
            nodeFunctions += """
                \(extentTest(for: name, extent: node.extent, demand: demand))vec4 \(name)(vec2 p) {
                    \(extentReturn(for: name, extent: node.extent, demand: demand))return \(lookup)(\(input)(p));
                }

                """
            return name
        }
    }

    private mutating func emitKernel(_ node: RenderPlan.KernelNode, demand: ShaderDemand) throws(RenderError)
        -> String
    {
        let kernel = node.kernel
        if !kernelNames.contains(kernel.name) { kernelNames.append(kernel.name) }
        let called = demand.inside(node.extent)
        var inputs: [String] = []
        for input in node.inputs { inputs.append(try emit(input, demand: called.read(by: node))) }

        let name = nextNodeName()
        var declarations = extentTest(for: name, extent: node.extent, demand: demand)
        var arguments: [String] = []
        for (i, (parameter, value)) in zip(kernel.parameters, node.arguments.values).enumerated() {
            let uniform = "u_\(name)_\(i)"
            declarations += "uniform \(parameter.glslType) \(uniform);\n"
            planUniforms.append((name: uniform, value: value))
            arguments.append(uniform)
        }

        let value: String
        switch kernel.kind {
        case .color:
            try shareKernelSource(kernel)
            let colors = inputs.map { "\($0)(p)" }
            value =
                "\(kernel.name)(\((colors + (kernel.usesDestCoord ? ["p"] : []) + arguments).joined(separator: ", ")))"
        case .warp:
            try shareKernelSource(kernel)
            value = "\(inputs[0])(\(kernel.name)(\((["p"] + arguments).joined(separator: ", "))))"
        case .general:
            // Each general node gets its own copy of the kernel, with sampleN bound to its own inputs and the
            // function renamed so that two nodes of one kernel do not clash.
            let renamed = "\(kernel.name)_\(name)"
            let samplers = inputs.enumerated().map { ($0.offset, $0.element) }
            declarations +=
                samplers.map { "#define sample\($0.0) \($0.1)\n" }.joined()
                + "#define \(kernel.name) \(renamed)\n\(kernel.glsl)\n#undef \(kernel.name)\n"
                + samplers.map { "#undef sample\($0.0)\n" }.joined()
            value = "\(renamed)(\((["p"] + arguments).joined(separator: ", ")))"
        }
        // The node's glue is blamed on its kernel too: a wrong signature fails at the call.
        nodeFunctions +=
            GLSLKernelBlame.wrap(
                declarations + """
                    vec4 \(name)(vec2 p) {
                        \(extentReturn(for: name, extent: node.extent, demand: demand))return \(value);
                    }
                    """, kernel: kernel.name) + "\n"
        return name
    }

    /// The extent uniform's declaration for node `name` (recorded among the plan's uniforms), or nothing
    /// when no point of `demand` lies outside `extent`.
    private mutating func extentTest(for name: String, extent: Rect, demand: ShaderDemand) -> String {
        guard !demand.isInside(extent) else { return "" }
        planUniforms.append((name: "u_\(name)_extent", value: GLSLPrelude.extentValue(extent)))
        return "uniform vec4 u_\(name)_extent;\n"
    }

    /// The test that returns 0 outside `extent`, with the indentation the next statement needs, or nothing.
    private func extentReturn(for name: String, extent: Rect, demand: ShaderDemand) -> String {
        demand.isInside(extent) ? "" : "if (iris_outside(p, u_\(name)_extent)) return vec4(0.0);\n    "
    }

    /// Records a colour or warp kernel's source for the shared section; two different sources under one
    /// name cannot live in one program.
    private mutating func shareKernelSource(_ kernel: Kernel) throws(RenderError) {
        if let existing = sharedKernelSources[kernel.name] {
            guard existing == GLSLKernelBlame.wrap(kernel.glsl, kernel: kernel.name) else {
                throw .kernelCompileFailed(
                    kernel: kernel.name, log: "two different kernels named '\(kernel.name)' in one pass")
            }
            return
        }
        sharedKernelSources[kernel.name] = GLSLKernelBlame.wrap(kernel.glsl, kernel: kernel.name)
        sharedKernelOrder.append(kernel.name)
    }

    /// The function that samples `texture` at a global point (emitted on first use): `iris_t<unit>`, which
    /// gives 0 outside the texture's extent, or `iris_t<unit>_inside`, without that test, when every point of
    /// `demand` lies inside it.
    private mutating func textureFunction(for texture: SampledTexture, demand: ShaderDemand) -> String {
        let unit = textures.firstIndex(of: texture) ?? emitTextureFunctions(for: texture)
        if !demand.atPixelCentres { offCentreUnits.insert(unit) }
        return demand.isInside(textureExtents[unit]) ? "iris_t\(unit)_inside" : "iris_t\(unit)"
    }

    /// Emits both sampling functions of a texture the pass has not read before; returns its unit.
    private mutating func emitTextureFunctions(for texture: SampledTexture) -> Int {
        let unit = textures.count
        textures.append(texture)
        let extent: Rect
        let sample: String
        switch texture {
        case let .leaf(index):
            let leaf = plan.leaves[index]
            extent = leaf.extent
            switch leaf.channels {
            case 1: sample = "vec4(c.r, 0.0, 0.0, 1.0)"
            // LUMINANCE_ALPHA puts the second byte in alpha.
            case 2: sample = planeUsesTextureRG ? "vec4(c.r, c.g, 0.0, 1.0)" : "vec4(c.r, c.a, 0.0, 1.0)"
            default: sample = leaf.swapsRedBlue ? "c.bgra" : "c"
            }
        case let .intermediate(index):
            extent = plan.passes[index].extent
            sample = "c"
        case .cube:
            preconditionFailure("colour cubes are read through cubeFunction(for:), not as images")
        }
        textureExtents.append(extent)
        let t = GeneratedProgram.samplerUniform(unit), r = GeneratedProgram.rectUniform(unit), e = "\(t)_extent"
        planUniforms.append((name: e, value: GLSLPrelude.extentValue(extent)))
        // The rect uniform is (minX, maxY, width, height) of the stored rectangle; texture row 0 is its top row.
        textureFunctions += """
            uniform sampler2D \(t);
            uniform vec4 \(r);
            uniform vec4 \(e);
            vec4 iris_t\(unit)_inside(vec2 q) {
                vec4 c = texture2D(\(t), vec2((q.x - \(r).x) / \(r).z, (\(r).y - q.y) / \(r).w));
                return \(sample);
            }
            vec4 iris_t\(unit)(vec2 q) {
                if (iris_outside(q, \(e))) return vec4(0.0);
                return iris_t\(unit)_inside(q);
            }

            """
        return unit
    }

    /// The tetrahedral lookup of `cube` (emitted once per cube): the same four corners and weights as
    /// `ColorCube.sample`, each corner a nearest-filtered texel of the atlas `CubeTextureCache` uploads.
    private mutating func cubeFunction(for cube: ColorCube) -> String {
        let unit = textures.count
        cubes.append(cube)
        textures.append(.cube(cubes.count - 1))
        textureExtents.append(.infinite)
        let layout = CubeTextureCache.Layout(size: cube.size)
        let n = "\(cube.size).0", columns = "\(layout.columns).0"
        let t = GeneratedProgram.samplerUniform(unit)
        textureFunctions += """
            uniform sampler2D \(t);
            vec4 iris_cube\(unit)_at(vec3 i) {
                // + 0.5 keeps floor() exact when the division is done as a multiply by the reciprocal.
                float row = floor((i.z + 0.5) / \(columns));
                float column = i.z - row * \(columns);
                return texture2D(\(t), vec2((column * \(n) + i.x + 0.5) / \(layout.width).0, (row * \(n) + i.y + 0.5) / \(layout.height).0));
            }
            vec4 iris_cube\(unit)(vec4 c) {
                vec3 f = clamp(c.rgb, 0.0, 1.0) * (\(n) - 1.0);
                vec3 b = min(floor(f), vec3(\(n) - 2.0));
                vec3 t = f - b;
                vec3 first; vec3 second; float hi; float mid; float lo;
                if (t.r >= t.g) {
                    if (t.g >= t.b) { first = vec3(1.0, 0.0, 0.0); second = vec3(1.0, 1.0, 0.0); hi = t.r; mid = t.g; lo = t.b; }
                    else if (t.r >= t.b) { first = vec3(1.0, 0.0, 0.0); second = vec3(1.0, 0.0, 1.0); hi = t.r; mid = t.b; lo = t.g; }
                    else { first = vec3(0.0, 0.0, 1.0); second = vec3(1.0, 0.0, 1.0); hi = t.b; mid = t.r; lo = t.g; }
                } else {
                    if (t.b >= t.g) { first = vec3(0.0, 0.0, 1.0); second = vec3(0.0, 1.0, 1.0); hi = t.b; mid = t.g; lo = t.r; }
                    else if (t.b >= t.r) { first = vec3(0.0, 1.0, 0.0); second = vec3(0.0, 1.0, 1.0); hi = t.g; mid = t.b; lo = t.r; }
                    else { first = vec3(0.0, 1.0, 0.0); second = vec3(1.0, 1.0, 0.0); hi = t.g; mid = t.r; lo = t.b; }
                }
                return iris_cube\(unit)_at(b) * (1.0 - hi) + iris_cube\(unit)_at(b + first) * (hi - mid)
                    + iris_cube\(unit)_at(b + second) * (mid - lo) + iris_cube\(unit)_at(b + vec3(1.0)) * lo;
            }

            """
        return "iris_cube\(unit)"
    }

    private mutating func nodeFunction(_ body: (String) -> String) -> String {
        let name = nextNodeName()
        nodeFunctions += body(name)
        return name
    }

    private mutating func nextNodeName() -> String {
        defer { nodeCount += 1 }
        return "n\(nodeCount)"
    }
}
