/// Turns a `DecodingError` into a reason and a coding path a person can read.
package enum DecodingFailure {
    /// The coding path as string keys (`["data", "0", "amount"]`).
    package static func path(of error: DecodingError) -> [String] {
        let context: DecodingError.Context
        var path: [String]
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            context = c
            path = context.codingPath.map(Self.name)
        case .keyNotFound(_, let c):
            context = c
            path = context.codingPath.map(Self.name)
        @unknown default:
            return []
        }
        return path
    }

    /// A sentence: what was wrong and at which field.
    package static func reason(of error: DecodingError) -> String {
        let dotted = path(of: error).joined(separator: ".")
        let at = dotted.isEmpty ? "" : " at \(dotted)"
        switch error {
        case .typeMismatch(let type, _):
            return "expected \(Self.describe(type))\(at)"
        case .valueNotFound(let type, _):
            return "missing \(Self.describe(type))\(at)"
        case .keyNotFound(let key, _):
            return "missing required field \"\(key.stringValue)\"\(at)"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? any CustomStringConvertible)?.description
                ?? context.underlyingError.map { "\($0)" } ?? ""
            return "\(context.debugDescription)\(at)\(underlying.isEmpty ? "" : " (\(underlying))")"
        @unknown default:
            return "\(error)"
        }
    }

    private static func name(_ key: any CodingKey) -> String {
        key.intValue.map(String.init) ?? key.stringValue
    }

    private static func describe(_ type: Any.Type) -> String {
        switch "\(type)" {
        case "String": return "a string"
        case "Int", "Double": return "a number"
        case "Bool": return "true or false"
        case let name where name.hasPrefix("Array"): return "a list"
        case let name where name.hasPrefix("Dictionary"): return "a mapping"
        default: return "an object (\(type))"
        }
    }
}
