import Foundation
import IrisCore
import IrisFilters

/// A control's request to change the running chain, as JSON: `{"inputs": {"inputIntensity": 0.4}}` sets inputs
/// of one filter (numbers; lists of numbers for vectors, colours and transforms; text; true/false for
/// booleans), `{"filters": ["CISepiaTone inputIntensity=0.8", …]}` replaces the whole chain. The same
/// descriptors check it as check the command line; a refused request leaves the chain as it was.
///
///     try ChainControl.apply(Array(#"{"inputs": {"inputAmount": 0.5}}"#.utf8), toFilterAt: 1, of: chain)
public enum ChainControl {
    /// The largest request body read: far above any real chain, far below what would cost memory.
    public static let maximumBodyBytes = 64 * 1024

    /// Applies `body` to the filter at `index`, or to the whole chain when `index` is nil.
    public static func apply(_ body: [UInt8], toFilterAt index: Int?, of chain: LiveChain) throws(ChainControlError) {
        guard body.count <= maximumBodyBytes else { throw .tooLarge(bytes: body.count) }
        let root: Any
        do { root = try StrictJSON.parse(Data(body)) } catch { throw .malformed("not valid JSON: \(error)") }
        guard let object = root as? [String: Any] else { throw .malformed("expected a JSON object") }
        if let index {
            guard object.keys.sorted() == ["inputs"], let inputs = object["inputs"] as? [String: Any] else {
                throw .malformed("expected {\"inputs\": {KEY: VALUE, …}}")
            }
            let specs = chain.specs
            let descriptor =
                specs.indices.contains(index) ? try? FilterRegistry.builtIn.descriptor(named: specs[index].name) : nil
            var values: [String: FilterValue] = [:]
            for (key, raw) in inputs { values[key] = try value(raw, key: key, type: descriptor?.input(key)?.type) }
            do { try chain.set(values, ofFilterAt: index) } catch { throw .refused(error) }
        } else {
            guard object.keys.sorted() == ["filters"], let filters = object["filters"] as? [Any] else {
                throw .malformed("expected {\"filters\": [\"CIName key=value …\", …]}")
            }
            let texts = try filters.map { raw throws(ChainControlError) -> String in
                guard let text = raw as? String else {
                    throw .malformed("each filter is text such as \"CISepiaTone inputIntensity=0.8\"")
                }
                return text
            }
            do { try chain.replace(with: texts) } catch { throw .refused(error) }
        }
    }

    /// The JSON value as the input's type takes it; the descriptor then checks the value itself.
    private static func value(_ raw: Any, key: String, type: FilterInputType?) throws(ChainControlError) -> FilterValue
    {
        if let number = raw as? NSNumber {
            // JSON's true and false arrive as boolean NSNumbers: Core Image's booleans are numbers 0 and 1.
            return .number(JSONFields.isBoolean(number) ? (number.boolValue ? 1 : 0) : number.doubleValue)
        }
        if let list = raw as? [Any] {
            let numbers = list.compactMap {
                ($0 as? NSNumber).flatMap { JSONFields.isBoolean($0) ? nil : $0.doubleValue }
            }
            guard numbers.count == list.count, !numbers.isEmpty else {
                throw .malformed("\(key): a list holds numbers only")
            }
            if type == .transform {
                guard numbers.count == 6 else { throw .malformed("\(key): a transform takes 6 numbers: a b c d tx ty") }
                return .transform(
                    AffineTransform(
                        a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5]))
            }
            return .vector(numbers)
        }
        if let text = raw as? String { return .string(text) }
        throw .malformed("\(key): expected a number, a list of numbers or text")
    }
}

/// Why a control request was refused: the chain is unchanged.
public enum ChainControlError: Error, Equatable, CustomStringConvertible {
    /// Not JSON, or not the shape a request has.
    case malformed(String)
    case tooLarge(bytes: Int)
    /// The descriptors refused a value, or there is no such filter.
    case refused(ChainChangeError)

    public var description: String {
        switch self {
        case let .malformed(reason): return reason
        case let .tooLarge(bytes):
            return "the request has \(bytes) bytes; at most \(ChainControl.maximumBodyBytes) are read"
        case let .refused(error): return error.description
        }
    }
}
