/// The model's constant tensors as floats (float16 ones widened once), int32 lists and int8 weights with
/// their scales, by tensor index.
struct ConstantTensors {
    private(set) var floats: [Int: [Float]] = [:]
    private(set) var integers: [Int: [Int]] = [:]
    private(set) var quantized: [Int: (values: [Int8], quantization: TFLiteSchema.Quantization)] = [:]

    init(_ schema: TFLiteSchema) throws(TFLiteError) {
        for (index, tensor) in schema.tensors.enumerated() {
            guard let data = tensor.data else { continue }
            let count = tensor.shape.reduce(1, *)
            switch tensor.type {
            case .float32:
                guard data.count == count * 4 else { throw Self.sizeError(tensor, data.count) }
                floats[index] = Self.words32(data).map { Float(bitPattern: $0) }
            case .float16:
                guard data.count == count * 2 else { throw Self.sizeError(tensor, data.count) }
                floats[index] = Self.halves(data)
            case .int32:
                guard data.count == count * 4 else { throw Self.sizeError(tensor, data.count) }
                integers[index] = Self.words32(data).map { Int(Int32(bitPattern: $0)) }
            case .int8:
                guard data.count == count else { throw Self.sizeError(tensor, data.count) }
                guard let quantization = tensor.quantization else {
                    throw .malformed("tensor \(tensor.name): int8 without scales")
                }
                quantized[index] = (data.map { Int8(bitPattern: $0) }, quantization)
            }
        }
    }

    /// DEQUANTIZE of a constant is itself a constant: done here, once, not on every run.
    mutating func record(_ values: [Float], at index: Int) { floats[index] = values }

    private static func sizeError(_ tensor: TFLiteSchema.Tensor, _ bytes: Int) -> TFLiteError {
        .malformed("tensor \(tensor.name): \(bytes) bytes of data for shape \(tensor.shape) of \(tensor.type)")
    }

    private static func words32(_ data: ArraySlice<UInt8>) -> [UInt32] {
        let start = data.startIndex
        return (0..<data.count / 4).map { i in
            let b = start + 4 * i
            return UInt32(data[b]) | UInt32(data[b + 1]) << 8 | UInt32(data[b + 2]) << 16 | UInt32(data[b + 3]) << 24
        }
    }

    /// IEEE half floats widened to single precision.
    static func halves(_ data: ArraySlice<UInt8>) -> [Float] {
        let start = data.startIndex
        return (0..<data.count / 2).map { i in
            let bits = UInt16(data[start + 2 * i]) | UInt16(data[start + 2 * i + 1]) << 8
            return Float(halfBits: bits)
        }
    }
}

extension Float {
    /// The single-precision value of an IEEE 754 binary16 bit pattern (subnormals, infinities and NaNs included).
    init(halfBits bits: UInt16) {
        let sign = UInt32(bits & 0x8000) << 16, exponent = Int(bits >> 10) & 0x1F, fraction = UInt32(bits & 0x3FF)
        switch exponent {
        case 0:
            // Zero or subnormal: fraction × 2^-24.
            let magnitude = Float(fraction) * 0x1p-24
            self = sign == 0 ? magnitude : -magnitude
        case 31:
            self = Float(bitPattern: sign | 0x7F80_0000 | fraction << 13)
        default:
            self = Float(bitPattern: sign | UInt32(exponent - 15 + 127) << 23 | fraction << 13)
        }
    }
}
