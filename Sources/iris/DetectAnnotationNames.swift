import Foundation

/// File names for `iris detect --annotate DIR`, unique over one run so that no output overwrites another:
/// a file's stem alone when no other input shares it, otherwise prefixed with as many of its folders as
/// tell it apart (a/x.png and b/x.png become a-x.png and b-x.png), then its extension (x.png and x.jpg
/// become x-png.png and x-jpg.png). The same inputs in the same order always give the same names.
///
///     var names = DetectAnnotationNames(files: ["a/x.png", "b/x.png"]); names.stem(for: "b/x.png")   // "b-x"
struct DetectAnnotationNames {
    private var stems: [String: String] = [:]
    /// Output names already written in this run; a name met again gets "~2", "~3"… (the same file named
    /// twice, or a still called clip-0.png beside frame 0 of clip.mkv).
    private var claimed: Set<String> = []
    /// The input files, which no annotation may replace.
    let inputFiles: [String]

    init(files: [String]) {
        inputFiles = files
        let unique = Array(Set(files))
        var depth = Dictionary(uniqueKeysWithValues: unique.map { ($0, 1) })
        var withExtension: Set<String> = []
        func label(_ file: String) -> String {
            let parts = Self.components(of: file)
            var stem = parts.suffix(depth[file] ?? 1).joined(separator: "-")
            if withExtension.contains(file), case let ext = (file as NSString).pathExtension, !ext.isEmpty {
                stem += "-" + ext
            }
            return stem
        }
        // Each round lengthens the labels that still collide, first by folders, then by extension.
        while true {
            let groups = Dictionary(grouping: unique, by: label).values.filter { $0.count > 1 }
            var lengthened = false
            for group in groups {
                for file in group {
                    if depth[file, default: 1] < Self.components(of: file).count {
                        depth[file, default: 1] += 1
                        lengthened = true
                    } else if !withExtension.contains(file) {
                        withExtension.insert(file)
                        lengthened = true
                    }
                }
            }
            if !lengthened { break }
        }
        stems = Dictionary(uniqueKeysWithValues: unique.map { ($0, label($0)) })
    }

    /// The stem for `file`'s outputs ("stdin" for standard input).
    func stem(for file: String) -> String { stems[file] ?? Self.components(of: file).last ?? "picture" }

    /// "NAME.png", or "NAME~2.png" if this run already wrote "NAME.png".
    mutating func claim(_ name: String) -> String {
        var candidate = name + ".png"
        var copy = 1
        while claimed.contains(candidate) {
            copy += 1
            candidate = "\(name)~\(copy).png"
        }
        claimed.insert(candidate)
        return candidate
    }

    /// Folders then the name without its extension; "." and "/" say nothing about the file.
    private static func components(of file: String) -> [String] {
        guard file != "-" else { return ["stdin"] }
        var parts = (file as NSString).pathComponents.filter { $0 != "/" && $0 != "." }
        if let last = parts.popLast() { parts.append((last as NSString).deletingPathExtension) }
        return parts.map { $0 == ".." ? "up" : $0 }
    }
}
