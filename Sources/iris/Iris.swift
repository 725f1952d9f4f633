import ArgumentParser

@main
struct Iris: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iris",
        abstract: "Core Image for Linux cameras: filter, detect, preview and record.",
        subcommands: [RenderCommand.self, FiltersCommand.self, BenchCommand.self, DevicesCommand.self, DetectCommand.self, RecordCommand.self, PreviewCommand.self])
}
