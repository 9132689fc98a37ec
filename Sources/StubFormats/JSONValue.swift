import Foundation

/// Any JSON or YAML value, kept as written. Booleans and numbers stay apart (JSONSerialization
/// on Linux does not keep them apart), and whole numbers encode as integers.
public enum JSONValue: Codable, Hashable, Sendable {
    /// `null` (YAML `~` or nothing).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; whole ones are written back without a fraction.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its keys in no particular order.
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if let whole = Self.whole(value) { try container.encode(whole) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// A scalar as text: strings as they are, booleans as `true`/`false`, whole numbers without
    /// a `.0`; nil for null, arrays and objects.
    public var text: String? {
        switch self {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return Self.text(of: number)
        default: return nil
        }
    }

    /// `number` as an `Int` when it is whole and small enough to be exact (below 10^15, where
    /// `Int(_:)` cannot trap and every whole `Double` is written as itself); nil otherwise. The one
    /// rule for writing `12` rather than `12.0`: JSON, YAML, text and reports all ask here.
    public static func whole(_ number: Double) -> Int? {
        number.rounded() == number && abs(number) < 1e15 ? Int(number) : nil
    }

    /// `number` as text: `12` for a whole number (see `whole(_:)`), else Swift's shortest form
    /// (`1.5`, `1e+20`).
    public static func text(of number: Double) -> String {
        whole(number).map(String.init) ?? String(number)
    }

    /// Whether `text` is a number as JSON writes one (RFC 8259 §6): `-12`, `0`, `1.5`, `2e3`;
    /// not `012`, `+1`, `.5`, `1.`, `0x10`, `inf` or ` 1`. The one copy of the grammar: route
    /// files' numbers, matchers reading a query's text and request validation all ask here.
    public static func isNumberText(_ text: some StringProtocol) -> Bool {
        var bytes = Substring(text).utf8[...]
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
        func digits() -> Int {
            let count = bytes.prefix { isDigit($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// Paths of every `null` inside objects and arrays, e.g. `category` or `amount.currency`.
    package func nullPaths(prefix: String = "") -> [String] {
        switch self {
        case .null: return [prefix]
        case .object(let fields):
            return fields.sorted { $0.key < $1.key }.flatMap { $1.nullPaths(prefix: prefix.isEmpty ? $0 : "\(prefix).\($0)") }
        case .array(let items):
            return items.enumerated().flatMap { $1.nullPaths(prefix: "\(prefix)[\($0)]") }
        default: return []
        }
    }

    /// The JSON Schema type name of the value: `integer` for whole numbers.
    package var typeName: String {
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
