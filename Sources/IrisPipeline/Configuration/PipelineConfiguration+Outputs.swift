import IrisVideo

extension PipelineConfiguration {
    /// The files a run writes, each with its field name.
    var outputFiles: [(field: String, path: String)] {
        [("record", record?.path), ("events", eventsPath), ("metrics", metricsPath)].compactMap { field, path in
            path.map { (field, $0) }
        }
    }

    /// Refuses an output that is the source itself (compared by device and inode, so a symlink, a hard
    /// link or `./x` is caught) or another output: writing it would destroy what is being read.
    func checkOutputsSpareTheSource() throws(PipelineError) {
        // Standard input redirected from a file is that file.
        let input = source.path == "-" ? "/dev/stdin" : source.path
        let outputs = outputFiles
        for (field, path) in outputs where FileIdentity.same(path, input) {
            throw .outputIsInput(field: field, output: path, input: source.path == "-" ? "standard input" : source.path)
        }
        for (index, first) in outputs.enumerated() {
            for second in outputs.dropFirst(index + 1) where first.path == second.path || FileIdentity.same(first.path, second.path) {
                throw .configuration(field: second.field, reason: "\(second.path) is also the \(first.field) output")
            }
        }
    }
}
