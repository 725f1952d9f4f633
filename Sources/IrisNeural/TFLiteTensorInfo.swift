/// A model input's or output's name and shape, as the model file states them.
///
///     print(model.inputs[0])   // input_1 [1, 192, 192, 3]
public struct TFLiteTensorInfo: Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public let shape: [Int]
    /// How many floats `run` takes or gives for it.
    public var elementCount: Int { shape.reduce(1, *) }
    public var description: String { "\(name) \(shape)" }

    public init(name: String, shape: [Int]) {
        self.name = name
        self.shape = shape
    }
}
