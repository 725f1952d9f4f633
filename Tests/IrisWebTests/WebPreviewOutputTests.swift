import IrisPipeline
import Testing

/// The web preview's address and token rules: a camera is private unless the user gives a token.
@Suite struct WebPreviewOutputTests {
    @Test func readsHostsPortsAndIPv6() throws {
        let any = try #require(try WebPreviewOutput(url: "http://0.0.0.0:9000/"))
        #expect(any.host == "0.0.0.0" && any.port == 9000 && !any.isLoopback)
        let local = try #require(try WebPreviewOutput(url: "http://127.0.0.1"))
        #expect(local.port == WebPreviewOutput.defaultPort && local.isLoopback)
        let six = try #require(try WebPreviewOutput(url: "http://[::1]:8081"))
        #expect(six.host == "::1" && six.port == 8081 && six.isLoopback)
        #expect(try WebPreviewOutput(url: "/dev/dri/card0") == nil)
        #expect(throws: PipelineError.self) { try WebPreviewOutput(url: "http://127.0.0.1:80x") }
        #expect(throws: PipelineError.self) { try WebPreviewOutput(url: "http://127.0.0.1:8080/stream") }
    }

    @Test func anotherAddressThanLoopbackNeedsAToken() throws {
        #expect {
            _ = try WebPreviewOutput(host: "0.0.0.0", port: 8080).validated()
        } throws: { error in
            guard case let .configuration(field, reason) = error as? PipelineError else { return false }
            return field == "preview" && reason.contains("--preview-token") && reason.contains("0.0.0.0:8080")
        }
        #expect(throws: PipelineError.self) { _ = try WebPreviewOutput(host: "0.0.0.0", token: "short").validated() }
        #expect(throws: PipelineError.self) {
            _ = try WebPreviewOutput(host: "0.0.0.0", token: "has spaces in it, sixteen+").validated()
        }
        _ = try WebPreviewOutput(host: "0.0.0.0", token: "0123456789abcdef").validated()
        _ = try WebPreviewOutput(host: "127.0.0.1").validated()
        #expect(throws: PipelineError.self) { _ = try WebPreviewOutput(port: 70000).validated() }
    }

    @Test func generatedTokensAreLongAndDifferent() {
        let a = WebPreviewOutput.generatedToken(), b = WebPreviewOutput.generatedToken()
        #expect(a.count == 32 && b.count == 32 && a != b)
        #expect(a.allSatisfy { $0.isHexDigit })
    }
}
