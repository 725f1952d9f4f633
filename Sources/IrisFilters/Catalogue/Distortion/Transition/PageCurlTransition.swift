import IrisCore
import RealModule

extension BuiltInFilters {
    /// CIPageCurlTransition: the source page rolls up over a cylinder of radius R whose axis, perpendicular
    /// to the direction d = (cos angle, sin angle), moves from the far side of `inputExtent` (along d) at time 0
    /// to R before its near side at 1, revealing the target. Along d, a page point at arc length s past the axis
    /// a lies at a + R sin(s/R) while s < πR and flat on top at a − (s − πR) after; the top layer shows the
    /// backside image (colour × 0.7 flat, × (0.7 + 0.3 sin φ) on the roll, plus the shading image × 0.3 sin φ as
    /// the roll's highlight), the rising front shows the source × (0.7 + 0.3 cos φ), and the top composites
    /// over what lies beneath (Iris's model; Core Image's is not published).
    static let pageCurlTransition = FilterDescriptor(
        name: "CIPageCurlTransition", displayName: "Page Curl", categories: DistortionSupport.transitionCategories,
        summary:
            "Transitions from one image to another by simulating a curling page, revealing the new image as the page curls.",
        inputs: [
            .image, DistortionSupport.targetImage,
            FilterInputDescriptor("inputBacksideImage", .image, summary: "What the back of the page shows."),
            FilterInputDescriptor("inputShadingImage", .image, summary: "Added on the roll as its highlight."),
            DistortionSupport.extentInput("The page's rectangle."),
            DistortionSupport.time,
            FilterInputDescriptor(
                "inputAngle", .angle, default: .number(0), slider: -Double.pi...Double.pi,
                summary: "The direction the page curls towards, in radians."),
            FilterInputDescriptor(
                "inputRadius", .distance, default: .number(100), range: 0.01...Double.infinity, slider: 0.01...400,
                summary: "The radius of the curl, in pixels.")
        ],
        build: { args throws(FilterError) in
            let a = try args.image("inputImage"), b = try args.image("inputTargetImage")
            let back = try args.image("inputBacksideImage"), shading = try args.image("inputShadingImage")
            let v = try args.vector("inputExtent")
            guard v.count == 4 else {
                throw .invalidValue(
                    filter: "CIPageCurlTransition", key: "inputExtent", reason: "needs x, y, width, height")
            }
            return try curledPage(
                a, b, back: back, shading: shading, visible: v, args: args, label: "CIPageCurlTransition"
            ).page
        })

    /// The page `a` curling off `b` about an axis that sweeps `visible` (x, y, width, height) along
    /// `inputAngle` as `inputTime` goes from 0 to 1, showing `back` on its underside lit by `shading`; with
    /// the curl's direction, axis and radius, where CIPageCurlWithShadowTransition casts its shadow.
    static func curledPage(
        _ a: Image, _ b: Image, back: Image, shading: Image, visible: [Double], args: FilterArguments, label: String
    ) throws(FilterError) -> (page: Image, direction: SIMD2<Double>, axis: Double, radius: Double) {
        let angle = try args.number("inputAngle"), radius = max(try args.number("inputRadius"), 0.01)
        let direction = SIMD2(_cos(angle), _sin(angle))
        let range = TransitionSupport.range(of: DistortionSupport.rect(visible), along: direction)
        let time = try args.number("inputTime")
        let axis = Double(range.y) + (Double(range.x) - radius - Double(range.y)) * time
        let page = Image.make(
            pageCurlKernel, [a, b, back, shading],
            KernelArguments([
                .vec2(SIMD2(Float(direction.x), Float(direction.y))), DistortionSupport.float(axis),
                .float(range.y),
                DistortionSupport.float(radius), pageCurlBounds(a.extent), pageCurlBounds(back.extent)
            ]),
            extent: TransitionSupport.extent(a, b), label: label)
        return (page, direction, axis, radius)
    }

    /// An input's extent for the kernel's own inside test (huge when infinite).
    static func pageCurlBounds(_ r: Rect) -> KernelValue {
        DistortionSupport.rectValue(r.isInfinite ? Rect(x: -1e30, y: -1e30, width: 2e30, height: 2e30) : r)
    }

