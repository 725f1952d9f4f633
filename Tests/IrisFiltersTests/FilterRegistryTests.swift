import Foundation
@testable import IrisCore
@testable import IrisFilters
import Testing

@Suite(.serialized) struct FilterRegistryTests {
    @Test func unknownFilterSuggestsTheNearestName() {
        do {
            _ = try Filter(name: "CISepiaTon")
            Issue.record("expected an error")
        } catch {
            #expect((error as? FilterError) == .unknownFilter("CISepiaTon", suggestion: "CISepiaTone"))
        }
    }

    @Test func wrongTypeAndOutOfRangeAreTypedErrors() throws {
        var f = try Filter(name: "CISepiaTone")
        do {
            _ = try f.setValue(.vector([1, 2]), forKey: "inputIntensity")
            Issue.record("expected an error")
        } catch {
            guard
                case .wrongType(filter: "CISepiaTone", key: "inputIntensity", expected: .scalar, got: _)? = error
                    as? FilterError
            else {
                Issue.record("\(error)")
                return
            }
        }
        do {
            _ = try f.setValue(.number(1.5), forKey: "inputIntensity")
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? FilterError)
                    == .outOfRange(filter: "CISepiaTone", key: "inputIntensity", value: 1.5, range: 0...1))
        }
        do {
            _ = try f.setValue(.number(1), forKey: "inputRadius")
            Issue.record("expected an error")
        } catch {
            guard case .unknownInput(filter: "CISepiaTone", key: "inputRadius", known: _)? = error as? FilterError
            else {
                Issue.record("\(error)")
                return
            }
        }
        do {
            _ = try f.outputImage()
            Issue.record("expected an error")
        } catch {
            #expect((error as? FilterError) == .missingInput(filter: "CISepiaTone", key: "inputImage"))
        }
    }

    @Test func customFiltersRegisterOnce() throws {
        let registry = FilterRegistry()
        let d = FilterDescriptor(
            name: "MyIdentity", displayName: "Identity", categories: [], summary: "Returns its input.",
            inputs: [.image], build: { args throws(FilterError) in try args.image("inputImage") })
        try registry.register(d)
        do {
            _ = try registry.register(d)
            Issue.record("expected an error")
        } catch {
            #expect((error as? FilterError) == .duplicateFilter("MyIdentity"))
        }
        let image = Image(buffer: PixelBuffer(width: 4, height: 4, format: .rgba8))
        #expect(try image.applyingFilter("MyIdentity", registry: registry) === image)
    }

    @Test func customKernelArgumentsAreChecked() {
        let k = Kernel(
            color: "tint", parameters: [.init("amount", "float")],
            glsl: "vec4 tint(vec4 s0, float amount) { return s0 * amount; }", cpu: nil)
        let image = Image(buffer: PixelBuffer(width: 4, height: 4, format: .rgba8))
        do {
            _ = try Image.apply(k, inputs: [image], arguments: [.vec2(.zero)], extent: image.extent)
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? KernelApplicationError)
                    == .wrongArgumentType(kernel: "tint", parameter: "amount", expected: "float", got: "vec2"))
        }
        #expect(throws: (any Error).self) {
            try Image.apply(k, inputs: [], arguments: [.float(1)], extent: image.extent)
        }
    }
}
