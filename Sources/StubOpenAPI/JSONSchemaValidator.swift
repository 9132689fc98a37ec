import Foundation
import NIOConcurrencyHelpers
package import StubFormats

/// Validates JSON against the JSON Schema of OpenAPI 3.0 and 3.1: `$ref`, `allOf`, `anyOf`,
/// `oneOf`, `not`, `type` (one or a list) and `nullable`, `enum`, `const`, `properties`,
/// `required`, `additionalProperties` (a flag or a schema), `minProperties`/`maxProperties`,
/// `items`, `minItems`/`maxItems`/`uniqueItems`, and 3.1's (JSON Schema 2020-12's) `if`/`then`/`else`,
/// `prefixItems`, `contains`/`minContains`/`maxContains`, `patternProperties`, `propertyNames`,
/// `dependentRequired`, `dependentSchemas` and schemas written `true` or `false`; `minLength`/`maxLength` (in code points),
/// `pattern`, `minimum`/`maximum` with `exclusiveMinimum`/`exclusiveMaximum` (3.0's flags and
/// 3.1's numbers), `multipleOf`, and the formats `date`, `date-time`, `time`, `uuid`, `email`,
/// `uri`, `hostname`, `ipv4`, `ipv6`, `byte`, `int32` and `int64`; and OpenAPI's `discriminator`: where it has a `mapping`, the
/// property's value is one of its keys or the name of a `oneOf`/`anyOf` alternative. Used by `verify` and by the OpenAPI importer, which checks every
/// body it writes. Sendable: the document is an immutable tree of plain values (YAML or JSON).
package struct JSONSchemaValidator: @unchecked Sendable {
    /// The whole OpenAPI document, for `$ref` lookups.
    package let document: OpenAPISource

    /// A validator resolving `$ref`s in `document`.
    package init(document: OpenAPISource) {
        self.document = document
    }

    /// A validator of schemas that hold no `$ref` into a document (tests, a schema on its own).
    package init(document root: [String: Any]) {
        self.init(document: OpenAPISource(root: root, name: "", problems: []))
    }

    /// Every violation as `path: reason`; empty when the value conforms.
    package func validate(_ value: JSONValue, against schema: OpenAPISchema, path: String = "$") -> [String] {
        var sink = Sink(collecting: true)
        check(value, against: schema, at: .root(path), into: &sink)
        return sink.problems
    }

    /// `validate` for a schema written as plain values.
    package func validate(_ value: JSONValue, against schema: [String: Any], path: String = "$") -> [String] {
        validate(value, against: OpenAPISchema(schema), path: path)
    }

    /// Whether the value conforms: the same rules as `validate`, stopping at the first violation
    /// and building no message (what `anyOf`, `oneOf` and `not` ask, thousands of times on a
    /// large document).
    package func conforms(_ value: JSONValue, to schema: OpenAPISchema) -> Bool {
        var sink = Sink(collecting: false)
        check(value, against: schema, at: .root("$"), into: &sink)
        return !sink.failed
    }

    /// `conforms` for a schema written as plain values.
    package func conforms(_ value: JSONValue, to schema: [String: Any]) -> Bool {
        conforms(value, to: OpenAPISchema(schema))
    }

    /// Where a value sits, rendered only when a message needs it.
    private indirect enum Location {
        case root(String)
        case field(Location, String)
        case index(Location, Int)

        var text: String {
            switch self {
            case .root(let path): path
            case .field(let parent, let name): "\(parent.text).\(name)"
            case .index(let parent, let index): "\(parent.text)[\(index)]"
            }
        }
    }

    /// Collects messages, or only notes that something failed.
    private struct Sink {
        let collecting: Bool
        var problems: [String] = []
        var failed = false

        init(collecting: Bool) { self.collecting = collecting }

        mutating func fail(_ location: Location, _ reason: @autoclosure () -> String) {
            failed = true
            if collecting { problems.append("\(location.text): \(reason())") }
        }

        /// True when a yes/no check has its answer.
        var done: Bool { failed && !collecting }
    }

    private func check(_ value: JSONValue, against schema: OpenAPISchema, at location: Location, into sink: inout Sink) {
        if let reference = schema.reference {
            guard let target = document.target(of: reference) else {
                // 3.1: a reference may lead to a schema written `true` or `false`.
                if reference.hasPrefix("#"), let flag = OpenAPISource.value(atPointer: String(reference.dropFirst()), in: document.root) as? Bool {
                    return flag ? () : sink.fail(location, "the schema at \(reference) is false: no value fits it")
                }
                return sink.fail(location, "unresolvable $ref \(reference)")
            }
            // 3.0 ignores keywords beside a $ref, but documents write `nullable: true` there for
            // "this or null", and tools read it so (orval, hey-api): null is accepted.
            if value == .null, schema.nullable { return }
            check(value, against: OpenAPISchema(target, pointer: reference), at: location, into: &sink)
            // 3.1 allows keywords beside $ref; they apply too.
            if let siblings = schema.besideReference(keywordsApply: document.keywordsBesideReferencesApply), !sink.done {
                check(value, against: siblings, at: location, into: &sink)
            }
            return
        }
        if value == .null, schema.nullable { return }
        if let parts = schema.allOf {
            for part in parts {
                check(value, against: part, at: location, into: &sink)
                if sink.done { return }
            }
        }
        if let options = schema.anyOf, !options.contains(where: { conforms(value, to: $0) }) {
            sink.fail(location, "matches none of the anyOf alternatives")
            if sink.done { return }
        }
        if let options = schema.oneOf {
            var matching = 0
            for option in options where conforms(value, to: option) {
                matching += 1
                if matching > 1, !sink.collecting { break }
            }
            if matching != 1 { sink.fail(location, "matches \(matching) of the oneOf alternatives, expected exactly 1") }
            if sink.done { return }
        }
        if let negated = schema.not, conforms(value, to: negated) {
            sink.fail(location, "matches the schema under not")
            if sink.done { return }
        }
        if let condition = schema.ifSchema {
            let branch = conforms(value, to: condition) ? schema.thenSchema : schema.elseSchema
            if let branch {
                check(value, against: branch, at: location, into: &sink)
                if sink.done { return }
            }
        }
        let allowed = schema.types
        if !allowed.isEmpty, !allowed.contains(where: { Self.matches(value, type: $0) }) {
            return sink.fail(location, "expected \(allowed.joined(separator: " or ")), found \(value.typeName)")
        }
        if let options = schema.enumValues, !options.contains(where: { Self.same(Self.json($0), value) }) {
            let shown = value.text.map { "\"\($0)\"" } ?? value.typeName
            sink.fail(location, "\(shown) is not one of \(options.map { "\($0)" }.joined(separator: ", "))")
            if sink.done { return }
        }
        if let constant = schema.constValue, !Self.same(Self.json(constant), value) {
            sink.fail(location, "is not the const \(constant)")
            if sink.done { return }
        }
        switch value {
        case .string(let text):
            let least = schema.minLength, most = schema.maxLength
            if least != nil || most != nil {
                let length = text.unicodeScalars.count
                if let least, length < least { sink.fail(location, "shorter than \(least)") }
                if let most, length > most { sink.fail(location, "longer than \(most)") }
            }
            if let pattern = schema.pattern, !Self.matches(text, pattern: pattern) {
                sink.fail(location, "\"\(text)\" does not match \(pattern)")
            }
            if let format = schema.format, !Self.conforms(text, format: format) {
                sink.fail(location, "\"\(text)\" is not a valid \(format)")
            }
        case .number(let number):
            Self.checkNumber(number, schema: schema, at: location, into: &sink)
        case .array(let items):
            if let least = schema.minItems, items.count < least { sink.fail(location, "fewer than \(least) items") }
            if let most = schema.maxItems, items.count > most { sink.fail(location, "more than \(most) items") }
            if schema.uniqueItems, !Self.unique(items) {
                sink.fail(location, "items are not unique")
            }
            let prefix = schema.prefixItems ?? []
            for (index, item) in items.enumerated() where !sink.done {
                if index < prefix.count {
                    check(item, against: prefix[index], at: .index(location, index), into: &sink)
                } else if let itemSchema = schema.items {
                    check(item, against: itemSchema, at: .index(location, index), into: &sink)
                }
            }
            if let wanted = schema.contains, !sink.done {
                let found = items.count { conforms($0, to: wanted) }
                let least = schema.minContains ?? 1
                if found < least { sink.fail(location, "\(found) items fit contains, expected at least \(least)") }
                if let most = schema.maxContains, found > most { sink.fail(location, "\(found) items fit contains, expected at most \(most)") }
            }
        case .object(let fields):
            if let problem = Self.discriminatorProblem(fields, schema: schema) {
                sink.fail(location, problem())
                if sink.done { return }
            }
            for name in schema.required where fields[name] == nil {
                sink.fail(location, "missing required \(name)")
                if sink.done { return }
            }
            for (name, others) in schema.dependentRequired.sorted(by: { $0.key < $1.key }) where fields[name] != nil {
                for other in others where fields[other] == nil {
                    sink.fail(location, "missing \(other), required with \(name)")
                    if sink.done { return }
                }
            }
            for (name, dependent) in schema.dependentSchemas.sorted(by: { $0.key < $1.key }) where fields[name] != nil && !sink.done {
                check(value, against: dependent, at: location, into: &sink)
            }
            if let least = schema.minProperties, fields.count < least { sink.fail(location, "fewer than \(least) properties") }
            if let most = schema.maxProperties, fields.count > most { sink.fail(location, "more than \(most) properties") }
            let additional = schema.additionalProperties
            let patterned = schema.patternProperties
            let names = schema.propertyNames
            for (name, fieldValue) in fields.sorted(by: { $0.key < $1.key }) where !sink.done {
                if let names, !conforms(.string(name), to: names) {
                    sink.fail(location, "property name \(name) does not fit propertyNames")
                }
                // A property `properties` names, or a pattern matches, is not an additional one.
                let matching = patterned.filter { Self.matches(name, pattern: $0.pattern) }
                for (_, patternSchema) in matching where !sink.done {
                    check(fieldValue, against: patternSchema, at: .field(location, name), into: &sink)
                }
                if let fieldSchema = schema.property(name) {
                    check(fieldValue, against: fieldSchema, at: .field(location, name), into: &sink)
                } else if !matching.isEmpty {
                    continue
                } else if case .forbidden = additional {
                    sink.fail(location, "unexpected property \(name)")
                } else if case .schema(let extra) = additional {
                    check(fieldValue, against: extra, at: .field(location, name), into: &sink)
                }
            }
        default:
            break
        }
    }

    /// A bound as the document writes it: `100`, not `100.0`; `0.01` as it is (`JSONValue.text`).
    private static func written(_ number: Double) -> String { JSONValue.number(number).text ?? String(number) }

    private static func checkNumber(_ number: Double, schema: OpenAPISchema, at location: Location, into sink: inout Sink) {
        if let minimum = schema.minimum, number < minimum { sink.fail(location, "below \(written(minimum))") }
        if let maximum = schema.maximum, number > maximum { sink.fail(location, "above \(written(maximum))") }
        if let exclusiveMinimum = schema.exclusiveMinimum, number <= exclusiveMinimum {
            sink.fail(location, "not above \(written(exclusiveMinimum))")
        }
        if let exclusiveMaximum = schema.exclusiveMaximum, number >= exclusiveMaximum {
            sink.fail(location, "not below \(written(exclusiveMaximum))")
        }
        if let step = schema.multipleOf {
            let ratio = number / step
            if !ratio.isFinite || abs(ratio - ratio.rounded()) > 1e-9 { sink.fail(location, "not a multiple of \(written(step))") }
        }
        switch schema.format {
        case "int32"?: if number < -2_147_483_648 || number > 2_147_483_647 { sink.fail(location, "outside int32") }
        // A JSON number is read as a Double: the largest int64 rounds up to 2^63, so 2^63 is
        // inside and the next Double up (2^63 + 2048) is the first outside.
        case "int64"?: if number < -9_223_372_036_854_775_808.0 || number > 9_223_372_036_854_775_808.0 { sink.fail(location, "outside int64") }
        default: break
        }
    }

    /// Why the object's discriminator value names no schema, when the schema's `discriminator`
    /// has a `mapping`: the value must be one of its keys, or (implicitly) the name of one of the
    /// `oneOf`/`anyOf` alternatives. Without a mapping, or without the property, nothing is asked
    /// here (`required` says whether the property must be there).
    private static func discriminatorProblem(_ fields: [String: JSONValue], schema: OpenAPISchema) -> (() -> String)? {
        guard let discriminator = schema.discriminator, !discriminator.mapping.isEmpty,
              case .string(let tag)? = fields[discriminator.propertyName], discriminator.mapping[tag] == nil else { return nil }
        let alternatives = (schema.alternatives ?? []).compactMap { $0.reference?.split(separator: "/").last.map(String.init) }
        if alternatives.contains(tag) { return nil }
        let property = discriminator.propertyName
        return { "\(property) \"\(tag)\" is not a discriminator value (\(discriminator.mapping.keys.sorted().joined(separator: ", ")))" }
    }

    /// Loaded values as `JSONValue`: a document's (Yams), for `enum`, `const` and examples, and a
    /// WireMock mapping's (`JSONSerialization`), for its bodies.
    package static func json(_ value: Any) -> JSONValue {
        switch value {
        case is NSNull: return .null
        case let flag as Bool where isFlag(value): return .bool(flag)
        case let number as Int: return .number(Double(number))
        case let number as Double: return .number(number)
        case let text as String: return .string(text)
        case let date as Date:
            // YAML reads 2026-11-20 as a timestamp; give back the day when there is no time of day.
            let formatter = ISO8601DateFormatter()
            let midnight = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0
            formatter.formatOptions = midnight ? [.withFullDate] : [.withInternetDateTime]
            return .string(formatter.string(from: date))
        case let list as [Any]: return .array(list.map(json))
        case let object as [String: Any]: return .object(object.mapValues(json))
        default: return .string("\(value)")
        }
    }

    /// Whether a loaded value is a boolean: Swift's `Bool` (Yams), or `JSONSerialization`'s `true`
    /// or `false`, a boolean `NSNumber` (type `c`). Its `1` and `0` are `NSNumber`s too and cast
    /// to `Bool` as well as to `Int`, on Linux and Darwin alike, so a cast cannot tell them apart.
    static func isFlag(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// JSON's equality, for `enum`, `const` and `uniqueItems`: text is equal when its code points
    /// are (Swift's `==` also calls a letter with a combining accent equal to the accented letter),
    /// numbers by value, arrays in order, objects by their members.
    static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(same)
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        default: return left == right
        }
    }

    /// No two items the same; `Set` settles most arrays, and only text equal by Swift's rules is
    /// compared again by code points.
    private static func unique(_ items: [JSONValue]) -> Bool {
        if Set(items).count == items.count { return true }
        for (index, item) in items.enumerated() where items[..<index].contains(where: { same($0, item) }) { return false }
        return true
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number):
            return true
        case ("integer", .number(let number)):
            return number.rounded() == number
        default:
            return false
        }
    }

    /// Compiled patterns; a document uses the same few on thousands of values.
    private static let patterns = NIOLockedValueBox<[String: NSRegularExpression]>([:])

    private static func matches(_ text: String, pattern: String) -> Bool {
        let cached = patterns.withLockedValue { $0[pattern] }
        guard let regex = cached ?? (try? NSRegularExpression(pattern: pattern)) else { return false }
        if cached == nil { patterns.withLockedValue { if $0.count < 4096 { $0[pattern] = regex } } }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static func conforms(_ text: String, format: String) -> Bool {
        switch format {
        case "date": return RFC3339.fullDate(text.utf8) != nil
        case "date-time": return RFC3339.isDateTime(text)
        // RFC 3339's full-time: a time of day with its offset.
        case "time": return RFC3339.isFullTime(text.utf8)
        case "uuid": return matches(text, pattern: #"\A[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\z"#)
        case "email": return isEmail(text)
        case "uri": return isURI(text)
        case "byte": return Data(base64Encoded: text) != nil
        case "hostname": return isHostname(text)
        case "ipv4": return isIPv4(text)
        case "ipv6": return isIPv6(text)
        default: return true
        }
    }

    /// RFC 1123's host name: dot-separated labels of ASCII letters, digits and inner hyphens,
    /// each at most 63 characters, 253 in all.
    static func isHostname(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            let bytes = Array(label.utf8)
            guard (1...63).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
            return bytes.allSatisfy { byte in byte == UInt8(ascii: "-") || isAlphanumeric(byte) }
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
    }

    /// RFC 5321's mailbox: a dot-string (atoms joined by single dots) or a quoted string, `@`, and
    /// a host name or an address literal (`[127.0.0.1]`, `[IPv6:::1]`).
    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = Array(text[..<at].utf8), domain = String(text[text.index(after: at)...])
        let atext = Set("!#$%&'*+-/=?^_`{|}~".utf8)
        let localIsValid: Bool
        if local.count >= 2, local.first == UInt8(ascii: "\""), local.last == UInt8(ascii: "\"") {
            var index = 1, valid = true
            while index < local.count - 1, valid {
                let byte = local[index]
                if byte == UInt8(ascii: "\\") {
                    valid = index + 1 < local.count - 1 && (32...126).contains(local[index + 1])
                    index += 2
                } else {
                    valid = (32...126).contains(byte) && byte != UInt8(ascii: "\"")
                    index += 1
                }
            }
            localIsValid = valid
        } else {
            localIsValid = !local.isEmpty && local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { atom in
                !atom.isEmpty && atom.allSatisfy { isAlphanumeric($0) || atext.contains($0) }
            }
        }
        guard localIsValid else { return false }
        if domain.hasPrefix("["), domain.hasSuffix("]") {
            let literal = String(domain.dropFirst().dropLast())
            return literal.hasPrefix("IPv6:") ? isIPv6(String(literal.dropFirst(5))) : isIPv4(literal)
        }
        return isHostname(domain)
    }

    /// RFC 3986's URI: a scheme, `:`, and the rest written only in its characters (unreserved,
    /// reserved and `%` with two hex digits); an authority's port in digits, and brackets only
    /// around an IPv6 host.
    static func isURI(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, (0x41...0x5a).contains(bytes[0] & ~0x20),
              bytes[..<colon].allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return false }
        let allowed = Set("-._~:/?#[]@!$&'()*+,;=".utf8)
        var index = colon + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, Hex.isDigit(bytes[index + 1]), Hex.isDigit(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isAlphanumeric(byte) || allowed.contains(byte) else { return false }
            index += 1
        }
        let rest = String(decoding: bytes[(colon + 1)...], as: UTF8.self)
        guard rest.hasPrefix("//") else { return !rest.contains("[") && !rest.contains("]") }
        let afterSlashes = rest.dropFirst(2)
        let authority = afterSlashes.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let tail = afterSlashes.dropFirst(authority.count)
        guard !tail.contains("[") && !tail.contains("]") else { return false }
        var host = authority
        if let at = authority.lastIndex(of: "@") {
            guard !authority[..<at].contains("[") && !authority[..<at].contains("]") else { return false }
            host = authority[authority.index(after: at)...]
        }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]"), isIPv6(String(host[host.index(after: host.startIndex)..<close])) else { return false }
            let port = host[host.index(after: close)...]
            return port.isEmpty || (port.hasPrefix(":") && port.utf8.dropFirst().allSatisfy { (0x30...0x39).contains($0) })
        }
        guard !host.contains("[") && !host.contains("]") else { return false }
        if let portColon = host.firstIndex(of: ":") {
            return host[host.index(after: portColon)...].utf8.allSatisfy { (0x30...0x39).contains($0) }
        }
        return true
    }

    /// Four decimal parts, 0 to 255, without leading zeros (RFC 2673's dotted-quad).
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  part.utf8.count == 1 || part.utf8.first != UInt8(ascii: "0") else { return false }
            return Int(part).map { $0 <= 255 } ?? false
        }
    }

    /// RFC 4291's text forms: eight groups of one to four hex digits, one `::` standing for one
    /// or more groups of zeros, and the last two groups written as an IPv4 address if wished.
    static func isIPv6(_ text: String) -> Bool {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                let isLast = index == halves.count - 1 && position == parts.count - 1
                if isLast, part.contains("."), isIPv4(String(part)) { groups += 2; continue }
                guard (1...4).contains(part.utf8.count), part.utf8.allSatisfy(Hex.isDigit) else { return false }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }
}
