import ArgumentParser
import Foundation

@main
struct Iris: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iris",
        abstract: "Core Image for Linux cameras: filter, detect, preview and record.",
        version: IrisVersion.current,
        subcommands: [RunCommand.self, RenderCommand.self, FiltersCommand.self, BenchCommand.self, DevicesCommand.self, DetectCommand.self, RecordCommand.self, PreviewCommand.self, GalleryCommand.self, FilterBenchCommand.self, EvalCommand.self])

    /// A reader that goes away (`iris … | head`) must not kill a run, a recording above all: writes to a
    /// broken pipe then fail with EPIPE, which every output path ignores or reports.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        main(nil)
    }
}
