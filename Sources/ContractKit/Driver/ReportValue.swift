import StubFormats

/// A value an operation reports for a key of its own, and that a case compares it with:
/// text, a number, a flag, a list of them, or a map of names to values (such as counts per route).
///
/// Literals work directly: `"Today"`, `2`, `true`, `["a", "b"]`, `["GET /v1/accounts": 2]`.
public enum ReportValue: Codable, Sendable, Hashable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    /// Text, such as a section title.
    case string(String)
    /// A number, such as a row count; whole numbers compare equal to their integer literals.
    case number(Double)
    /// A flag, such as whether "Load more" shows.
    case bool(Bool)
    /// A list of values, in order.
    case list([ReportValue])
    /// Names to values, such as request counts per route.
    case map([String: ReportValue])

    /// Text.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A whole number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A flag.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A list.
    public init(arrayLiteral elements: ReportValue...) { self = .list(elements) }
    /// A map, such as counts per route: `["GET /v1/accounts": 2]`.
    public init(dictionaryLiteral elements: (String, ReportValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Reads a flag, a number, text or a list, in that order of preference.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) { self = .bool(flag); return }
        if let number = try? container.decode(Double.self) { self = .number(number); return }
        if let text = try? container.decode(String.self) { self = .string(text); return }
        if let list = try? container.decode([ReportValue].self) { self = .list(list); return }
        if let map = try? container.decode([String: ReportValue].self) { self = .map(map); return }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected text, a number, true/false, a list or a map")
    }

    /// Writes the value as plain JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .list(let list): try container.encode(list)
        case .map(let map): try container.encode(map)
        }
    }

    /// The value as a case would write it.
    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .number(let number): JSONValue.text(of: number)
        case .bool(let flag): String(flag)
        case .list(let list): "[" + list.map(\.description).joined(separator: ", ") + "]"
        case .map(let map): "{" + map.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// The text, when the value is text.
    var text: String? { if case .string(let text) = self { text } else { nil } }
    /// The number, when the value is a number.
    var number: Double? { if case .number(let number) = self { number } else { nil } }
    /// The whole number, when the value is one.
    var integer: Int? { number.flatMap { $0.rounded() == $0 ? Int(exactly: $0) : nil } }
    /// The flag, when the value is one.
    var flag: Bool? { if case .bool(let flag) = self { flag } else { nil } }
    /// Whole numbers by name, when the value is a map of them.
    var counts: [String: Int]? {
        guard case .map(let map) = self else { return nil }
        let counts = map.compactMapValues(\.integer)
        return counts.count == map.count ? counts : nil
    }
    /// The texts, when the value is a list of text.
    var texts: [String]? {
        guard case .list(let list) = self else { return nil }
        let texts = list.compactMap(\.text)
        return texts.count == list.count ? texts : nil
    }
}
