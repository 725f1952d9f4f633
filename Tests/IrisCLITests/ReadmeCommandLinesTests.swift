import Foundation
import Testing

/// Every `iris …` command line that README.md and docs/*.md show, in code blocks and in inline code, names a
/// subcommand the built `iris` has and only options that subcommand takes (hidden aliases included), as the
/// binary's own `iris --experimental-dump-help` describes them. A renamed or removed option fails here,
/// naming the file and line that still shows it.
@Suite struct ReadmeCommandLinesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md, then docs/*.md in name order.
    static func documents() throws -> [(name: String, text: String)] {
        let docs = packageRoot.appendingPathComponent("docs")
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        let names = ["README.md"] + pages.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try names.map { ($0, try String(contentsOf: packageRoot.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func everyCommandLineShownUsesASubcommandAndOptionsIrisHas() throws
    {
        let folder = try TemporaryFolder()
        let dump = try IrisExecutable.run(["--experimental-dump-help"], in: folder.path)
        try #require(dump.status == 0, "iris --experimental-dump-help failed: \(dump.stderr)")
        let tool = try IrisCommandTree(dumpHelp: Data(dump.stdout.utf8))
        var problems: [String] = []
        var checked = 0
        for document in try Self.documents() {
            for line in ReadmeCommandLines.invocations(in: document.text) {
                checked += 1
                for problem in tool.problems(with: line.arguments) {
                    problems.append("\(document.name):\(line.line): `\(line.text)`: \(problem)")
                }
            }
        }
        #expect(
            checked >= 40, "only \(checked) iris command lines found in README.md and docs/: is the extractor broken?")
        #expect(
            problems.isEmpty,
            "command lines the documentation shows that iris no longer accepts:\n\(problems.joined(separator: "\n"))")
    }

    @Test func commandLinesComeFromShellAndUsageBlocksWithTheirContinuations() {
        let markdown = """
            Intro with `iris run --source x.mp4` inline.

            ```sh
            # a comment: iris run --not-an-option
            swift run -c release iris eval --detect qr   # trailing comment --nor-this
            iris run --source /dev/video0 --filter 'CISepiaTone inputIntensity=0.8' \\
                     --record out.mp4
            rpicam-vid -o - | iris run --source - --size 640x480 --format i420 > log.txt
            IRIS_PRINT_TREE=1 .build/release/iris render in.png out.png --renderer cpu
            tools/test
            ```

            ```
            iris detect INPUT… [--detect qr,face,rect] [--json]
                      [--tilt-angles=-10,10|none] (see docs)
                      # --annotate writes NAME.png
            iris --version
            ```

            ```json
            {"iris": "run --nope"}
            ```

            A span across lines: `iris render a.png b.png --filter 'CIAreaHistogram
            inputCount=128' --quality 90` and a table cell `iris filters --category blur\\|x`.
            Not commands: `iris`, `iris-run/recording.mp4`, `iris_token`, `IrisVideo`.
            """
        let found = ReadmeCommandLines.invocations(in: markdown)
        #expect(
            found.map(\.arguments) == [
                ["run", "--source", "x.mp4"],
                ["eval", "--detect", "qr"],
                ["run", "--source", "/dev/video0", "--filter", "CISepiaTone inputIntensity=0.8", "--record", "out.mp4"],
                ["run", "--source", "-", "--size", "640x480", "--format", "i420"],
                ["render", "in.png", "out.png", "--renderer", "cpu"],
                [
                    "detect", "INPUT…", "[--detect", "qr,face,rect]", "[--json]", "[--tilt-angles=-10,10|none]", "(see",
                    "docs)"
                ],
                ["--version"],
                ["render", "a.png", "b.png", "--filter", "CIAreaHistogram inputCount=128", "--quality", "90"],
                ["filters", "--category", "blur|x"]
            ])
        #expect(found.map(\.line) == [1, 5, 6, 8, 9, 14, 17, 24, 25])
    }

    @Test func optionsAreCheckedAgainstTheirSubcommand() throws {
        let dump = """
            {"command": {"commandName": "iris", "arguments": [{"kind": "flag", "names": [{"kind": "long", "name": "version"}]}],
             "subcommands": [
               {"commandName": "run", "arguments": [{"kind": "option", "names": [{"kind": "long", "name": "detect"}]},
                                                    {"kind": "option", "names": [{"kind": "long", "name": "tilt-angles"}]}]},
               {"commandName": "eval", "aliases": ["score"],
                "arguments": [{"kind": "option", "shouldDisplay": false, "names": [{"kind": "long", "name": "detector"}]}]}]}}
            """
        let tool = try IrisCommandTree(dumpHelp: Data(dump.utf8))
        #expect(tool.problems(with: ["run", "--detect", "qr", "[--tilt-angles=-10,10|none]"]).isEmpty)
        #expect(tool.problems(with: ["eval", "--detector", "face"]).isEmpty, "hidden aliases still exist")
        #expect(tool.problems(with: ["score", "--detector", "face"]).isEmpty, "command aliases count")
        #expect(tool.problems(with: ["--version"]).isEmpty)
        #expect(tool.problems(with: ["run", "--no-such-option"]) == ["`iris run` has no option --no-such-option"])
        #expect(tool.problems(with: ["fitlers"]) == ["iris has no subcommand 'fitlers' (it has run, eval)"])
        #expect(tool.problems(with: ["run", "--", "--not-an-option"]).isEmpty, "after --, words are arguments")
    }
}

/// The command tree `iris --experimental-dump-help` prints (swift-argument-parser's ToolInfo, version 0):
/// each command's name, aliases, arguments with their names (hidden ones included) and subcommands.
struct IrisCommandTree {
    struct Command: Decodable {
        struct Argument: Decodable {
            struct Name: Decodable {
                let kind: String
                let name: String
            }
            let names: [Name]?
        }
        let commandName: String
        let aliases: [String]?
        let arguments: [Argument]?
        let subcommands: [Command]?

        var longOptions: Set<String> {
            Set((arguments ?? []).flatMap { $0.names ?? [] }.filter { $0.kind != "short" }.map { "--" + $0.name })
        }
        func subcommand(_ word: String) -> Command? {
            subcommands?.first { $0.commandName == word || ($0.aliases ?? []).contains(word) }
        }
    }
    private struct ToolInfo: Decodable { let command: Command }

    let root: Command

    init(dumpHelp: Data) throws { root = try JSONDecoder().decode(ToolInfo.self, from: dumpHelp).command }

    /// What is wrong with `iris arguments…`: a subcommand that does not exist, or long options its command
    /// does not take. Words in usage synopses (`[--json]`, `--tilt-angles=-10,10|none`) count as the option
    /// they name; after a bare `--` nothing is an option.
    func problems(with arguments: [String]) -> [String] {
        var command = root
        var path = ["iris"]
        var rest = arguments[...]
        // Descend while the next word names a subcommand; the first plain word must name one at the top.
        while let word = rest.first, !word.hasPrefix("-"), !word.hasPrefix("[") {
            if let sub = command.subcommand(word) {
                command = sub
                path.append(word)
                rest = rest.dropFirst()
                continue
            }
            if command.subcommands?.isEmpty == false && path.count == 1 {
                let names = command.subcommands?.map(\.commandName).filter { $0 != "help" } ?? []
                return ["iris has no subcommand '\(word)' (it has \(names.joined(separator: ", ")))"]
            }
            break
        }
        let known = command.longOptions
        var problems: [String] = []
        for word in rest {
            if word == "--" { break }
            guard let option = Self.longOption(in: word), !known.contains(option) else { continue }
            let problem = "`\(path.joined(separator: " "))` has no option \(option)"
            if !problems.contains(problem) { problems.append(problem) }
        }
        return problems
    }

    /// `--name` from `--name`, `--name=value`, `[--name`, `(--name]…`; nil for anything else.
    static func longOption(in word: String) -> String? {
        let trimmed = word.drop { $0 == "[" || $0 == "(" }
        guard trimmed.hasPrefix("--") else { return nil }
        let name = trimmed.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let first = name.first, first.isLetter || first.isNumber else { return nil }
        return "--" + name
    }
}

/// Finds `iris …` command lines in Markdown: in ```sh, ```console, ```bash, ```shell and unlabelled code
/// blocks (comments dropped, `\` continuations and indented usage lines joined, pipes and `&&` split,
/// `swift run … iris`, `.build/…/iris` and `NAME=value` prefixes understood), and in inline code spans,
/// which may run over a line break inside a paragraph.
enum ReadmeCommandLines {
    struct Invocation: Equatable {
        /// The 1-based line the command starts on.
        let line: Int
        /// What follows `iris`, as the shell would split it (quotes removed).
        let arguments: [String]
        var text: String { (["iris"] + arguments).joined(separator: " ") }
    }

    static let shellBlocks: Set<String> = ["", "sh", "bash", "shell", "console", "shell-session"]

    static func invocations(in markdown: String) -> [Invocation] {
        let lines = markdown.components(separatedBy: "\n")
        var found: [Invocation] = []
        var prose: [(line: Int, text: String)] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                prose.append((index + 1, lines[index]))
                index += 1
                continue
            }
            let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased()
            prose.append((index + 1, ""))  // a block ends the paragraph above it…
            var body: [(line: Int, text: String)] = []
            index += 1
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                body.append((index + 1, lines[index]))
                index += 1
            }
            index += 1  // the closing fence
            prose.append((index, ""))  // …and starts a new one
            if shellBlocks.contains(info) {
                found += invocations(inBlock: body, console: info == "console" || info == "shell-session")
            }
        }
        return (found + invocations(inProse: prose)).sorted { $0.line < $1.line }
    }

    /// Logical lines of a code block: comments dropped per line, then `\` continuations and indented
    /// continuation lines (usage synopses) joined to the command line above them.
    static func invocations(inBlock body: [(line: Int, text: String)], console: Bool) -> [Invocation] {
        var logical: [(line: Int, text: String)] = []
        var continues = false
        for (number, raw) in body {
            var text = raw
            if console {
                let stripped = text.trimmingCharacters(in: .whitespaces)
                if stripped.hasPrefix("$ ") { text = String(stripped.dropFirst(2)) } else if !continues { continue }
            }
            let indented = text.first == " " || text.first == "\t"
            var code = withoutComment(text)
            let backslash = code.hasSuffix("\\")
            if backslash { code.removeLast() }
            let blank = code.trimmingCharacters(in: .whitespaces).isEmpty
            if (continues || indented) && !logical.isEmpty && !startsCommand(code) {
                if !blank { logical[logical.count - 1].text += " " + code }
            } else if !blank {
                logical.append((number, code))
            } else if !indented {
                continues = false
                continue
            }
            continues = backslash
        }
        return logical.flatMap { invocations(inCommandLine: $0.text, line: $0.line) }
    }

    /// Inline code spans of each paragraph (``` `…` ``` or ``` ``…`` ```), joined over line breaks.
    static func invocations(inProse prose: [(line: Int, text: String)]) -> [Invocation] {
        var found: [Invocation] = []
        var paragraph: [(line: Int, text: String)] = []
        func flush() {
            defer { paragraph = [] }
            guard let first = paragraph.first else { return }
            let text = paragraph.map(\.text).joined(separator: "\n")
            let characters = Array(text)
            var i = 0
            while i < characters.count {
                guard characters[i] == "`" else {
                    i += 1
                    continue
                }
                var run = 0
                while i + run < characters.count, characters[i + run] == "`" { run += 1 }
                let start = i + run
                var j = start
                var end: Int?
                while j < characters.count {
                    if characters[j] == "`" {
                        var other = 0
                        while j + other < characters.count, characters[j + other] == "`" { other += 1 }
                        if other == run {
                            end = j
                            break
                        }
                        j += other
                    } else {
                        j += 1
                    }
                }
                guard let end else {
                    i = start
                    continue
                }
                let span = String(characters[start..<end])
                let line = first.line + characters[0..<start].filter { $0 == "\n" }.count
                let content = span.replacingOccurrences(of: "\\|", with: "|").replacingOccurrences(of: "\n", with: " ")
                found += invocations(inCommandLine: content.trimmingCharacters(in: .whitespaces), line: line)
                i = end + run
            }
        }
        for entry in prose {
            if entry.text.trimmingCharacters(in: .whitespaces).isEmpty { flush() } else { paragraph.append(entry) }
        }
        flush()
        return found
    }

    /// The `iris` commands of one shell line: split at `|`, `||`, `&&`, `;` and `&`; each part that runs
    /// `iris` (plainly, by a path ending in /iris, after `NAME=value` or a wrapper such as `sudo`, or as
    /// `swift run … iris`) gives its arguments up to the first redirection.
    static func invocations(inCommandLine text: String, line: Int) -> [Invocation] {
        var found: [Invocation] = []
        for part in commands(in: words(of: text)) {
            guard let at = part.firstIndex(where: { $0 == "iris" || $0.hasSuffix("/iris") }) else { continue }
            let before = part[..<at]
            let swiftRun =
                before.count >= 2 && before[before.startIndex] == "swift" && before[before.startIndex + 1] == "run"
            let wrappers: Set<String> = ["sudo", "time", "env", "nice", "exec", "nohup", "taskset", "timeout"]
            guard
                swiftRun
                    || before.allSatisfy({
                        wrappers.contains($0) || $0.hasPrefix("-") || isAssignment($0)
                            || $0.allSatisfy { $0.isNumber || $0 == "," || $0 == "." }
                    })
            else { continue }
            var arguments: [String] = []
            for word in part[(at + 1)...] {
                if word.range(of: #"^[0-9]*[<>]"#, options: .regularExpression) != nil { break }
                arguments.append(word)
            }
            guard let first = arguments.first, first.hasPrefix("-") || first.first?.isLowercase == true else {
                continue
            }
            found.append(Invocation(line: line, arguments: arguments))
        }
        return found
    }

    static func isAssignment(_ word: String) -> Bool {
        word.range(of: #"^[A-Za-z_][A-Za-z0-9_]*="#, options: .regularExpression) != nil
    }

    static func startsCommand(_ code: String) -> Bool {
        let first = words(of: code).first ?? ""
        return first == "iris" || first.hasSuffix("/iris") || first == "swift" || first == "$"
    }

    /// The line without its shell comment: from an unquoted `#` that starts a word.
    static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return String(line.prefix(offset)).trimmingCharacters(in: .whitespaces)
            }
            previous = character
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// Shell words: whitespace splits, single and double quotes group (and are removed), a backslash
    /// escapes the next character; `|`, `||`, `&&`, `;` and `&` standing alone are separators.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                inWord = true
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            switch character {
            case "\\": escaped = true
            case "'", "\"":
                quote = character
                inWord = true
            case " ", "\t", "\n":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            default:
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    static func commands(in words: [String]) -> [[String]] {
        var commands: [[String]] = [[]]
        for word in words {
            if ["|", "||", "&&", ";", "&"].contains(word) {
                commands.append([])
            } else {
                commands[commands.count - 1].append(word)
            }
        }
        return commands.filter { !$0.isEmpty }
    }
}
