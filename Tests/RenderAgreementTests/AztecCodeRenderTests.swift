import Foundation
@testable import IrisCore
@testable import IrisFilters
@testable import IrisDetect
import Testing

/// CIAztecCodeGenerator rendered on both renderers and read back by zxing-cpp (an independent reader) as the
/// message's bytes, for every kind of message, every layer count of both shapes and a spread of correction
/// levels; the sizes follow the standard's table.
@Suite(.serialized) struct AztecCodeRenderTests {
    private func aztec(_ parameters: [String: FilterValue]) throws -> Image {
        var filter = try Filter(name: "CIAztecCodeGenerator")
        for (key, value) in parameters { try filter.setValue(value, forKey: key) }
        return try filter.outputImage()
    }

    private var renderers: [any Renderer] {
        get throws { [Renderers.cpu as any Renderer, try Renderers.glesRenderer()] }
    }

    /// Renders on both renderers and checks zxing-cpp reads `message` from each, and nothing else.
    private func assertReadsBack(
        _ image: Image, _ message: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for renderer in try renderers {
            let buffer = try Renderers.render(image, on: renderer)
            CodeReadBack.assertBlackAndWhite(buffer, "\(renderer.name): \(what)", file: file, line: line)
            let codes = try CodeReadBack.read(buffer, format: .aztec)
            #expect(codes.map(\.bytes) == [message], "\(renderer.name): \(what)")
            #expect(codes.first?.format == .aztec)
        }
    }

    /// zxing-cpp 1.4 reads a leading GS (29), or GS after one capital or two digits, as a GS1 or AIM marker and
    /// drops it (ISO/IEC 24778 annex F); such bytes are an application's convention, so binary test messages
    /// leave them out of the first three places.
    private func withoutApplicationMarkers(_ bytes: [UInt8]) -> [UInt8] {
        bytes.enumerated().map { i, b in i < 3 && b == 29 ? 30 : b }
    }

    @Test func everyKindOfMessageReadsBack() throws {
        let texts = [
            "hello", "Hello, World!", "IRIS-0042", "0123456789", "3.14159, 2.71828", "ABCdefGHIjkl",
            "lower then UPPER then 123",
            "line one\r\nline two\r\n", "a. b, c: d", "a@b\\c^d_e`f|g~h", "tab\there",
            "{[(<quoted>)]} \"yes\" 'no' #$%&*+-/;=?!",
            String((32...126).map { Character(UnicodeScalar(UInt8($0))) }),
            "café ☕ Ünïcödé", "https://example.org/iris?frame=42&size=1920x1080"
        ]
        var messages = texts.map { Array($0.utf8) }
        messages.append(Array(1...31) + [127])  // control characters: Mixed mode and binary shift
        messages.append(Array(128...255))  // every high byte
        // A binary run over 31 bytes
        messages.append(withoutApplicationMarkers(CodeReadBack.bytes(count: 300, seed: 7)))
        messages.append(Array("text".utf8) + [0, 200, 13] + Array("MORE text 99".utf8) + [255])
        for message in messages {
            try assertReadsBack(try aztec(["inputMessage": .data(message)]), message, "\(message.prefix(24))…")
        }
    }

    @Test func randomMixedMessagesReadBack() throws {
        for (i, message) in CodeReadBack.mixedMessages(count: 80, seed: 24778).map(withoutApplicationMarkers)
            .enumerated()
        {
            try assertReadsBack(
                try aztec(["inputMessage": .data(message)]), message, "mixed message \(i): \(message.prefix(24))…")
        }
    }

