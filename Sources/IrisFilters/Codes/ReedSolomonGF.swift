import IrisCore

/// The finite-field arithmetic the symbologies' Reed–Solomon codes need: QR codes and Aztec codes work in
/// GF(2ᵐ) (addition is XOR, so a check symbol is its own negative), PDF417 in the prime field GF(929) (where
/// the check codewords are the negated remainder). One encoder serves both through `GaloisField`.
protocol GaloisField: Sendable {
    /// The number of elements; symbols are 0..<order.
    var order: Int { get }
    func add(_ a: Int, _ b: Int) -> Int
    func negate(_ a: Int) -> Int
    func multiply(_ a: Int, _ b: Int) -> Int
    /// αⁱ for the field's generator α.
    func power(_ i: Int) -> Int
}

/// GF(2ᵐ) defined by a primitive polynomial (its bits, xᵐ included: 0x11D is x⁸ + x⁴ + x³ + x² + 1), with
/// exponent and logarithm tables so multiplication is two look-ups.
struct BinaryGaloisField: GaloisField {
    let order: Int
    private let exponents: [Int]
    private let logarithms: [Int]

    init(polynomial: Int) {
        var bits = 0
        while (1 << (bits + 1)) <= polynomial { bits += 1 }
        order = 1 << bits
        var exponents = [Int](repeating: 0, count: order)
        var logarithms = [Int](repeating: 0, count: order)
        var x = 1
        for i in 0..<order {
            exponents[i] = x
            x <<= 1
            if x >= order { x ^= polynomial }
        }
        // αⁱ cycles with period order − 1; exponents[order − 1] is 1 again and stays out of the logarithms.
        for i in 0..<(order - 1) { logarithms[exponents[i]] = i }
        self.exponents = exponents
        self.logarithms = logarithms
    }

    func add(_ a: Int, _ b: Int) -> Int { a ^ b }
    func negate(_ a: Int) -> Int { a }
    func multiply(_ a: Int, _ b: Int) -> Int {
        a == 0 || b == 0 ? 0 : exponents[(logarithms[a] + logarithms[b]) % (order - 1)]
    }
    func power(_ i: Int) -> Int { exponents[((i % (order - 1)) + order - 1) % (order - 1)] }

    /// QR codes' GF(2⁸): x⁸ + x⁴ + x³ + x² + 1 (ISO/IEC 18004).
    static let qrCode = BinaryGaloisField(polynomial: 0x11D)
    /// Aztec's mode-message field GF(2⁴): x⁴ + x + 1 (ISO/IEC 24778).
    static let aztecModeMessage = BinaryGaloisField(polynomial: 0x13)
    /// Aztec's data fields for 6-, 8-, 10- and 12-bit codewords (ISO/IEC 24778, table 3).
    static let aztec6 = BinaryGaloisField(polynomial: 0x43)
    static let aztec8 = BinaryGaloisField(polynomial: 0x12D)
    static let aztec10 = BinaryGaloisField(polynomial: 0x409)
    static let aztec12 = BinaryGaloisField(polynomial: 0x1069)
}

/// The integers modulo a prime, with a generator; PDF417's is GF(929) with α = 3 (ISO/IEC 15438).
struct PrimeGaloisField: GaloisField {
    let order: Int
    let generator: Int

    func add(_ a: Int, _ b: Int) -> Int { (a + b) % order }
    func negate(_ a: Int) -> Int { (order - a) % order }
    func multiply(_ a: Int, _ b: Int) -> Int { a * b % order }
    func power(_ i: Int) -> Int {
        var result = 1, base = generator, e = i
        while e > 0 {
            if e & 1 == 1 { result = result * base % order }
            base = base * base % order
            e >>= 1
        }
        return result
    }

    static let pdf417 = PrimeGaloisField(order: 929, generator: 3)
}

/// A systematic Reed–Solomon code: `checkSymbols(of:)` gives the `degree` symbols that, appended to the
/// data, make the whole a multiple of g(x) = ∏ (x − αⁱ) for i = firstRoot ..< firstRoot + degree. QR codes
/// take roots from α⁰, Aztec and PDF417 from α¹.
struct ReedSolomonEncoder<Field: GaloisField>: Sendable {
    let field: Field
    /// g(x)'s coefficients below the leading 1, highest power first.
    private let generator: [Int]

    init(field: Field, degree: Int, firstRoot: Int) {
        self.field = field
        // Multiply out one (x − αⁱ) at a time; coefficients highest power first, leading 1 included.
        var g = [1]
        for i in firstRoot..<(firstRoot + degree) {
            let root = field.negate(field.power(i))
            var next = g + [0]
            for j in g.indices { next[j + 1] = field.add(next[j + 1], field.multiply(g[j], root)) }
            g = next
        }
        generator = Array(g.dropFirst())
    }

    var degree: Int { generator.count }

    /// −(data(x) · x^degree mod g(x)), highest power first: the check symbols that follow the data.
    func checkSymbols(of data: [Int]) -> [Int] {
        guard degree > 0 else { return [] }
        var remainder = [Int](repeating: 0, count: degree)
        for symbol in data {
            // Long division by the monic g(x): the quotient's next coefficient is what leads the running
            // remainder, and subtracting that multiple of g shifts the remainder up by one place.
            let factor = field.add(symbol, remainder[0])
            for i in 0..<(degree - 1) {
                remainder[i] = field.add(remainder[i + 1], field.negate(field.multiply(factor, generator[i])))
            }
            remainder[degree - 1] = field.negate(field.multiply(factor, generator[degree - 1]))
        }
        return remainder.map(field.negate)
    }
}
