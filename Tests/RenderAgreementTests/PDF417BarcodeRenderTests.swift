import Foundation
@testable import IrisCore
@testable import IrisFilters
@testable import IrisDetect
import Testing

/// CIPDF417BarcodeGenerator rendered on both renderers and read back by zxing-cpp (an independent reader) as
/// the message's bytes and the correction level asked, for every kind of message and compaction mode, every
/// correction level and column count, compact symbols, size bounds and the standard's published capacities.
@Suite(.serialized) struct PDF417BarcodeRenderTests {
    private func pdf417(_ parameters: [String: FilterValue]) throws -> Image {
        var filter = try Filter(name: "CIPDF417BarcodeGenerator")
        for (key, value) in parameters { try filter.setValue(value, forKey: key) }
        return try filter.outputImage()
    }

    private var renderers: [any Renderer] {
        get throws { [Renderers.cpu as any Renderer, try Renderers.glesRenderer()] }
    }

    /// Renders on both renderers and checks zxing-cpp reads exactly `message` from each, at `level` when given.
    private func assertReadsBack(
        _ image: Image, _ message: [UInt8], level: Int? = nil, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for renderer in try renderers {
            let buffer = try Renderers.render(image, on: renderer)
            CodeReadBack.assertBlackAndWhite(buffer, "\(renderer.name): \(what)", file: file, line: line)
            let codes = try CodeReadBack.read(buffer, format: .pdf417, scaleX: 2, scaleY: 2)
            #expect(codes.map(\.bytes) == [message], "\(renderer.name): \(what)")
            #expect(codes.first?.format == .pdf417)
            if let level {
                #expect(codes.first?.errorCorrectionLevel == "\(level)", "\(renderer.name): \(what)")
            }
        }
    }

    private func symbolSize(_ image: Image) -> (width: Int, height: Int) {
        (Int(image.extent.width), Int(image.extent.height))
    }

