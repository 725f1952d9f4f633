/// Why a TensorFlow Lite model could not be read or run; each case names the culprit.
///
///     do { _ = try TFLiteModel(bytes: bytes) } catch { print(error) }   // "model: operator 12 (CUSTOM) is not supported"
public enum TFLiteError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a TensorFlow Lite flatbuffer (too short, wrong identifier, an offset outside the file).
    case malformed(String)
    /// The model uses an operator this interpreter does not implement.
    case unsupportedOperator(index: Int, name: String)
    /// A tensor type other than float32, float16 (constants) or int32 (constants).
    case unsupportedTensorType(tensor: String, type: Int)
    /// `run` was given the wrong number of inputs or an input of the wrong element count.
    case inputMismatch(String)

    public var description: String {
        switch self {
        case .malformed(let why): "model: not a TensorFlow Lite file: \(why)"
        case .unsupportedOperator(let index, let name): "model: operator \(index) (\(name)) is not supported"
        case .unsupportedTensorType(let tensor, let type): "model: tensor \(tensor) has unsupported type \(type)"
        case .inputMismatch(let why): "model input: \(why)"
        }
    }
}
