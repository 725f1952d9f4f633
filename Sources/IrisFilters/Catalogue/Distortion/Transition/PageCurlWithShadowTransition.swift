import IrisCore

extension BuiltInFilters {
    /// CIPageCurlWithShadowTransition: the page curl of CIPageCurlTransition (no shading image), plus the
    /// roll's shadow on the revealed target: past the roll (u ≥ axis + R along the curl direction) the target's
    /// colour is multiplied by 1 − amount · clamp(1 − (u − axis − R) / (size · R), 0, 1), inside `inputShadowExtent`
    /// when that is not empty. An empty `inputExtent` means the source image's extent (Iris's model; Core
    /// Image's is not published).
    static let pageCurlWithShadowTransition = FilterDescriptor(
        name: "CIPageCurlWithShadowTransition", displayName: "Page Curl With Shadow",
        categories: DistortionSupport.transitionCategories,
        summary:
            "Transitions from one image to another by simulating a curling page, revealing the new image as the page curls, with a shadow.",
        inputs: [
            .image, DistortionSupport.targetImage,
            FilterInputDescriptor("inputBacksideImage", .image, summary: "What the back of the page shows."),
            FilterInputDescriptor(
                "inputExtent", .vector, default: .vector([0, 0, 0, 0]),
                summary: "The page's rectangle; empty means the image's extent."),
            DistortionSupport.time,
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
                summary: "The direction the page curls towards, in radians."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(100), range: 0.01...Double.infinity, slider: 0.01...400,
                summary: "The radius of the curl, in pixels."),
            FilterInputDescriptor(
                "inputShadowSize", .distance, default: .number(0.5), range: 0...1,
                summary: "The shadow's reach past the roll, in curl radii."),
            FilterInputDescriptor(
                "inputShadowAmount", .distance, default: .number(0.7), range: 0...1,
                summary: "How dark the shadow is at the roll."),
            FilterInputDescriptor(
                "inputShadowExtent", .vector, default: .vector([0, 0, 0, 0]),
                summary: "Where the shadow may fall; empty means everywhere.")
        ],
        build: { args throws(FilterError) in
            let a = try args.image("inputImage"), b = try args.image("inputTargetImage"),
                back = try args.image("inputBacksideImage")
            var v = try args.vector("inputExtent")
            let shadowRect = try args.vector("inputShadowExtent")
            guard v.count == 4, shadowRect.count == 4 else {
                throw .invalidValue(
                    filter: "CIPageCurlWithShadowTransition", key: "inputExtent", reason: "needs x, y, width, height")
            }
            if v[2] <= 0 || v[3] <= 0 {
                let e = a.extent.isInfinite || a.extent.isEmpty ? Rect(x: 0, y: 0, width: 300, height: 300) : a.extent
                v = [e.minX, e.minY, e.width, e.height]
            }
            let (curled, direction, axis, radius) = try curledPage(
                a, b, back: back, shading: Image(color: SIMD4(0, 0, 0, 0)), visible: v, args: args,
                label: "CIPageCurlWithShadowTransition")
            let area =
                shadowRect[2] > 0 && shadowRect[3] > 0
                ? DistortionSupport.rect(shadowRect) : Rect(x: -1e30, y: -1e30, width: 2e30, height: 2e30)
            return Image.make(
                pageCurlShadowKernel, [curled],
                KernelArguments([
                    .vec2(SIMD2(Float(direction.x), Float(direction.y))), DistortionSupport.float(axis + radius),
                    DistortionSupport.float(max((try args.number("inputShadowSize")) * radius, 1e-3)),
                    DistortionSupport.float(try args.number("inputShadowAmount")), DistortionSupport.rectValue(area)
                ]),
                extent: curled.extent, label: "CIPageCurlWithShadowTransition shadow")
        })

    static let pageCurlShadowKernel = Kernel(
        color: "irisPageCurlShadow", usesDestCoord: true,
        parameters: [
            .init("direction", "vec2"), .init("edge", "float"), .init("reach", "float"), .init("amount", "float"),
            .init("area", "vec4")
        ],
        glsl: """
            vec4 irisPageCurlShadow(vec4 s0, vec2 dc, vec2 direction, float edge, float reach, float amount, vec4 area) {
                float past = dot(dc, direction) - edge;
                bool inArea = dc.x >= area.x && dc.y >= area.y && dc.x < area.x + area.z && dc.y < area.y + area.w;
                if (past < 0.0 || !inArea) return s0;
                float k = 1.0 - amount * clamp(1.0 - past / reach, 0.0, 1.0);
                return vec4(s0.rgb * k, s0.a);
            }
            """,
        cpu: { px, _, coords, args in
            let d = args.vec2(0), edge = args.float(1), reach = args.float(2), amount = args.float(3),
                area = args.vec4(4)
            for i in px.indices {
                let p = coords[i], past = glslDot(p, d) - edge
                let inArea = p.x >= area.x && p.y >= area.y && p.x < area.x + area.z && p.y < area.y + area.w
                if past < 0 || !inArea { continue }
                let k = 1 - amount * glslClamp(1 - past / reach, 0, 1)
                px[i] = SIMD4(px[i].x * k, px[i].y * k, px[i].z * k, px[i].w)
            }
        })
}
