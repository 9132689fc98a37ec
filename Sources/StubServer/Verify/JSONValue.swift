/// A parsed JSON value that keeps booleans and numbers apart (JSONSerialization on Linux does not).
enum JSONValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// Paths of every `null` inside objects and arrays, e.g. `category` or `amount.currency`.
    func nullPaths(prefix: String = "") -> [String] {
        switch self {
        case .null: return [prefix]
        case .object(let fields):
            return fields.sorted { $0.key < $1.key }.flatMap { $1.nullPaths(prefix: prefix.isEmpty ? $0 : "\(prefix).\($0)") }
        case .array(let items):
            return items.enumerated().flatMap { $1.nullPaths(prefix: "\(prefix)[\($0)]") }
        default: return []
        }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let value): value.rounded() == value ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
