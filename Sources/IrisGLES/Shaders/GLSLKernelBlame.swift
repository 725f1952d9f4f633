/// Finds which kernels a GL info log complains about, so a compile error names the kernel at fault rather
/// than every kernel fused into the program. Kernel text is fenced by marker comments in the generated source.
enum GLSLKernelBlame {
    private static let begin = "// begin kernel "
    private static let end = "// end kernel"

    static func wrap(_ text: String, kernel: String) -> String {
        "\(begin)\(kernel)\n\(text)\n\(end)\n"
    }

    /// The kernels whose lines the log cites (Mesa writes `0:12(5): error`, others `ERROR: 0:12:`);
    /// nil when it cites none of them.
    static func kernels(citedBy log: String, in source: String) -> [String]? {
        var owner: [Int: String] = [:]
        var current: String?
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix(begin) {
                current = String(line.dropFirst(begin.count))
                continue
            }
            if line.hasPrefix(end) {
                current = nil
                continue
            }
            if let current { owner[index + 1] = current }
        }
        var cited: [String] = []
        for line in citedLines(log) {
            if let kernel = owner[line], !cited.contains(kernel) { cited.append(kernel) }
        }
        return cited.isEmpty ? nil : cited
    }

    /// Line numbers in "<string>:<line>(" or "<string>:<line>:" references.
    private static func citedLines(_ log: String) -> [Int] {
        guard let pattern = try? Regex(#"\b\d+:(\d+)[(:]"#) else { return [] }
        return log.matches(of: pattern).compactMap { match in
            match.output[1].substring.flatMap { Int($0) }
        }
    }
}
