/// The root map of a FlexBuffer (the schemaless format TensorFlow Lite stores a custom operator's options
/// in), read in place with every offset checked: numbers and integer vectors by key, which is all
/// MediaPipe's custom operators keep there. Corrupt bytes give `TFLiteError.malformed`, never a crash.
///
///     let options = try FlexBufferMap(bytes, name: "operator 192")
///     let width = try options.int("output_width")
struct FlexBufferMap {
    private let bytes: [UInt8]
    private let name: String
    private var values: [String: Value] = [:]

    /// Where one value lies and how to read it: its packed type and the width of the slot holding it.
    private struct Value {
        let position: Int
        let slotWidth: Int
        let packedType: UInt8
        var type: UInt8 { packedType >> 2 }
        /// The width the packed type gives (for indirect scalars and typed vectors' elements).
        var ownWidth: Int { 1 << Int(packedType & 3) }
    }

    // FlexBuffer type codes (flexbuffers.h).
    private enum Kind {
        static let int: UInt8 = 1, uint: UInt8 = 2, float: UInt8 = 3
        static let indirectInt: UInt8 = 6, indirectUInt: UInt8 = 7, indirectFloat: UInt8 = 8
        static let map: UInt8 = 9, vector: UInt8 = 10, vectorInt: UInt8 = 11, vectorUInt: UInt8 = 12
        static let bool: UInt8 = 26
    }

    init(_ bytes: [UInt8], name: String) throws(TFLiteError) {
        self.bytes = bytes
        self.name = name
        guard bytes.count >= 3 else { throw .malformed("\(name): \(bytes.count) bytes of custom options is too short") }
        let rootWidth = Int(bytes[bytes.count - 1]), rootType = bytes[bytes.count - 2]
        guard [1, 2, 4, 8].contains(rootWidth), bytes.count >= 2 + rootWidth else {
            throw .malformed("\(name): custom options end with root width \(rootWidth)")
        }
        let root = Value(position: bytes.count - 2 - rootWidth, slotWidth: rootWidth, packedType: rootType)
        guard root.type == Kind.map else {
            throw .malformed("\(name): custom options are not a map (type \(root.type))")
        }
        let start = try target(of: root)
        let width = root.ownWidth
        let count = try unsigned(start - width, width)
        let keysStart = try target(at: start - 3 * width, width: width)
        let keyWidth = try unsigned(start - 2 * width, width)
        guard [1, 2, 4, 8].contains(keyWidth), count <= bytes.count, start + count * (width + 1) <= bytes.count else {
            throw .malformed("\(name): a map of \(count) entries does not fit the custom options")
        }
        for i in 0..<count {
            let keyStart = try target(at: keysStart + i * keyWidth, width: keyWidth)
            guard let end = bytes[keyStart...].firstIndex(of: 0) else {
                throw .malformed("\(name): key \(i) is not terminated")
            }
            let key = String(decoding: bytes[keyStart..<end], as: UTF8.self)
            values[key] = Value(
                position: start + i * width, slotWidth: width, packedType: bytes[start + count * width + i])
        }
    }

    var keys: [String] { values.keys.sorted() }

    func int(_ key: String) throws(TFLiteError) -> Int {
        let value = try self.value(key)
        switch value.type {
        case Kind.int, Kind.bool: return try signed(value.position, value.slotWidth)
        case Kind.uint: return try unsigned(value.position, value.slotWidth)
        case Kind.indirectInt: return try signed(target(of: value), value.ownWidth)
        case Kind.indirectUInt: return try unsigned(target(of: value), value.ownWidth)
        default: throw .malformed("\(name): option \(key) is not an integer (type \(value.type))")
        }
    }

    func float(_ key: String) throws(TFLiteError) -> Float {
        let value = try self.value(key)
        switch value.type {
        case Kind.float: return try floating(value.position, value.slotWidth)
        case Kind.indirectFloat: return try floating(target(of: value), value.ownWidth)
        case Kind.int, Kind.uint, Kind.indirectInt, Kind.indirectUInt: return Float(try int(key))
        default: throw .malformed("\(name): option \(key) is not a number (type \(value.type))")
        }
    }

