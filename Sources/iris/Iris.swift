import ArgumentParser

@main
struct Iris: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iris",
        abstract: "Core Image for Linux cameras: filter, detect, preview and record.",
        version: IrisVersion.current,
        subcommands: [RunCommand.self, RenderCommand.self, FiltersCommand.self, BenchCommand.self, DevicesCommand.self, DetectCommand.self, RecordCommand.self, PreviewCommand.self])
}
