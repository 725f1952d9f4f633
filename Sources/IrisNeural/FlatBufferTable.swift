/// A table in a flatbuffer (the format TensorFlow Lite models are stored in), read in place with every
/// offset checked against the file's bounds: corrupt bytes give `TFLiteError.malformed`, never a crash.
///
///     let root = try FlatBufferTable.root(of: bytes)   // then root.table(2), root.vector(4) …
struct FlatBufferTable {
    let bytes: [UInt8]
    /// Where the table starts.
    let position: Int
    /// Where its vtable starts, and how many field slots it lists.
    private let vtable: Int
    private let fieldCount: Int
    /// What the table is, for error messages ("operator 12").
    let name: String

    static func root(of bytes: [UInt8], identifier: String) throws(TFLiteError) -> FlatBufferTable {
        guard bytes.count >= 8 else { throw .malformed("\(bytes.count) bytes is too short for a flatbuffer") }
        let found = String(decoding: bytes[4..<8], as: UTF8.self)
        guard found == identifier else { throw .malformed("file identifier is '\(found)', expected '\(identifier)'") }
        return try FlatBufferTable(
            bytes: bytes, position: Int(try read32(bytes, 0, what: "root offset")), name: "model")
    }

    init(bytes: [UInt8], position: Int, name: String) throws(TFLiteError) {
        self.bytes = bytes
        self.position = position
        self.name = name
        let back = Int(Int32(bitPattern: try Self.read32(bytes, position, what: "\(name) table")))
        vtable = position - back
        let size = Int(try Self.read16(bytes, vtable, what: "\(name) vtable"))
        guard size >= 4, vtable + size <= bytes.count else {
            throw .malformed("\(name): vtable at \(vtable) of size \(size) lies outside the file")
        }
        fieldCount = (size - 4) / 2
    }

    /// Where field `index` is stored, nil when absent.
    private func fieldPosition(_ index: Int) throws(TFLiteError) -> Int? {
        guard index < fieldCount else { return nil }
        let offset = Int(try Self.read16(bytes, vtable + 4 + 2 * index, what: "\(name) field \(index)"))
        return offset == 0 ? nil : position + offset
    }

    func uint8(_ index: Int, default value: UInt8 = 0) throws(TFLiteError) -> UInt8 {
        guard let at = try fieldPosition(index) else { return value }
        guard at < bytes.count else { throw .malformed("\(name) field \(index) at \(at) lies outside the file") }
        return bytes[at]
    }

    func int8(_ index: Int, default value: Int8 = 0) throws(TFLiteError) -> Int8 {
        Int8(bitPattern: try uint8(index, default: UInt8(bitPattern: value)))
    }

    func int32(_ index: Int, default value: Int32 = 0) throws(TFLiteError) -> Int32 {
        guard let at = try fieldPosition(index) else { return value }
        return Int32(bitPattern: try Self.read32(bytes, at, what: "\(name) field \(index)"))
    }

    /// The position a field's offset points to (tables, vectors, strings), nil when absent.
    private func target(_ index: Int) throws(TFLiteError) -> Int? {
        guard let at = try fieldPosition(index) else { return nil }
        let target = at + Int(try Self.read32(bytes, at, what: "\(name) field \(index)"))
        guard target < bytes.count else {
            throw .malformed("\(name) field \(index) points to \(target), outside the file")
        }
        return target
    }

    func table(_ index: Int, name: String) throws(TFLiteError) -> FlatBufferTable? {
        guard let at = try target(index) else { return nil }
        return try FlatBufferTable(bytes: bytes, position: at, name: name)
    }

    /// A vector field: its first element's position and its length, checked to fit `elementSize`-byte elements.
    private func vector(_ index: Int, elementSize: Int) throws(TFLiteError) -> (start: Int, count: Int)? {
        guard let at = try target(index) else { return nil }
        let count = Int(try Self.read32(bytes, at, what: "\(name) field \(index) length"))
        guard count <= (bytes.count - at - 4) / elementSize else {
            throw .malformed("\(name) field \(index): \(count) elements at \(at) run past the file's end")
        }
        return (at + 4, count)
    }

    func tables(_ index: Int, name: String) throws(TFLiteError) -> [FlatBufferTable] {
        guard let (start, count) = try vector(index, elementSize: 4) else { return [] }
        var out: [FlatBufferTable] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let slot = start + 4 * i
            let at = slot + Int(try Self.read32(bytes, slot, what: "\(name) \(i)"))
            out.append(try FlatBufferTable(bytes: bytes, position: at, name: "\(name) \(i)"))
        }
        return out
    }

    func int32s(_ index: Int) throws(TFLiteError) -> [Int32] {
        guard let (start, count) = try vector(index, elementSize: 4) else { return [] }
        return (0..<count).map { i in
            Int32(
                bitPattern: UInt32(bytes[start + 4 * i]) | UInt32(bytes[start + 4 * i + 1]) << 8
                    | UInt32(bytes[start + 4 * i + 2]) << 16 | UInt32(bytes[start + 4 * i + 3]) << 24)
        }
    }

    func float32s(_ index: Int) throws(TFLiteError) -> [Float] {
        try int32s(index).map { Float(bitPattern: UInt32(bitPattern: $0)) }
    }

    func int64s(_ index: Int) throws(TFLiteError) -> [Int64] {
        guard let (start, count) = try vector(index, elementSize: 8) else { return [] }
        return (0..<count).map { i in
            var value: UInt64 = 0
            for b in (0..<8).reversed() { value = value << 8 | UInt64(bytes[start + 8 * i + b]) }
            return Int64(bitPattern: value)
        }
    }

    func float32(_ index: Int, default value: Float) throws(TFLiteError) -> Float {
        guard try fieldPosition(index) != nil else { return value }
        return Float(bitPattern: UInt32(bitPattern: try int32(index)))
    }

    /// A byte vector's bounds (a buffer's data, read without copying until needed).
    func byteRange(_ index: Int) throws(TFLiteError) -> Range<Int>? {
        guard let (start, count) = try vector(index, elementSize: 1) else { return nil }
        return start..<(start + count)
    }

    func string(_ index: Int) throws(TFLiteError) -> String? {
        guard let range = try byteRange(index) else { return nil }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    static func read16(_ bytes: [UInt8], _ at: Int, what: String) throws(TFLiteError) -> UInt16 {
        guard at >= 0, at + 2 <= bytes.count else { throw .malformed("\(what) at \(at) lies outside the file") }
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func read32(_ bytes: [UInt8], _ at: Int, what: String) throws(TFLiteError) -> UInt32 {
        guard at >= 0, at + 4 <= bytes.count else { throw .malformed("\(what) at \(at) lies outside the file") }
        return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3])
            << 24
    }
}