    /// A typed vector of integers (or an untyped vector holding only integers).
    func ints(_ key: String) throws(TFLiteError) -> [Int] {
        let value = try self.value(key)
        let start = try target(of: value)
        switch value.type {
        case Kind.vectorInt, Kind.vectorUInt:
            let width = value.ownWidth, count = try unsigned(start - width, width)
            guard count <= (bytes.count - start) / width else {
                throw .malformed("\(name): option \(key) runs past the end")
            }
            return try (0..<count).map { i throws(TFLiteError) -> Int in
                value.type == Kind.vectorInt
                    ? try signed(start + i * width, width) : try unsigned(start + i * width, width)
            }
        case Kind.vector:
            let width = value.ownWidth, count = try unsigned(start - width, width)
            guard count <= (bytes.count - start) / (width + 1) else {
                throw .malformed("\(name): option \(key) runs past the end")
            }
            return try (0..<count).map { i throws(TFLiteError) -> Int in
                let element = Value(
                    position: start + i * width, slotWidth: width, packedType: bytes[start + count * width + i])
                guard element.type == Kind.int || element.type == Kind.uint else {
                    throw .malformed("\(name): option \(key) holds a non-integer (type \(element.type))")
                }
                return element.type == Kind.int
                    ? try signed(element.position, width) : try unsigned(element.position, width)
            }
        default: throw .malformed("\(name): option \(key) is not a vector of integers (type \(value.type))")
        }
    }

    private func value(_ key: String) throws(TFLiteError) -> Value {
        guard let value = values[key] else { throw .malformed("\(name): custom option \(key) is missing") }
        return value
    }

    /// Offsets in a FlexBuffer point backwards from the slot that holds them.
    private func target(of value: Value) throws(TFLiteError) -> Int {
        try target(at: value.position, width: value.slotWidth)
    }

    private func target(at position: Int, width: Int) throws(TFLiteError) -> Int {
        let at = position - (try unsigned(position, width))
        guard at >= 0, at < bytes.count else {
            throw .malformed("\(name): an offset at \(position) points outside the custom options")
        }
        return at
    }

    private func unsigned(_ at: Int, _ width: Int) throws(TFLiteError) -> Int {
        guard at >= 0, at + width <= bytes.count, [1, 2, 4, 8].contains(width) else {
            throw .malformed("\(name): a \(width)-byte value at \(at) lies outside the custom options")
        }
        var value: UInt64 = 0
        for i in (0..<width).reversed() { value = value << 8 | UInt64(bytes[at + i]) }
        guard value <= UInt64(Int32.max) else { throw .malformed("\(name): value \(value) at \(at) is too large") }
        return Int(value)
    }

    private func signed(_ at: Int, _ width: Int) throws(TFLiteError) -> Int {
        guard at >= 0, at + width <= bytes.count, [1, 2, 4, 8].contains(width) else {
            throw .malformed("\(name): a \(width)-byte value at \(at) lies outside the custom options")
        }
        var value: UInt64 = 0
        for i in (0..<width).reversed() { value = value << 8 | UInt64(bytes[at + i]) }
        let shift = UInt64(64 - 8 * width)
        return Int(Int64(bitPattern: value << shift) >> Int64(shift))
    }

    private func floating(_ at: Int, _ width: Int) throws(TFLiteError) -> Float {
        guard at >= 0, at + width <= bytes.count else {
            throw .malformed("\(name): a float at \(at) lies outside the custom options")
        }
        var bits: UInt64 = 0
        for i in (0..<width).reversed() { bits = bits << 8 | UInt64(bytes[at + i]) }
        switch width {
        case 4: return Float(bitPattern: UInt32(bits))
        case 8: return Float(Double(bitPattern: bits))
        default: throw .malformed("\(name): a \(width)-byte float at \(at)")
        }
    }
}
