import ArgumentParser
import Foundation
import IrisCore

/// "Did you mean" for the command line itself: a misspelt subcommand (`iris fitlers`) or option
/// (`iris run --detcet`) gets the closest real one, found among the names the parser knows (its own
/// `--experimental-dump-help` tree), with the names older commands used (`--type`, `--detector`) pointing
/// at today's. ArgumentParser's own guess, where it makes one, is replaced: it matches on shared letters
/// and offered `--gop` for `--typ`.
enum CommandLineSuggestion {
    /// Names a user coming from another command, or an older release, may type: what they mean here.
    static let synonyms = [
        "--type": "--detect", "--detector": "--detect", "--detectors": "--detect",
        "--input": "--source", "--output": "--record", "--filters": "--filter"
    ]

    /// The parser's message for `error`, with a better suggestion where one is found.
    static func message(for error: any Error, arguments: [String]) -> String {
        let full = Iris.fullMessage(for: error)
        if let word = quoted(after: "Unexpected argument '", in: full), arguments.first == word, !word.hasPrefix("-"),
            let tree = CommandTree.load(), !tree.subcommands.keys.contains(word)
        {
            let known = tree.subcommands.keys.sorted()
            let hint =
                ClosestName.match(word, among: known).map { " Did you mean '\($0)'?" }
                ?? " The commands are \(known.joined(separator: ", "))."
            return replacingFirstLine(of: full, with: "Error: Unknown command '\(word)'.\(hint)")
        }
        // A misspelt option is the likelier mistake than a missing argument, and the parser names only the latter.
        if full.hasPrefix("Error: Missing expected argument"), let tree = CommandTree.load(),
            let command = arguments.first.flatMap({ tree.subcommands[$0] }),
            let unknown = arguments.dropFirst().prefix(while: { $0 != "--" }).first(where: { word in
                word.hasPrefix("--") && !command.all.contains(String(word.split(separator: "=", maxSplits: 1)[0]))
                    && word != "--help"
            })
        {
            return message(forUnknownOption: unknown, in: command, full: full)
        }
        if let option = quoted(after: "Unknown option '", in: full), let tree = CommandTree.load() {
            let command = arguments.first.flatMap { tree.subcommands[$0] } ?? tree.rootOptions
            return message(forUnknownOption: option, in: command, full: full)
        }
        return full
    }

    private static func message(forUnknownOption option: String, in command: CommandTree.Options, full: String)
        -> String
    {
        let bare = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
        // Hidden names count as candidates, but the suggestion is the name help shows.
        let match =
            synonyms[bare] ?? ClosestName.match(bare, among: command.all.sorted(), limit: max(2, (bare.count - 2) / 3))
        let suggestion = match.map { command.visible.contains($0) ? $0 : synonyms[$0] ?? $0 }.flatMap {
            command.visible.contains($0) ? $0 : nil
        }
        let line = "Error: Unknown option '\(option)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        return replacingFirstLine(of: full, with: line)
    }

    private static func quoted(after prefix: String, in text: String) -> String? {
        guard let start = text.range(of: prefix) else { return nil }
        guard let end = text[start.upperBound...].firstIndex(of: "'") else { return nil }
        return String(text[start.upperBound..<end])
    }

    private static func replacingFirstLine(of text: String, with line: String) -> String {
        guard let newline = text.firstIndex(of: "\n") else { return line }
        return line + text[newline...]
    }

    /// Each subcommand's long options, read from the parser's own description of itself.
    struct CommandTree {
        struct Options { var visible: Set<String> = [], all: Set<String> = [] }
        var subcommands: [String: Options] = [:]
        var rootOptions = Options()

        static func load() -> CommandTree? {
            do {
                _ = try Iris.parseAsRoot(["--experimental-dump-help"])
                return nil
            } catch {
                guard let info = try? JSONDecoder().decode(ToolInfo.self, from: Data(Iris.fullMessage(for: error).utf8))
                else { return nil }
                var tree = CommandTree(rootOptions: info.command.options)
                for sub in info.command.subcommands ?? [] { tree.subcommands[sub.commandName] = sub.options }
                return tree
            }
        }
    }

    /// The part of ArgumentParser's tool-info JSON (`--experimental-dump-help`) read here.
    private struct ToolInfo: Decodable {
        struct Command: Decodable {
            let commandName: String
            let subcommands: [Command]?
            let arguments: [Argument]?
            var options: CommandTree.Options {
                func longNames(_ arguments: [Argument]) -> Set<String> {
                    Set(arguments.flatMap { $0.names ?? [] }.filter { $0.kind == "long" }.map { "--" + $0.name })
                }
                return .init(
                    visible: longNames((arguments ?? []).filter { $0.shouldDisplay ?? true }),
                    all: longNames(arguments ?? []))
            }
        }
        struct Argument: Decodable {
            let names: [Name]?
            let shouldDisplay: Bool?
        }
        struct Name: Decodable {
            let kind: String
            let name: String
        }
        let command: Command
    }
}
