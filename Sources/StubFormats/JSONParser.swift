import Foundation

/// Why a text is not JSON, and where: the byte offset, and the line and column (1-based) a
/// person looks at.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Bytes before the fault.
    public var offset: Int
    /// 1-based.
    public var line: Int
    /// 1-based, in bytes.
    public var column: Int
    /// What is wrong, e.g. `a trailing comma before }`.
    public var reason: String

    /// The reason and its place: `a trailing comma before } at line 3, column 1`.
    public var description: String { "\(reason) at line \(line), column \(column)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects read; deeper is refused rather than risking the
    /// stack (RFC 8259 §9 lets a parser set the limit).
    public static let maximumDepth = 512

    /// Reads `bytes` as JSON exactly as RFC 8259 writes it: UTF-8, any value at the top, no
    /// trailing commas, no comments, no leading zeros, no `NaN`, no unescaped control characters.
    /// Foundation's readers on Linux take `[1,]` and `{"a":1,}` and refuse `0e1`; this is the one
    /// reader of JSON that clients send and that stubs serve, so a stub never accepts what a
    /// strict client or server would refuse. A byte order mark at the start is skipped (§8.1
    /// allows it); a `\u` escape of half a surrogate pair reads as U+FFFD.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(Array(bytes))
        return try parser.document()
    }

    /// `parse` for text.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// The recursive-descent reader behind `JSONValue.parse`.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw fail("the text is empty: no JSON value") }
        let value = try self.value()
        skipSpace()
        guard index == bytes.count else { throw fail("text after the JSON value") }
        return value
    }

    func fail(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = min(offset ?? index, bytes.count)
        let before = bytes[..<offset]
        let line = 1 + before.filter { $0 == UInt8(ascii: "\n") }.count
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return JSONSyntaxError(offset: offset, line: line, column: offset - lineStart + 1, reason: reason)
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// What the byte at `index` is, for messages.
    func found() -> String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "\"\(Character(UnicodeScalar(byte)))\"" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw fail("a value was expected, not the end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("a value was expected, not \(found())")
        }
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw fail("\(found()) does not start a value (true, false or null?)") }
        index += expected.count
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONValue.maximumDepth { throw fail("arrays and objects nest deeper than \(JSONValue.maximumDepth)") }
    }

    mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw fail("a trailing comma before ]") }
            items.append(try value())
            skipSpace()
            guard index < bytes.count else { throw fail("the array is never closed with ]") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw fail("a comma or ] was expected after an array item, not \(found())")
            }
        }
    }

    mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var fields: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(fields) }
        while true {
            skipSpace()
            guard index < bytes.count else { throw fail("the object is never closed with }") }
            if bytes[index] == UInt8(ascii: "}") { throw fail("a trailing comma before }") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw fail("a name in double quotes was expected, not \(found())") }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("a colon was expected after the name \"\(key)\"") }
            index += 1
            skipSpace()
            fields[key] = try value()
            skipSpace()
            guard index < bytes.count else { throw fail("the object is never closed with }") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(fields)
            default: throw fail("a comma or } was expected after the value of \"\(key)\", not \(found())")
            }
        }
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard JSONValue.isNumberText(text) else { throw fail("\(text) is not a number as JSON writes one", at: start) }
        guard let number = Double(text), number.isFinite else { throw fail("\(text) is too large for a number", at: start) }
        return number
    }

    private static let numberBytes: Set<UInt8> = Set("0123456789+-.eE".utf8)

    mutating func string() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("the string is never closed with \"", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(bytes: out, encoding: .utf8) else { throw fail("the string is not UTF-8", at: start) }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("the string is never closed with \"", at: start) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out += Array(String(try unicodeEscape()).utf8)
                default: throw fail("\\\(Character(UnicodeScalar(escape))) is not an escape JSON has", at: index - 2)
                }
            case 0x00..<0x20:
                throw fail("a control character (0x\(String(byte, radix: 16, uppercase: true))) must be escaped in a string")
            default:
                out.append(byte)
                index += 1
            }
        }
    }

    /// After `\u`: four hex digits, and a second escape when they are the first half of a pair.
    mutating func unicodeEscape() throws(JSONSyntaxError) -> Character {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first), bytes[index...].starts(with: Array("\\u".utf8)) {
            let saved = index
            index += 2
            let second = try hex4()
            if (0xDC00..<0xE000).contains(second) {
                let scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                return Character(UnicodeScalar(scalar)!)
            }
            index = saved
        }
        return Character(UnicodeScalar(first) ?? "\u{FFFD}")
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("\\u needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard Hex.isDigit(byte) else { throw fail("\\u needs four hex digits") }
            value = value * 16 + UInt32(Character(UnicodeScalar(byte)).hexDigitValue!)
        }
        index += 4
        return value
    }
}
