// libFuzzer's driver over the targets in IrisFuzzTargets. `tools/fuzz` builds this with `-sanitize=fuzzer`
// and picks the target with IRIS_FUZZ_TARGET; the arguments are libFuzzer's:
//
//     IRIS_FUZZ_TARGET=jpeg .build-fuzz/release/iris-fuzz Fuzz/Corpus/jpeg -max_total_time=60
//     IRIS_FUZZ_TARGET=jpeg .build-fuzz/release/iris-fuzz crash-1234…   # replays one input
//
// The ordinary build links without libFuzzer and only says so; FuzzCorpusTests replays the corpus there.
import CFuzzerDriver
import Foundation
import IrisFuzzTargets

/// The target IRIS_FUZZ_TARGET names; libFuzzer's callback is a C function and cannot capture it.
enum Selected {
    static let target: FuzzTarget? = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["IRIS_FUZZ_TARGET"] ?? "")
}

guard let target = Selected.target else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("iris-fuzz: set IRIS_FUZZ_TARGET to one of \(names)\n".utf8))
    exit(2)
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = iris_run_fuzzer(&argc, &argv) { data, size in
    Selected.target?.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
if status == -1 {
    FileHandle.standardError.write(
        Data("iris-fuzz: built without libFuzzer (\(target.rawValue)); build it with tools/fuzz\n".utf8))
    exit(2)
}
exit(status)
