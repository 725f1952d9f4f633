import ArgumentParser
import Foundation
import IrisCore
import IrisPipeline

@main
struct Iris: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iris",
        abstract: "Core Image for Linux cameras: filter, detect, preview and record.",
        version: IrisVersion.current,
        subcommands: [
            RunCommand.self, RenderCommand.self, FiltersCommand.self, BenchCommand.self, DevicesCommand.self,
            DetectCommand.self, RecordCommand.self, PreviewCommand.self, GalleryCommand.self, FilterBenchCommand.self,
            EvalCommand.self
        ])

    /// Signals are caught before anything else happens (`StopSignals`): a SIGINT, SIGTERM, SIGHUP or
    /// SIGQUIT that comes while the command line is parsed or the pipeline is built is kept, then stops
    /// the run (`run`, `record`, `preview` finish their files) or ends any other command at once. SIGPIPE
    /// is ignored: a reader that goes away (`iris … | head`) must not kill a run, a recording above all.
    static func main() {
        StopSignals.install()
        do {
            var command = try parseAsRoot()
            let runsPipeline = command is RunCommand || command is RecordCommand || command is PreviewCommand
            StopSignals.start(mode: runsPipeline ? .stopRun : .exit)
            try command.run()
        } catch {
            let arguments = Array(CommandLine.arguments.dropFirst())
            // Help, version and the tool-info dump are "errors" that print and exit 0: left to the parser.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            StandardError.write(CommandLineSuggestion.message(for: error, arguments: arguments) + "\n")
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }
}