    /// Every correction level Core Image offers reads back, and more correction never makes a smaller symbol.
    @Test func correctionLevelsReadBack() throws {
        let message = Array("Correction levels from 5 to 95 per cent".utf8)
        var previousSize = 0
        for percent in [5.0, 10, 15, 23, 33, 40, 50, 60, 75, 85, 95] {
            let symbol = try AztecSymbol(message: message, correctionPercent: percent)
            #expect(symbol.size >= previousSize, "\(percent) %")
            previousSize = symbol.size
            // At least percent % of the data codewords, plus three, are check codewords.
            #expect(Double(symbol.checkCodewords) >= ((Double(symbol.dataCodewords) * percent / 100).rounded(.up) + 3))
            let image = try aztec(["inputMessage": .data(message), "inputCorrectionLevel": .number(percent)])
            #expect(image.extent.width == Double(symbol.size + 2))
            try assertReadsBack(image, message, "\(percent) %")
            // zxing-cpp 1.4 reports no level for Aztec; later versions give the check words' share as "NN%".
            let level =
                try CodeReadBack.read(try Renderers.render(image, on: Renderers.cpu), format: .aztec).first?
                .errorCorrectionLevel ?? ""
            if !level.isEmpty {
                #expect(level == "\(symbol.checkCodewords * 100 / (symbol.checkCodewords + symbol.dataCodewords))%")
            }
        }
    }

    /// ISO/IEC 24778 table 1's symbol sizes: compact 15…27, full-range 19…151 with the reference grid.
    static let compactSizes = [15, 19, 23, 27]
    static let fullRangeSizes = [
        19, 23, 27, 31, 37, 41, 45, 49, 53, 57, 61, 67, 71, 75, 79, 83, 87, 91, 95, 101,
        105, 109, 113, 117, 121, 125, 131, 135, 139, 143, 147, 151
    ]

