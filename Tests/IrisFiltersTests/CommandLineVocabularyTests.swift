import Testing
@testable import IrisCore
@testable import IrisFilters

/// The library side of issue 38's vocabulary: the one "did you mean" search, categories by any spelling,
/// and each filter's page, whose example is read back by the filter parser.
@Suite struct CommandLineVocabularyTests {
    @Test func closestNameCountsASwapAsOneEdit() {
        #expect(ClosestName.editDistance("fitlers", "filters") == 1)
        #expect(ClosestName.editDistance("kitten", "sitting") == 3)
        #expect(ClosestName.editDistance("", "abc") == 3 && ClosestName.editDistance("abc", "") == 3)
        #expect(ClosestName.match("fitlers", among: ["render", "filters", "run"]) == "filters")
        #expect(ClosestName.match("RUN", among: ["render", "run"]) == "run", "case-insensitive")
        #expect(ClosestName.match("xyzzy", among: ["render", "filters", "run"]) == nil, "nothing within reach")
    }

    @Test func categoriesAreFoundByAnySpelling() throws {
        let registry = FilterRegistry.builtIn
        for spelling in ["blur", "Blur", "BLUR", "CICategoryBlur", "cicategoryblur"] {
            #expect(try registry.category(named: spelling) == "CICategoryBlur", "\(spelling)")
        }
        #expect(try registry.category(named: "color-effect") == "CICategoryColorEffect")
        #expect(try registry.category(named: "Color Effect") == "CICategoryColorEffect")
        #expect(FilterRegistry.shortCategoryName("CICategoryCompositeOperation") == "composite-operation")
        #expect(
            throws: FilterError.unknownCategory(
                "bluur", suggestion: "blur", known: registry.categories.map(FilterRegistry.shortCategoryName))
        ) {
            try registry.category(named: "bluur")
        }
        let blurs = try registry.descriptors(inCategory: "blur").map(\.name)
        #expect(blurs.contains("CIGaussianBlur") && !blurs.contains("CISepiaTone"))
    }

    /// Every filter's example, as its page prints it, parses back into that filter with its defaults.
    @Test func everyExampleParsesBackToTheDefaults() throws {
        for d in FilterRegistry.builtIn.all {
            let spec = try FilterSpecParser.parse(FilterReference.exampleSpec(for: d))
            #expect(spec.name == d.name)
            for input in d.inputs where input.type != .image && input.type != .data {
                guard let expected = input.defaultValue else { continue }
                #expect(
                    spec.parameters[input.key].map { "\($0)" } == "\(expected)"
                        || Self.sameNumbers(spec.parameters[input.key], expected),
                    "\(d.name) \(input.key): \(String(describing: spec.parameters[input.key])) vs \(expected)")
            }
        }
    }

    @Test func aPageNamesEveryInputWithItsRange() {
        let page = FilterReference.helpPage(for: FilterRegistry.builtIn.all.first { $0.name == "CIGaussianBlur" }!)
        #expect(page.hasPrefix("CIGaussianBlur — "))
        #expect(page.contains("inputRadius  distance, default 10, range 0…500"), "\(page)")
        #expect(page.contains("reads neighbouring pixels"))
        #expect(page.contains("iris render photo.jpg out.png --filter 'CIGaussianBlur inputRadius=10'"))
        #expect(page.contains("image.applyingFilter(.gaussianBlur())"))
        let generator = FilterReference.helpPage(
            for: FilterRegistry.builtIn.all.first { $0.name == "CICheckerboardGenerator" }!)
        #expect(generator.contains("try Image.checkerboard()"), "\(generator)")
    }

    /// A colour given as a vector and a colour value print differently but hold the same numbers.
    static func sameNumbers(_ parsed: FilterValue?, _ expected: FilterValue) -> Bool {
        func numbers(_ v: FilterValue?) -> [Double]? {
            switch v {
            case let .number(n)?: return [n]
            case let .vector(v)?: return v
            case let .color(c)?: return [c.x, c.y, c.z, c.w]
            case let .transform(t)?: return [t.a, t.b, t.c, t.d, t.tx, t.ty]
            case let .string(s)?: return s.isEmpty ? [] : nil
            default: return nil
            }
        }
        guard let a = numbers(parsed), let b = numbers(expected), a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }
}

@Suite struct HexadecimalTests {
    @Test func everyByteIsTwoLowerCaseDigits() {
        #expect([0x00, 0x0f, 0xa0, 0xff].hexadecimal == "000fa0ff")
        #expect([UInt8]().hexadecimal == "")
        #expect((0...255).map(UInt8.init).hexadecimal.count == 512)
    }
}
