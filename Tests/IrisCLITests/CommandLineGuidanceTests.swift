import Foundation
import IrisCore
import IrisVideo
import Testing

/// Issue 38, as a newcomer meets the command line: a misspelt command or option gets the real one, every
/// command chooses detectors with `--detect` (old names still work), categories take any spelling, each
/// filter has a page, and what cannot be done as asked is refused, not skipped.
@Suite struct CommandLineGuidanceTests {
    /// The subcommands and their visible long options, from the binary's own tool-info dump.
    static func commandTree() throws -> [String: [String]] {
        let folder = try TemporaryFolder()
        let dump = try IrisExecutable.run(["--experimental-dump-help"], in: folder.path)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        var tree: [String: [String]] = [:]
        for sub in command["subcommands"] as? [[String: Any]] ?? [] {
            guard let name = sub["commandName"] as? String, name != "help" else { continue }
            let options = (sub["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool ?? true }
                .flatMap { $0["names"] as? [[String: Any]] ?? [] }.filter { $0["kind"] as? String == "long" }
                .compactMap { $0["name"] as? String }.filter { $0 != "help" && $0 != "version" }
            tree[name] = options
        }
        return tree
    }

    /// `--thresholds` → `--thresohlds`: two neighbouring letters swapped, the commonest typo.
    static func misspelt(_ option: String) -> String {
        var letters = Array(option)
        let i = letters.count / 2
        letters.swapAt(i, i + 1)
        return String(letters)
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func aMisspeltCommandGetsTheRealOne() throws {
        let folder = try TemporaryFolder()
        let typo = try IrisExecutable.run(["fitlers"], in: folder.path)
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("Unknown command 'fitlers'. Did you mean 'filters'?"), "\(typo.stderr)")
        let nothingClose = try IrisExecutable.run(["xyzzy"], in: folder.path)
        #expect(
            nothingClose.stderr.contains("Unknown command 'xyzzy'. The commands are bench, bench-filters, detect"),
            "\(nothingClose.stderr)")
    }

    /// Every command, every one of its long options of 6 letters or more, misspelt: the suggestion is that option.
    @Test(.enabled(if: IrisExecutable.path != nil)) func everyCommandSuggestsItsOwnMisspeltOptions() throws {
        let folder = try TemporaryFolder()
        let tree = try Self.commandTree()
        #expect(
            Set(tree.keys).isSuperset(of: [
                "run", "detect", "eval", "render", "filters", "record", "preview", "gallery", "bench", "devices"
            ]))
        for (command, options) in tree.sorted(by: { $0.key < $1.key }) {
            let long = options.filter { $0.count >= 6 }
            for option in long {
                let typo = "--" + Self.misspelt(option)
                guard !options.contains(String(typo.dropFirst(2))) else { continue }
                let result = try IrisExecutable.run([command, typo], in: folder.path)
                #expect(result.status == 64, "iris \(command) \(typo)")
                #expect(
                    result.stderr.hasPrefix("Error: Unknown option '\(typo)'. Did you mean '--\(option)'?"),
                    "iris \(command) \(typo): \(result.stderr)")
            }
        }
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func oldDetectorNamesPointAtDetect() throws {
        let folder = try TemporaryFolder()
        for (command, typo) in [("run", "--typ"), ("detect", "--detektor"), ("eval", "--detcet")] {
            let result = try IrisExecutable.run([command, typo, "qr"], in: folder.path)
            #expect(
                result.stderr.hasPrefix("Error: Unknown option '\(typo)'. Did you mean '--detect'?"),
                "\(command): \(result.stderr)")
        }
    }

    /// `--detect` in detect and eval, with the old `--type` and `--detector` still read the same way.
    @Test(.enabled(if: IrisExecutable.path != nil)) func detectAndItsAliasesChooseTheSameDetectors() throws {
        let folder = try TemporaryFolder()
        try folder.write(try StillImage.encode(QRPictures.luma("one vocabulary").rgbaBuffer, as: .png), to: "code.png")
        var outputs: [String] = []
        for option in ["--detect", "--type", "--detector"] {
            let result = try IrisExecutable.run(["detect", "code.png", option, "qr", "--json"], in: folder.path)
            #expect(result.status == 0, "\(option): \(result.stderr)")
            outputs.append(
                result.stdout.replacingOccurrences(of: #""ms":[0-9.]+"#, with: "", options: .regularExpression))
        }
        #expect(outputs[0].contains("\"message\":\"one vocabulary\""), "\(outputs[0])")
        #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0])
        let both = try IrisExecutable.run(["detect", "code.png", "--detect", "qr", "--type", "face"], in: folder.path)
        #expect(
            both.status == 64 && both.stderr.contains("--detect and --type both choose detectors"), "\(both.stderr)")
        let unknown = try IrisExecutable.run(["detect", "code.png", "--detect", "qrr"], in: folder.path)
        #expect(
            unknown.status == 64 && unknown.stderr.contains("'qrr' is not a detector (did you mean 'qr'?)"),
            "\(unknown.stderr)")
        // With no --detect, a still is searched for everything; the help says why.
        let help = try IrisExecutable.run(["detect", "--help"], in: folder.path)
        #expect(help.stdout.contains("Default: all three in detect and eval"), "\(help.stdout)")
    }

    @Test(.enabled(if: IrisExecutable.path != nil)) func categoriesTakeAnySpellingAndAnUnknownOneIsNamed() throws {
        let folder = try TemporaryFolder()
        var lists: [[String]] = []
        for spelling in ["blur", "BLUR", "Blur", "CICategoryBlur", "cicategoryblur"] {
            let result = try IrisExecutable.run(["filters", "--category", spelling, "--names-only"], in: folder.path)
            #expect(result.status == 0, "\(spelling): \(result.stderr)")
            lists.append(result.stdoutLines)
        }
        #expect(
            lists[0].contains("CIGaussianBlur") && lists[0].contains("CIBoxBlur") && !lists[0].contains("CISepiaTone"))
        #expect(lists.allSatisfy { $0 == lists[0] })
        let twoWords = try IrisExecutable.run(
            ["filters", "--category", "color-effect", "--names-only"], in: folder.path)
        #expect(twoWords.stdoutLines.contains("CISepiaTone"), "\(twoWords.stderr)")
        let unknown = try IrisExecutable.run(["filters", "--category", "bluur"], in: folder.path)
        #expect(unknown.status == 1 && unknown.stdout.isEmpty)
        #expect(
            unknown.stderr.contains(
                "no filter category 'bluur' (did you mean 'blur'?); the categories are blur, built-in,"),
            "\(unknown.stderr)")
    }

    /// A filter's page names its inputs with their defaults and ranges, and its example runs as printed.
    @Test(.enabled(if: IrisExecutable.path != nil)) func eachFilterHasAPageWhoseExampleRuns() throws {
        let folder = try TemporaryFolder()
        let page = try IrisExecutable.run(["filters", "CIVignette"], in: folder.path)
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.hasPrefix("CIVignette — "))
        #expect(page.stdout.contains("inputIntensity  scalar, default 0, range -1…1"), "\(page.stdout)")
        #expect(page.stdout.contains("inputRadius     scalar, default 1, range 0…2"), "\(page.stdout)")
        #expect(page.stdout.contains("color-effect (CICategoryColorEffect)"))
        #expect(
            try IrisExecutable.run(["filters", "vignette"], in: folder.path).stdout == page.stdout,
            "the CI prefix and case are optional")
        let example = try #require(page.stdoutLines.first { $0.contains("iris render photo.jpg out.png --filter") })
        let spec = try #require(example.split(separator: "'").dropFirst().first.map(String.init))
        #expect(spec == "CIVignette inputIntensity=0 inputRadius=1")
        var gray = PixelBuffer(width: 32, height: 24, format: .rgba8)
        for i in gray.planes[0].bytes.indices { gray.planes[0].bytes[i] = 200 }
        try folder.write(try StillImage.encode(gray, as: .png), to: "photo.png")
        let render = try IrisExecutable.run(
            ["render", "photo.png", "out.png", "--filter", spec, "--renderer", "cpu"], in: folder.path)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try StillImage.read(contentsOf: folder.file("out.png")).buffer.width == 32)
        let unknown = try IrisExecutable.run(["filters", "CISepiaTome"], in: folder.path)
        #expect(
            unknown.status == 1
                && unknown.stderr.contains("unknown filter 'CISepiaTome' (did you mean 'CISepiaTone'?)"),
            "\(unknown.stderr)")
    }

    /// Smile on no faces, or events with no detector, would silently not happen: they are refused, and
    /// the events file is never made.
    @Test(.enabled(if: IrisExecutable.path != nil)) func whatCannotHappenAsAskedIsRefused() throws {
        let folder = try TemporaryFolder()
        let clip = try RecordSafetyTests.source(in: folder)
        let common = ["--source", clip, "--renderer", "cpu", "--preview", "none", "--quiet", "--frames", "2"]
        let smile = try IrisExecutable.run(["run", "--detect", "qr", "--smile"] + common, in: folder.path)
        #expect(
            smile.status == 1
                && smile.stderr.contains(
                    "smile is decided on faces, and no face detector runs: add face to the detectors (--detect face)"),
            "\(smile.stderr)")
        let blink = try IrisExecutable.run(["run", "--blink"] + common, in: folder.path)
        #expect(blink.status == 1 && blink.stderr.contains("blink is decided on faces"), "\(blink.stderr)")
        let events = try IrisExecutable.run(["run", "--events", "e.jsonl"] + common, in: folder.path)
        #expect(
            events.status == 1
                && events.stderr.contains("events hold what the detectors find, and none runs: give --detect"),
            "\(events.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("e.jsonl")))
        try folder.write(try StillImage.encode(QRPictures.luma("x").rgbaBuffer, as: .png), to: "code.png")
        let stillSmile = try IrisExecutable.run(["detect", "code.png", "--detect", "qr", "--smile"], in: folder.path)
        #expect(
            stillSmile.status == 1
                && stillSmile.stderr.contains(
                    "--smile is decided on faces, and no face detector runs: add face to --detect"),
            "\(stillSmile.stderr)")
        let evalBlink = try IrisExecutable.run(["eval", clip, "--detect", "qr", "--blink"], in: folder.path)
        #expect(
            evalBlink.status == 1 && evalBlink.stderr.contains("--blink is decided on faces"), "\(evalBlink.stderr)")
    }

    /// A 2 s run of a 10 fps recording ends its progress bar at 100 %, 20 of 20 frames.
    @Test(.enabled(if: IrisExecutable.path != nil)) func theProgressBarCountsTheFramesDurationSpans() throws {
        let folder = try TemporaryFolder()
        let writer = try Y4MWriter(
            path: folder.file("ten.y4m"), header: Y4MHeader(width: 64, height: 48, frameRate: .init(10, 1)))
        for index in 0..<50 {
            var picture = PixelBuffer(width: 64, height: 48, format: .i420)
            for i in picture.planes[0].bytes.indices { picture.planes[0].bytes[i] = UInt8((i + index) % 256) }
            for p in 1...2 { for i in picture.planes[p].bytes.indices { picture.planes[p].bytes[i] = 128 } }
            try writer.append(Frame(buffer: picture))
        }
        try writer.close()
        let result = try IrisExecutable.run(
            [
                "run", "--source", "ten.y4m", "--duration", "2", "--record", "out.y4m", "--renderer", "cpu",
                "--preview", "none"
            ], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let bars = result.stderr.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).filter { $0.contains("%") }
        #expect(bars.last?.contains("100% 20/20") == true, "\(bars.suffix(3))")
        #expect(bars.allSatisfy { !$0.contains("/50") }, "the bar counts the run, not the file")
        #expect(try RecordSafetyTests.frameCount(folder.file("out.y4m")) == 20)
    }

    /// A hardware encoder that does not open says what it needs, and how to do without it.
    @Test(.enabled(if: IrisExecutable.path != nil && !FileManager.default.fileExists(atPath: "/dev/video11")))
    func aHardwareEncoderThatWillNotOpenSaysWhy() throws {
        let folder = try TemporaryFolder()
        let clip = try RecordSafetyTests.source(in: folder)
        let result = try IrisExecutable.run(["record", clip, "out.mp4", "--encoder", "h264_v4l2m2m"], in: folder.path)
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("h264_v4l2m2m") && result.stderr.contains("V4L2 memory-to-memory encoder device")
                && result.stderr.contains("leave out --encoder to use the first h264 encoder that opens"),
            "\(result.stderr)")
    }

    /// `iris eval` says what it is doing, and finds the bundled clips from any folder.
    @Test(.enabled(if: IrisExecutable.path != nil)) func evalShowsProgressAndFindsTheBundledClipsAnywhere() throws {
        let folder = try TemporaryFolder()
        let result = try IrisExecutable.run(["eval", "--detect", "qr", "--max-frames", "1"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("demo-640x480.mp4") && result.stdout.contains("qr-walk-640x480.mp4"),
            "\(result.stdout)")
        #expect(result.stderr.contains("eval: [1/") && result.stderr.contains("1 frames scored in"), "\(result.stderr)")
        let quiet = try IrisExecutable.run(
            ["eval", "--detect", "qr", "--max-frames", "1", "--quiet", "--markdown"], in: folder.path)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
}
