/// The part of TensorFlow Lite's schema (tensorflow/lite/schema/schema.fbs) this interpreter reads:
/// the first subgraph's tensors, operators and their builtin options, and the constant buffers.
struct TFLiteSchema {
    enum TensorType: Int8 {
        case float32 = 0
        case float16 = 1
        case int32 = 2
        case int8 = 9
    }

    /// How an int8 tensor's values map to reals: value × scale (one scale, or one per slice along `axis`).
    struct Quantization {
        let scales: [Float]
        let zeroPoints: [Int64]
        let axis: Int
    }

    struct Tensor {
        let name: String
        let shape: [Int]
        let type: TensorType
        /// Constant contents (nil for activations and inputs).
        let data: ArraySlice<UInt8>?
        let quantization: Quantization?
    }

    /// Builtin operators by their schema code.
    enum Opcode: Int32, Sendable {
        case add = 0
        case conv2D = 3
        case depthwiseConv2D = 4
        case dequantize = 6
        case maxPool2D = 17
        case mul = 18
        case reshape = 22
        case softmax = 25
        case
            custom = 32
        case pad = 34
        case mean = 40
        case stridedSlice = 45
        case prelu = 54

        static func name(of code: Int32) -> String {
            // The common ones, so an unsupported operator is named in the error.
            let known: [Int32: String] = [
                0: "ADD", 1: "AVERAGE_POOL_2D", 2: "CONCATENATION", 3: "CONV_2D", 4: "DEPTHWISE_CONV_2D",
                6: "DEQUANTIZE", 9: "FULLY_CONNECTED", 14: "LOGISTIC", 17: "MAX_POOL_2D", 18: "MUL",
                19: "RELU", 21: "RELU6", 22: "RESHAPE", 23: "RESIZE_BILINEAR", 25: "SOFTMAX", 28: "TANH",
                32: "CUSTOM", 34: "PAD", 39: "TRANSPOSE", 40: "MEAN", 41: "SUB", 45: "STRIDED_SLICE",
                54: "PRELU"
            ]
            return known[code] ?? "builtin \(code)"
        }
    }

    enum Padding: Int8, Sendable {
        case same = 0
        case valid = 1
    }

    enum Activation: Int8, Sendable {
        case none = 0
        case relu = 1
        case reluMinus1To1 = 2
        case relu6 = 3
    }

    /// The builtin options the supported operators carry (unused fields keep their defaults).
    struct Options: Sendable {
        var padding = Padding.same
        var strideW = 1, strideH = 1
        var dilationW = 1, dilationH = 1
        var filterW = 1, filterH = 1
        var depthMultiplier = 1
        var activation = Activation.none
        /// STRIDED_SLICE's bit masks, one bit per axis.
        var beginMask = 0, endMask = 0, ellipsisMask = 0, newAxisMask = 0, shrinkAxisMask = 0
        /// MEAN keeps the reduced axes as size 1; SOFTMAX's inverse temperature.
        var keepDimensions = false
        var beta: Float = 1
    }

    struct Operator {
        let index: Int
        let opcode: Opcode
        let inputs: [Int]
        let outputs: [Int]
        let options: Options
        /// A CUSTOM operator's name, version and FlexBuffer options (nil and empty for builtins).
        let customName: String?
        let version: Int
        let customOptions: [UInt8]

        /// How errors name the operator: "operator 192 (Landmarks2TransformMatrix)".
        var label: String { "operator \(index) (\(customName ?? Opcode.name(of: opcode.rawValue)))" }
    }

    /// No tensor of a model Iris runs comes near this (the face model's largest holds 147,456 values); a
    /// corrupt shape must not become a huge allocation.
    static let largestTensor = 1 << 26

    let tensors: [Tensor]
    let inputs: [Int]
    let outputs: [Int]
    let operators: [Operator]
}

