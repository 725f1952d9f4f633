import IrisVideo

extension PipelineConfiguration {
    /// The files a run writes, each with its field name.
    var outputFiles: [(field: String, path: String)] {
        [("record", record?.path), ("events", eventsPath), ("metrics", metricsPath)].compactMap { field, path in
            path.map { (field, $0) }
        }
    }

    /// Refuses an output that is the source, one of `otherInputs` (a configuration file) or another output,
    /// compared by device and inode (`RunFiles`), so a symlink, a hard link or `./x` is caught: writing it
    /// would destroy what is being read.
    public func checkOutputs(otherInputs: [String] = []) throws(PipelineError) {
        var files = RunFiles(inputs: [source.path] + otherInputs)
        for (field, path) in outputFiles {
            do { try files.addOutput(path) } catch {
                switch error {
                case let .isInput(_, input): throw .outputIsInput(field: field, output: path, input: input)
                case let .isOtherOutput(_, other):
                    let otherField = outputFiles.first { $0.path == other }?.field ?? "another"
                    throw .configuration(field: field, reason: "\(path) is also the \(otherField) output")
                default: throw .output(path: path, reason: error.reason)
                }
            }
        }
    }

    func checkOutputsSpareTheSource() throws(PipelineError) { try checkOutputs() }
}