    @Test func everyCompactLayerCountReadsBack() throws {
        let message = Array("Iris 4".utf8)
        for layers in 1...4 {
            let image = try aztec([
                "inputMessage": .data(message), "inputLayers": .number(Double(layers)), "inputCompactStyle": .number(1)
            ])
            #expect(
                image.extent
                    == Rect(
                        x: 0, y: 0, width: Double(Self.compactSizes[layers - 1] + 2),
                        height: Double(Self.compactSizes[layers - 1] + 2)))
            try assertReadsBack(image, message, "compact, \(layers) layers")
        }
    }

    /// Full-range symbols of 1…4 layers are reached through `AztecSymbol` (Core Image's filter has no way to
    /// ask for them), 5…32 through the filter.
    @Test func everyFullRangeLayerCountReadsBack() throws {
        for layers in 1...32 {
            let message = Array("Full \(layers)\(String(repeating: "0123456789", count: layers - 1))".utf8)
            let image: Image
            if layers <= 4 {
                let symbol = try AztecSymbol(message: message, layers: layers, style: .fullRange)
                #expect(!symbol.isCompact)
                image = Image(buffer: symbol.rgbaBuffer(border: 1))
            } else {
                image = try aztec(["inputMessage": .data(message), "inputLayers": .number(Double(layers))])
            }
            #expect(image.extent.width == Double(Self.fullRangeSizes[layers - 1] + 2), "\(layers) layers")
            try assertReadsBack(image, message, "full range, \(layers) layers")
        }
    }

    /// The longest message each of a few layouts holds (found by asking the encoder, then one byte more is
    /// refused) reads back; digits, capitals and bytes fill symbols at different rates.
    @Test func messagesAtCapacityReadBack() throws {
        let layouts: [(layers: Int, compact: Bool, percent: Double)] = [
            (1, true, 23), (4, true, 23), (8, false, 23), (23, false, 10), (32, false, 5), (32, false, 50)
        ]
        let randomBytes = CodeReadBack.bytes(count: 8000, seed: 11)
        let fills: [(String, (Int) -> [UInt8])] = [
            ("digits", { n in (0..<n).map { UInt8(48 + $0 % 10) } }),
            ("capitals", { n in (0..<n).map { UInt8(65 + $0 % 26) } }),
            ("bytes", { n in self.withoutApplicationMarkers(Array(randomBytes.prefix(n))) })
        ]
        for layout in layouts {
            for (kind, fill) in fills {
                func fits(_ n: Int) -> Bool {
                    (try? AztecSymbol(
                        message: fill(n), correctionPercent: layout.percent, layers: layout.layers,
                        style: layout.compact ? .compact : .fullRange)) != nil
                }
                var low = 0, high = 8000
                while low < high {
                    let mid = (low + high + 1) / 2
                    if fits(mid) { low = mid } else { high = mid - 1 }
                }
                #expect(low > 0, "\(layout) \(kind)")
                let message = fill(low)
                let image = try aztec([
                    "inputMessage": .data(message), "inputLayers": .number(Double(layout.layers)),
                    "inputCompactStyle": .number(layout.compact ? 1 : 0),
                    "inputCorrectionLevel": .number(layout.percent)
                ])
                try assertReadsBack(image, message, "\(layout) \(low) \(kind)")
                do {
                    _ = try aztec([
                        "inputMessage": .data(fill(low + 1)), "inputLayers": .number(Double(layout.layers)),
                        "inputCompactStyle": .number(layout.compact ? 1 : 0),
                        "inputCorrectionLevel": .number(layout.percent)
                    ])
                    Issue.record("\(layout) \(kind): one byte past capacity")
                } catch {
                    guard case let .invalidValue(filter, key, reason)? = error as? FilterError else {
                        Issue.record("\(error)")
                        return
                    }
                    #expect(filter == "CIAztecCodeGenerator")
                    #expect(key == "inputLayers")
                    #expect(reason.contains("holds at most"), "\(reason)")
                }
            }
        }
    }

    /// Left to itself the filter takes the smallest symbol: the next smaller size refuses the message.
    @Test func automaticChoiceIsTheSmallestThatHolds() throws {
        for n in [1, 2, 4, 7, 13, 27, 60, 130, 300] {
            let message = Array(String(repeating: "Aztec!", count: n).utf8)
            let symbol = try AztecSymbol(message: message)
            let smaller = AztecLayout.all.filter { $0.size < symbol.size }
            for layout in smaller {
                #expect(
                    throws: (any Error).self, "\(message.count) bytes fit \(layout) although \(symbol.size) was chosen"
                ) {
                    try AztecSymbol(
                        message: message, layers: layout.layers, style: layout.isCompact ? .compact : .fullRange)
                }
            }
        }
    }

    @Test func anEmptyMessageIsASymbolWithNothingToRead() throws {
        let symbol = try AztecSymbol(message: [])
        #expect(symbol.size == 15)
        #expect(symbol.dataCodewords == 1, "one codeword of padding: the mode message cannot count zero")
        #expect(
            (try CodeReadBack.read(try Renderers.render(try aztec([:]), on: Renderers.cpu), format: .aztec).count) == 0)
    }

    @Test func badInputsAreTypedErrorsNamingTheInput() throws {
        func expect(
            _ parameters: [String: FilterValue], key: String, _ check: (FilterError) -> Bool = { _ in true },
            line: UInt = #line
        ) {
            do {
                _ = try aztec(parameters)
                Issue.record("expected an error")
            } catch {
                guard let error = error as? FilterError else {
                    Issue.record("\(error)")
                    return
                }
                switch error {
                case let .invalidValue(filter, k, _), let .outOfRange(filter, k, _, _):
                    #expect(filter == "CIAztecCodeGenerator")
                    #expect(k == key)
                default: Issue.record("\(error)")
                }
                #expect(check(error), "\(error)")
            }
        }
        let long = [UInt8](repeating: 0xA5, count: 5000)
        expect(["inputMessage": .data(long)], key: "inputMessage") { $0.description.contains("5000-byte") }
        expect(
            ["inputMessage": .data(Array(repeating: 65, count: 100)), "inputCompactStyle": .number(1)],
            key: "inputMessage")
        expect(["inputMessage": .data(Array(repeating: 65, count: 100)), "inputLayers": .number(2)], key: "inputLayers")
        expect(["inputLayers": .number(5), "inputCompactStyle": .number(1)], key: "inputLayers") {
            $0.description.contains("1 to 4")
        }
        expect(["inputLayers": .number(33)], key: "inputLayers")
        expect(["inputLayers": .number(2.5)], key: "inputLayers")
        expect(["inputCorrectionLevel": .number(4)], key: "inputCorrectionLevel")
        expect(["inputCorrectionLevel": .number(96)], key: "inputCorrectionLevel")
        expect(["inputCompactStyle": .number(2)], key: "inputCompactStyle")
    }
}
