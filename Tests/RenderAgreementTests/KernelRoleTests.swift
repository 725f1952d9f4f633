import Foundation
import IrisCore
import Testing

/// Built-in kernels are recognised by role, never by name: a user kernel that happens to share a built-in's
/// name is run as written.
@Suite(.serialized) struct KernelRoleTests {
    @Test func aUserKernelNamedLikeTheInputConversionIsNotTakenForIt() throws {
        // Same name as the built-in sRGB → linear conversion, which the compiler drops before the output encode.
        let impostor = Kernel(
            color: BuiltInKernels.srgbToLinear.name, parameters: [],
            glsl: """
                vec4 irisSRGBToLinear(vec4 s0) { return vec4(s0.a - s0.rgb, s0.a); }
                """,
            cpu: { px, _, _, _ in
                for i in px.indices { px[i] = SIMD4(px[i].w - px[i].x, px[i].w - px[i].y, px[i].w - px[i].z, px[i].w) }
            })
        #expect(impostor.role == .ordinary)
        #expect(BuiltInKernels.srgbToLinear.role == .srgbToLinear)
        let source = Image(buffer: Frames.rgbaGradient(width: 16, height: 8))
        let image = try Image.apply(impostor, inputs: [source], arguments: [], extent: source.extent)
        let before = try Renderers.render(source, on: Renderers.cpu)
        let after = try Renderers.render(image, on: Renderers.cpu)
        // An invert in linear light: white becomes black, so the first column's red (0) becomes 255.
        #expect(before.rgba(x: 0, row: 0)[0] == 0)
        #expect(after.rgba(x: 0, row: 0)[0] == 255)
    }
}
