import XCTest
@testable import IrisCore

final class FilterRegistryTests: XCTestCase {
    func testUnknownFilterSuggestsTheNearestName() {
        XCTAssertThrowsError(try Filter(name: "CISepiaTon")) { error in
            XCTAssertEqual(error as? FilterError, .unknownFilter("CISepiaTon", suggestion: "CISepiaTone"))
        }
    }

    func testWrongTypeAndOutOfRangeAreTypedErrors() throws {
        var f = try Filter(name: "CISepiaTone")
        XCTAssertThrowsError(try f.setValue(.vector([1, 2]), forKey: "inputIntensity")) { error in
            guard
                case .wrongType(filter: "CISepiaTone", key: "inputIntensity", expected: .scalar, got: _)? = error
                    as? FilterError
            else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertThrowsError(try f.setValue(.number(1.5), forKey: "inputIntensity")) { error in
            XCTAssertEqual(
                error as? FilterError,
                .outOfRange(filter: "CISepiaTone", key: "inputIntensity", value: 1.5, range: 0...1))
        }
        XCTAssertThrowsError(try f.setValue(.number(1), forKey: "inputRadius")) { error in
            guard case .unknownInput(filter: "CISepiaTone", key: "inputRadius", known: _)? = error as? FilterError
            else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try f.outputImage()) { error in
            XCTAssertEqual(error as? FilterError, .missingInput(filter: "CISepiaTone", key: "inputImage"))
        }
    }

    func testCustomFiltersRegisterOnce() throws {
        let registry = FilterRegistry()
        let d = FilterDescriptor(
            name: "MyIdentity", displayName: "Identity", categories: [], summary: "Returns its input.",
            inputs: [.image], build: { args throws(FilterError) in try args.image("inputImage") })
        try registry.register(d)
        XCTAssertThrowsError(try registry.register(d)) {
            XCTAssertEqual($0 as? FilterError, .duplicateFilter("MyIdentity"))
        }
        let image = Image(buffer: TestImages.rgba(width: 4, height: 4))
        XCTAssertTrue(try image.applyingFilter("MyIdentity", registry: registry) === image)
    }

    func testCustomKernelArgumentsAreChecked() {
        let k = Kernel(
            color: "tint", parameters: [.init("amount", "float")],
            glsl: "vec4 tint(vec4 s0, float amount) { return s0 * amount; }", cpu: nil)
        let image = Image(buffer: TestImages.rgba(width: 4, height: 4))
        XCTAssertThrowsError(try Image.apply(k, inputs: [image], arguments: [.vec2(.zero)], extent: image.extent)) {
            error in
            XCTAssertEqual(
                error as? KernelApplicationError,
                .wrongArgumentType(kernel: "tint", parameter: "amount", expected: "float", got: "vec2"))
        }
        XCTAssertThrowsError(try Image.apply(k, inputs: [], arguments: [.float(1)], extent: image.extent))
    }
}