// Reading lives in an extension so the schema keeps its memberwise initialiser: tests build altered copies.
extension TFLiteSchema {
    init(bytes: [UInt8]) throws(TFLiteError) {
        let model = try FlatBufferTable.root(of: bytes, identifier: "TFL3")
        let codes = try model.tables(1, name: "operator code").map {
            code throws(TFLiteError) -> (builtin: Int32, custom: String?, version: Int) in
            // Older files keep the code in the int8 field, newer ones in the int32 one: the larger is right.
            (max(Int32(try code.int8(0)), try code.int32(3)), try code.string(1), Int(try code.int32(2, default: 1)))
        }
        guard let graph = try model.tables(2, name: "subgraph").first else {
            throw .malformed("the model has no subgraph")
        }
        let buffers = try model.tables(4, name: "buffer")
        var tensors: [Tensor] = []
        for table in try graph.tables(0, name: "tensor") {
            let name = try table.string(3) ?? table.name
            let rawType = try table.int8(1)
            guard let type = TensorType(rawValue: rawType) else {
                throw .unsupportedTensorType(tensor: name, type: Int(rawType))
            }
            let bufferIndex = Int(try table.int32(2))
            guard bufferIndex >= 0, bufferIndex < max(buffers.count, 1) else {
                throw .malformed("tensor \(name): buffer \(bufferIndex) does not exist")
            }
            let data = try buffers.isEmpty ? nil : buffers[bufferIndex].byteRange(0).map { bytes[$0] }
            let shape = try table.int32s(0).map(Int.init)
            guard shape.allSatisfy({ $0 >= 0 }) else {
                throw .malformed("tensor \(name): shape \(shape) has a negative size")
            }
            var elements = 1
            for size in shape {
                let (product, overflow) = elements.multipliedReportingOverflow(by: size)
                guard !overflow, product <= Self.largestTensor else {
                    throw .malformed("tensor \(name): shape \(shape) holds more than \(Self.largestTensor) values")
                }
                elements = product
            }
            var quantization: Quantization?
            if let q = try table.table(4, name: "tensor \(name) quantization") {
                let scales = try q.float32s(2), zeroPoints = try q.int64s(3)
                if !scales.isEmpty {
                    quantization = Quantization(scales: scales, zeroPoints: zeroPoints, axis: Int(try q.int32(6)))
                }
            }
            tensors.append(
                Tensor(
                    name: name, shape: shape, type: type, data: data?.isEmpty == true ? nil : data,
                    quantization: quantization))
        }
        func indices(_ list: [Int32], _ what: String) throws(TFLiteError) -> [Int] {
            try list.map { i throws(TFLiteError) -> Int in
                guard i >= -1, Int(i) < tensors.count else {
                    throw .malformed("\(what) names tensor \(i) of \(tensors.count)")
                }
                return Int(i)
            }
        }
        var operators: [Operator] = []
        for (index, table) in try graph.tables(3, name: "operator").enumerated() {
            let codeIndex = Int(try table.int32(0))
            guard codeIndex >= 0, codeIndex < codes.count else {
                throw .malformed("operator \(index): opcode index \(codeIndex) does not exist")
            }
            let code = codes[codeIndex]
            guard let opcode = Opcode(rawValue: code.builtin) else {
                throw .unsupportedOperator(index: index, name: Opcode.name(of: code.builtin))
            }
            let options = try Self.options(of: opcode, in: table.table(4, name: "operator \(index) options"))
            let customOptions = try table.byteRange(5).map { Array(bytes[$0]) } ?? []
            operators.append(
                Operator(
                    index: index, opcode: opcode, inputs: try indices(table.int32s(1), "operator \(index) input"),
                    outputs: try indices(table.int32s(2), "operator \(index) output"), options: options,
                    customName: opcode == .custom ? code.custom ?? "" : nil, version: code.version,
                    customOptions: customOptions))
        }
        self.tensors = tensors
        self.inputs = try indices(graph.int32s(1), "subgraph input")
        self.outputs = try indices(graph.int32s(2), "subgraph output")
        self.operators = operators
    }

    private static func options(of opcode: Opcode, in table: FlatBufferTable?) throws(TFLiteError) -> Options {
        var o = Options()
        guard let t = table else { return o }
        func padding(_ i: Int) throws(TFLiteError) -> Padding {
            let raw = try t.int8(i)
            guard let p = Padding(rawValue: raw) else { throw .malformed("\(t.name): padding \(raw)") }
            return p
        }
        func activation(_ i: Int) throws(TFLiteError) -> Activation {
            let raw = try t.int8(i)
            guard let a = Activation(rawValue: raw) else {
                throw .malformed("\(t.name): fused activation \(raw) is not supported")
            }
            return a
        }
        switch opcode {
        case .conv2D:
            o.padding = try padding(0)
            o.strideW = Int(try t.int32(1))
            o.strideH = Int(try t.int32(2))
            o.activation = try activation(3)
            o.dilationW = Int(try t.int32(4, default: 1))
            o.dilationH = Int(try t.int32(5, default: 1))
        case .depthwiseConv2D:
            o.padding = try padding(0)
            o.strideW = Int(try t.int32(1))
            o.strideH = Int(try t.int32(2))
            o.depthMultiplier = Int(try t.int32(3, default: 1))
            o.activation = try activation(4)
            o.dilationW = Int(try t.int32(5, default: 1))
            o.dilationH = Int(try t.int32(6, default: 1))
        case .maxPool2D:
            o.padding = try padding(0)
            o.strideW = Int(try t.int32(1))
            o.strideH = Int(try t.int32(2))
            o.filterW = Int(try t.int32(3))
            o.filterH = Int(try t.int32(4))
            o.activation = try activation(5)
        case .add, .mul:
            o.activation = try activation(0)
        case .stridedSlice:
            o.beginMask = Int(try t.int32(0))
            o.endMask = Int(try t.int32(1))
            o.ellipsisMask = Int(try t.int32(2))
            o.newAxisMask = Int(try t.int32(3))
            o.shrinkAxisMask = Int(try t.int32(4))
        case .mean:
            o.keepDimensions = try t.uint8(0) != 0
        case .softmax:
            o.beta = try t.float32(0, default: 1)
        case .dequantize, .pad, .prelu, .reshape, .custom:
            break
        }
        guard o.strideW >= 1, o.strideH >= 1, o.dilationW >= 1, o.dilationH >= 1, o.filterW >= 1, o.filterH >= 1,
            o.depthMultiplier >= 1
        else {
            throw .malformed("\(t.name): strides, dilations, filter sizes and depth multiplier must be at least 1")
        }
        return o
    }
}