    /// The page is read far from the pixel, often just past an input's edge, where renderers round the
    /// inside test differently; the kernel decides inside/outside itself and reads inside points no closer
    /// than 0.1 pixel to the edge (the same edge texel, so the same colour).
    static let pageCurlKernel = Kernel(
        general: "irisPageCurl", inputCount: 4,
        parameters: [
            .init("direction", "vec2"), .init("axis", "float"), .init("top", "float"), .init("radius", "float"),
            .init("frontBounds", "vec4"), .init("backBounds", "vec4")
        ],
        glsl: """
            vec4 irisPageCurlFront(vec2 p, vec4 b) {
                if (p.x < b.x || p.y < b.y || p.x >= b.x + b.z || p.y >= b.y + b.w) return vec4(0.0);
                return sample0(clamp(p, b.xy + 0.1, b.xy + b.zw - 0.1));
            }
            vec4 irisPageCurlBack(vec2 p, vec4 b) {
                if (p.x < b.x || p.y < b.y || p.x >= b.x + b.z || p.y >= b.y + b.w) return vec4(0.0);
                return sample2(clamp(p, b.xy + 0.1, b.xy + b.zw - 0.1));
            }
            vec4 irisPageCurl(vec2 dc, vec2 direction, float axis, float top, float radius, vec4 frontBounds, vec4 backBounds) {
                float u = dot(dc, direction);
                vec4 under = vec4(0.0), over = vec4(0.0);
                if (u < axis) {
                    under = sample0(dc);
                    float s = 2.0 * axis + 3.14159265 * radius - u;
                    if (s <= top) { vec4 c = irisPageCurlBack(dc + direction * (s - u), backBounds); over = vec4(c.rgb * 0.7, c.a); }
                } else if (u < axis + radius) {
                    float x = clamp((u - axis) / radius, 0.0, 1.0);
                    float phi = asin(x);
                    // One Newton step on sin φ = x: GPU asin is coarse, and the radius multiplies its error.
                    if (cos(phi) > 1e-3) phi -= (sin(phi) - x) / cos(phi);
                    float front = axis + radius * phi;
                    float back = axis + radius * (3.14159265 - phi);
                    if (front <= top) {
                        vec4 c = irisPageCurlFront(dc + direction * (front - u), frontBounds);
                        under = vec4(c.rgb * (0.7 + 0.3 * cos(phi)), c.a);
                    }
                    else { under = sample1(dc); }
                    if (back <= top) {
                        vec4 c = irisPageCurlBack(dc + direction * (back - u), backBounds);
                        over = vec4(c.rgb * (0.7 + 0.3 * sin(phi)) + sample3(dc).rgb * (0.3 * sin(phi) * c.a), c.a);
                    }
                } else {
                    under = sample1(dc);
                }
                return over + under * (1.0 - over.a);
            }
            """,
        cpu: { coords, sample, args in
            let d = args.vec2(0), axis = args.float(1), top = args.float(2), radius = args.float(3)
            let fb = args.vec4(4), bb = args.vec4(5)
            func inside(_ p: SIMD2<Float>, _ b: SIMD4<Float>) -> Bool {
                !(p.x < b.x || p.y < b.y || p.x >= b.x + b.z || p.y >= b.y + b.w)
            }
            func pulled(_ p: SIMD2<Float>, _ b: SIMD4<Float>) -> SIMD2<Float> {
                simd_clamp(p, SIMD2(b.x, b.y) + 0.1, SIMD2(b.x + b.z, b.y + b.w) - 0.1)
            }
            let n = coords.count
            let pi: Float = 3.14159265
            var us = [Float](repeating: 0, count: n), phis = us
            var frontPts = coords, backPts = coords, frontOK = [Bool](repeating: false, count: n), backOK = frontOK
            for i in 0..<n {
                let u = glslDot(coords[i], d)
                us[i] = u
                if u < axis {
                    let s = 2 * axis + pi * radius - u
                    backOK[i] = s <= top
                    backPts[i] = coords[i] + d * (s - u)
                } else if u < axis + radius {
                    let x = glslClamp((u - axis) / radius, 0, 1)
                    var phi = Float.asin(x)
                    if Float.cos(phi) > 1e-3 { phi -= (Float.sin(phi) - x) / Float.cos(phi) }
                    phis[i] = phi
                    let front = axis + radius * phi, back = axis + radius * (pi - phi)
                    frontOK[i] = front <= top
                    frontPts[i] = coords[i] + d * (front - u)
                    backOK[i] = back <= top
                    backPts[i] = coords[i] + d * (back - u)
                }
            }
            var frontIn = [Bool](repeating: true, count: n), backIn = frontIn
            for i in 0..<n {
                // The flat source under the page is read at the pixel itself, as the shader does.
                if us[i] >= axis {
                    frontIn[i] = inside(frontPts[i], fb)
                    frontPts[i] = frontIn[i] ? pulled(frontPts[i], fb) : frontPts[i]
                }
                backIn[i] = inside(backPts[i], bb)
                backPts[i] = backIn[i] ? pulled(backPts[i], bb) : backPts[i]
            }
            var source = sample(0, frontPts), backside = sample(2, backPts)
            let target = sample(1, coords), shading = sample(3, coords)
            for i in 0..<n {
                if !frontIn[i] { source[i] = .zero }
                if !backIn[i] { backside[i] = .zero }
            }
            return (0..<n).map { i -> SIMD4<Float> in
                let u = us[i], phi = phis[i]
                var under = SIMD4<Float>.zero, over = SIMD4<Float>.zero
                func shaded(_ c: SIMD4<Float>, _ k: Float) -> SIMD4<Float> { SIMD4(c.x * k, c.y * k, c.z * k, c.w) }
                if u < axis {
                    under = source[i]  // frontPts[i] is the pixel itself here
                    if backOK[i] { over = shaded(backside[i], 0.7) }
                } else if u < axis + radius {
                    under = frontOK[i] ? shaded(source[i], 0.7 + 0.3 * Float.cos(phi)) : target[i]
                    if backOK[i] {
                        let c = backside[i], k = 0.7 + 0.3 * Float.sin(phi), h = 0.3 * Float.sin(phi) * c.w
                        over = SIMD4(
                            c.x * k + shading[i].x * h, c.y * k + shading[i].y * h, c.z * k + shading[i].z * h, c.w)
                    }
                } else {
                    under = target[i]
                }
                return over + under * (1 - over.w)
            }
        },
        roi: { index, rect, args in
            if index == 1 || index == 3 || rect.isInfinite { return rect }
            let axis = Double(args.float(1)), top = Double(args.float(2)), radius = Double(args.float(3))
            let m = Double.pi * radius + 2 * max(0, top - axis) + rect.width + rect.height + 2
            return rect.insetBy(dx: -m, dy: -m)
        })
}