    /// Annex A's patterns keep the standard's rules: eight elements of 1–6 modules making 17, the cluster
    /// formula (b₁ − b₂ + b₃ − b₄ + 9) mod 9 equal to the table's cluster, and no pattern twice in a cluster.
    @Test func codewordPatternsFollowTheStandardsRules() {
        #expect(PDF417CodewordPatterns.widths.count == 3)
        for (index, cluster) in PDF417CodewordPatterns.widths.enumerated() {
            #expect(cluster.count == 929)
            #expect(Set(cluster).count == 929, "cluster \(3 * index) repeats a pattern")
            for (value, w) in cluster.enumerated() {
                #expect(w.count == 8, "\(value)")
                #expect(w.reduce(0, +) == 17, "\(value)")
                #expect(w.allSatisfy { (1...6).contains($0) }, "\(value)")
                #expect(
                    ((w[0] - w[2] + w[4] - w[6] + 9) % 9) == (3 * index), "codeword \(value) in cluster \(3 * index)")
            }
        }
    }

    @Test func everyKindOfMessageReadsBack() throws {
        let texts = [
            "PDF417", "Hello, World!", "hello world", "MiXeD CaSe TeXt", "0123456789", "1234567890123",
            "ID 12345678901234567890 END",
            "a;b<c>d@e[f\\g]h_i`j~k!l", "tabs\tand\r\nnew lines\n", "{[(<quoted>)]} \"yes\" 'no' #$%&*+-/:=?^|",
            String((32...126).map { Character(UnicodeScalar(UInt8($0))) }),
            "café ☕ Ünïcödé", "https://example.org/iris?frame=42&size=1920x1080", String(repeating: "9", count: 100)
        ]
        var messages = texts.map { Array($0.utf8) }
        // Byte groups of six and their remainders
        messages += (1...13).map { Array(CodeReadBack.bytes(count: 13, seed: 3).prefix($0)) }
        messages.append(Array(0...255))
        messages.append(Array("text".utf8) + [0] + Array("more text".utf8) + [200, 201] + Array("end".utf8))
        messages.append(CodeReadBack.bytes(count: 500, seed: 5))
        for message in messages {
            let image = try pdf417(["inputMessage": .data(message)])
            let symbol = try PDF417Symbol(message: message)
            try assertReadsBack(image, message, level: symbol.correctionLevel, "\(message.prefix(24))…")
        }
    }

    /// Automatic and text compaction both meet every mix of sub-modes, shifts and bytes.
    @Test func randomMixedMessagesReadBack() throws {
        for (i, message) in CodeReadBack.mixedMessages(count: 80, seed: 15438).enumerated() {
            for mode in [0.0, 2.0] {
                let image = try pdf417(["inputMessage": .data(message), "inputCompactionMode": .number(mode)])
                try assertReadsBack(image, message, "mode \(mode), mixed message \(i): \(message.prefix(24))…")
            }
        }
    }

    /// Each of Core Image's compaction modes, with and without the explicit latch, reads back.
    @Test func everyCompactionModeReadsBack() throws {
        let digits: [[UInt8]] = [1, 2, 12, 13, 43, 44, 45, 88, 89, 200].map { n in
            (0..<n).map { UInt8(48 + ($0 * 7 + 3) % 10) }
        }
        let texts: [[UInt8]] = ["TEXT", "lower", "Mixed 123 text; with punctuation!", "x\u{1}y\u{7F}z\u{80}"].map {
            Array($0.utf8)
        }
        let bytes: [[UInt8]] =
            [[0], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6], CodeReadBack.bytes(count: 100, seed: 9)] + texts
        let byMode: [(Int, [[UInt8]])] = [
            (0, digits + texts + bytes), (1, digits), (2, texts + digits), (3, bytes + digits)
        ]
        for always in [0.0, 1.0] {
            for (mode, messages) in byMode {
                for message in messages {
                    let image = try pdf417([
                        "inputMessage": .data(message), "inputCompactionMode": .number(Double(mode)),
                        "inputAlwaysSpecifyCompaction": .number(always)
                    ])
                    try assertReadsBack(image, message, "mode \(mode), always \(always): \(message.prefix(16))")
                }
            }
        }
    }

    /// The explicit latch costs the Text latch codeword when Text Compaction starts the symbol, and nothing
    /// when another mode's latch starts it anyway.
    @Test func alwaysSpecifyCompactionAddsTheTextLatch() throws {
        var latched = PDF417Symbol.Options()
        latched.alwaysSpecifyCompaction = true
        let text = Array("HELLO".utf8), digits = Array("12345678901234".utf8)
        #expect((try PDF417Symbol(message: text, options: latched).codewords[1]) == PDF417Compaction.textLatch)
        #expect((try PDF417Symbol(message: text).codewords[1]) != PDF417Compaction.textLatch)
        #expect((try PDF417Symbol(message: digits, options: latched).codewords[1]) == PDF417Compaction.numericLatch)
    }

    @Test func everyCorrectionLevelReadsBackAndIsReported() throws {
        let message = Array("Every correction level from 0 to 8".utf8)
        for level in 0...8 {
            let image = try pdf417(["inputMessage": .data(message), "inputCorrectionLevel": .number(Double(level))])
            try assertReadsBack(image, message, level: level, "level \(level)")
            var options = PDF417Symbol.Options()
            options.correctionLevel = level
            let symbol = try PDF417Symbol(message: message, options: options)
            #expect(
                (symbol.codewords.count - symbol.dataCodewords) == (1 << (level + 1)), "2^(level+1) check codewords")
        }
    }

    /// Left unset, the level is annex E's recommendation for the data codewords: 2 up to 40, 3 up to 160, 4
    /// up to 320, 5 beyond; zxing-cpp reports the level it read.
    @Test func theAutomaticLevelIsTheStandardsRecommendation() throws {
        for n in [1, 30, 60, 200, 400, 700] {
            let message = Array(String(repeating: "AB", count: n).utf8)
            let symbol = try PDF417Symbol(message: message)
            // The length descriptor and the message's codewords, without the padding.
            let data = try PDF417Compaction.codewords(for: message, mode: .automatic).count + 1
            let expected = data <= 40 ? 2 : data <= 160 ? 3 : data <= 320 ? 4 : 5
            #expect(symbol.correctionLevel == expected, "\(message.count) bytes, \(data) data codewords")
            try assertReadsBack(
                try pdf417(["inputMessage": .data(message)]), message, level: expected, "\(message.count) bytes")
        }
    }

    /// Every column count reads back, and the picture is 17 modules a column plus 69 (start, row indicators,
    /// stop) plus the border wide, three pixels a row plus the border tall.
    @Test func everyColumnCountAndRowCountReadsBack() throws {
        let message = Array("Columns and rows: 0123456789 abcdefghij".utf8)
        for columns in 1...30 {
            let image = try pdf417(["inputMessage": .data(message), "inputDataColumns": .number(Double(columns))])
            let symbol = try PDF417Symbol(
                message: message,
                options: {
                    var o = PDF417Symbol.Options()
                    o.columns = columns
                    return o
                }())
            #expect(symbol.columns == columns)
            #expect(symbolSize(image).width == (17 * columns + 69 + 4))
            #expect(symbolSize(image).height == (3 * symbol.rows + 4))
            try assertReadsBack(image, message, "\(columns) columns")
        }
        for (rows, columns) in [(3, 30), (10, 5), (45, 2), (90, 1), (90, 10)] {
            let image = try pdf417([
                "inputMessage": .data(message), "inputRows": .number(Double(rows)),
                "inputDataColumns": .number(Double(columns))
            ])
            #expect(symbolSize(image).width == (17 * columns + 69 + 4))
            #expect(symbolSize(image).height == (3 * rows + 4))
            try assertReadsBack(image, message, "\(rows) rows × \(columns) columns")
        }
        let tall = try pdf417(["inputMessage": .data(message), "inputRows": .number(60)])
        #expect(symbolSize(tall).height == (3 * 60 + 4))
        try assertReadsBack(tall, message, "60 rows, columns chosen")
    }

    /// Compact PDF417 drops the right row indicator and ends each row in a one-module bar: 17 modules a column
    /// plus 35.
    @Test func compactSymbolsReadBack() throws {
        for message in ["COMPACT", "compact PDF417 with 0123456789012345 digits", String(repeating: "x", count: 300)]
            .map({ Array($0.utf8) })
        {
            let image = try pdf417(["inputMessage": .data(message), "inputCompactStyle": .number(1)])
            let symbol = try PDF417Symbol(
                message: message,
                options: {
                    var o = PDF417Symbol.Options()
                    o.compact = true
                    return o
                }())
            #expect(symbolSize(image).width == (17 * symbol.columns + 35 + 4))
            try assertReadsBack(image, message, "compact \(message.count) bytes")
        }
    }

    /// The size bounds are met, and a wider preferred aspect ratio never gives a narrower picture.
    @Test func sizeBoundsAndAspectRatioShapeTheSymbol() throws {
        let message = Array(String(repeating: "Bounds and aspect ratio. ", count: 8).utf8)
        for (minW, maxW, minH, maxH) in [
            (56, 200, 13, 283), (300, 583, 13, 283), (56, 583, 150, 283), (56, 583, 13, 60), (250, 260, 13, 283)
        ] {
            let image = try pdf417([
                "inputMessage": .data(message), "inputMinWidth": .number(Double(minW)),
                "inputMaxWidth": .number(Double(maxW)),
                "inputMinHeight": .number(Double(minH)), "inputMaxHeight": .number(Double(maxH))
            ])
            let size = symbolSize(image)
            #expect(
                (minW...maxW).contains(size.width) && (minH...maxH).contains(size.height),
                "\(size) in \(minW)…\(maxW) × \(minH)…\(maxH)")
            try assertReadsBack(image, message, "\(minW)…\(maxW) × \(minH)…\(maxH)")
        }
        var previous = 0
        for ratio in [0.5, 1, 2, 3, 5, 8, 13] {
            let image = try pdf417(["inputMessage": .data(message), "inputPreferredAspectRatio": .number(ratio)])
            #expect(symbolSize(image).width >= previous, "ratio \(ratio)")
            previous = symbolSize(image).width
            try assertReadsBack(image, message, "ratio \(ratio)")
        }
    }

    /// ISO/IEC 15438's published capacities at level 0 (928 codewords): 1,850 text characters, 2,710 digits,
    /// 1,108 bytes; one more is refused, naming the message.
    @Test func thePublishedCapacitiesFitAndOneMoreIsRefused() throws {
        let cases: [(String, (Int) -> [UInt8], Int, mode: Double)] = [
            ("text", { n in (0..<n).map { UInt8(65 + $0 % 26) } }, 1850, 0),
            ("digits", { n in (0..<n).map { UInt8(48 + $0 % 10) } }, 2710, 0),
            ("bytes", { n in CodeReadBack.bytes(count: n, seed: 1) }, 1108, 3)
        ]
        for (kind, fill, capacity, mode) in cases {
            let image = try pdf417([
                "inputMessage": .data(fill(capacity)), "inputCorrectionLevel": .number(0),
                "inputCompactionMode": .number(mode)
            ])
            try assertReadsBack(image, fill(capacity), level: 0, "\(capacity) \(kind)")
            do {
                _ = try pdf417([
                    "inputMessage": .data(fill(capacity + 1)), "inputCorrectionLevel": .number(0),
                    "inputCompactionMode": .number(mode)
                ])
                Issue.record("expected an error")
            } catch {
                guard case let .invalidValue(filter, key, reason)? = error as? FilterError else {
                    Issue.record("\(error)")
                    return
                }
                #expect(filter == "CIPDF417BarcodeGenerator")
                #expect(key == "inputMessage")
                #expect(reason.contains("928"), "\(reason)")
            }
        }
    }

    @Test func anEmptyMessageIsASymbolWithNothingToRead() throws {
        let image = try pdf417([:])
        // The length descriptor counts itself and the padding that fills the rows before the check words.
        let symbol = try PDF417Symbol(message: [])
        #expect(symbol.codewords[0] == symbol.dataCodewords)
        #expect(
            Array(symbol.codewords[1..<symbol.dataCodewords]) == Array(repeating: 900, count: symbol.dataCodewords - 1))
        #expect(
            (try CodeReadBack.read(
                try Renderers.render(image, on: Renderers.cpu), format: .pdf417, scaleX: 2, scaleY: 2
            )
            .count) == 0)
    }

    @Test func badInputsAreTypedErrorsNamingTheInput() throws {
        func expect(_ parameters: [String: FilterValue], key: String, line: UInt = #line) {
            do {
                _ = try pdf417(parameters)
                Issue.record("expected an error")
            } catch {
                guard let error = error as? FilterError else {
                    Issue.record("\(error)")
                    return
                }
                switch error {
                case let .invalidValue(filter, k, _), let .outOfRange(filter, k, _, _):
                    #expect(filter == "CIPDF417BarcodeGenerator")
                    #expect(k == key, "\(error)")
                default: Issue.record("\(error)")
                }
            }
        }
        let text = FilterValue.data(Array(String(repeating: "Some text to hold. ", count: 20).utf8))
        expect(["inputMessage": .data(CodeReadBack.bytes(count: 2000, seed: 2))], key: "inputMessage")
        expect(
            ["inputMessage": .data(Array("12a4".utf8)), "inputCompactionMode": .number(1)], key: "inputCompactionMode")
        expect(["inputMessage": text, "inputRows": .number(3), "inputDataColumns": .number(2)], key: "inputRows")
        expect(["inputRows": .number(90), "inputDataColumns": .number(30)], key: "inputRows")
        expect(["inputRows": .number(2)], key: "inputRows")
        expect(["inputMessage": text, "inputDataColumns": .number(1)], key: "inputDataColumns")
        expect(["inputMessage": text, "inputMaxWidth": .number(90)], key: "inputMaxWidth")
        expect(["inputMessage": text, "inputMaxHeight": .number(20)], key: "inputMaxHeight")
        expect(
            ["inputMessage": .data(Array("short".utf8)), "inputDataColumns": .number(2), "inputMinWidth": .number(400)],
            key: "inputMinWidth")
        expect(["inputMinWidth": .number(300), "inputMaxWidth": .number(200)], key: "inputMinWidth")
        expect(["inputMinHeight": .number(100), "inputMaxHeight": .number(50)], key: "inputMinHeight")
        expect(["inputCorrectionLevel": .number(9)], key: "inputCorrectionLevel")
        expect(["inputCompactionMode": .number(4)], key: "inputCompactionMode")
        expect(["inputDataColumns": .number(31)], key: "inputDataColumns")
        expect(["inputMinWidth": .number(55)], key: "inputMinWidth")
        expect(["inputPreferredAspectRatio": .number(-1)], key: "inputPreferredAspectRatio")
    }
}
