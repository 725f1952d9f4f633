import Testing

@testable import IrisCore

/// CIELab against the published L*a*b* of the sRGB primaries and white (D65): red (53.24, 80.09, 67.20),
/// green (87.73, −86.18, 83.18), blue (32.30, 79.19, −107.86), white (100, 0, 0).
@Suite struct CIELabTests {
    @Test(arguments: [
        (SIMD3<Float>(1, 0, 0), Float(53.24), Float(80.09)),
        (SIMD3(0, 1, 0), 87.73, -86.18),
        (SIMD3(0, 0, 1), 32.30, 79.19),
        (SIMD3(1, 1, 1), 100, 0)
    ])
    func primariesAndWhiteHaveTheirPublishedValues(linear: SIMD3<Float>, lightness: Float, a: Float) {
        #expect(abs(CIELab.lightness(linear) - lightness) < 0.02, "\(linear)")
        #expect(abs(CIELab.a(linear) - a) < 0.02, "\(linear)")
    }

    /// Greys have no a* at any brightness, on the cube root and on the line below (6/29)³ (L* 8).
    @Test func greysHaveNoRedness() {
        for level: Float in [0, 0.001, 0.008, 0.02, 0.18, 0.5, 1] {
            #expect(abs(CIELab.a(SIMD3(repeating: level))) < 0.01, "grey \(level)")
        }
        // Linear 0.18 (sRGB 118) is L* 49.5, the middle grey.
        #expect(abs(CIELab.lightness(SIMD3(repeating: 0.18)) - 49.5) < 0.05)
    }

    /// The GLSL text states the same constants the Swift function uses, under the name asked for.
    @Test func glslDefinesTheNamedFunction() {
        let source = CIELab.aGLSL("myRedness")
        #expect(source.contains("float myRedness(vec3 c)"))
        #expect(source.contains("500.0"))
        #expect(source.contains("\(CIELab.yRow.y)"))
    }
}
