import Foundation
import Testing
@testable import StubEngine
import StubFormats

/// A body's `equals` with WireMock's `equalToJson` options and json-unit placeholders, against a model
/// that tries every way an expected array's items can take the request's items (so it needs no
/// matching algorithm), on random documents and requests made from them by the changes a client
/// makes: items reordered, fields and items added or dropped, case changed, a value replaced.
@Suite struct JSONEqualityModelTests {
    static let placeholders = ["${json-unit.any-string}", "${json-unit.any-number}", "${json-unit.any-boolean}",
                               "${json-unit.ignore}", "${json-unit.ignore-element}", "${json-unit.regex}[a-c]+", "#{json-unit.any-number}"]

    // MARK: The model

    static func model(_ expected: JSONValue, _ actual: JSONValue?, _ options: JSONEquality) -> Bool {
        if case .string(let text) = expected, let kind = placeholderKind(text) {
            switch kind {
            case "ignore-element": return true
            case "ignore": return actual != nil
            default: break
            }
            guard let actual else { return false }
            switch (kind, actual) {
            case ("any-string", .string), ("any-number", .number), ("any-boolean", .bool): return true
            case ("regex", .string(let value)): return value.wholeMatch(of: /[a-c]+/) != nil
            default: return false
            }
        }
        guard let actual else { return false }
        switch (expected, actual) {
        case (.string(let left), .string(let right)):
            return options.caseInsensitive ? left.lowercased() == right.lowercased() : left == right
        case (.object(let want), .object(let have)):
            guard want.allSatisfy({ model($0.value, have[$0.key], options) }) else { return false }
            return options.ignoreExtraElements || have.keys.allSatisfy { want[$0] != nil }
        case (.array(let want), .array(let have)):
            return arrays(want, have, options)
        default:
            return expected == actual
        }
    }

    static func placeholderKind(_ text: String) -> String? {
        guard let prefix = ["${json-unit.", "#{json-unit."].first(where: text.hasPrefix), let close = text.firstIndex(of: "}") else { return nil }
        let name = String(text[text.index(text.startIndex, offsetBy: prefix.count)..<close])
        return name == "regex" ? "regex" : name
    }

    static func isIgnoreElement(_ value: JSONValue) -> Bool {
        if case .string(let text) = value { return placeholderKind(text) == "ignore-element" }
        return false
    }

    /// Arrays: without `ignoreArrayOrder`, item by item; with it, some one-to-one choice of the
    /// request's items for the expected ones (ignore-element items need none), found by trying
    /// every choice. Without `ignoreExtraElements` the lengths are equal.
    static func arrays(_ want: [JSONValue], _ have: [JSONValue], _ options: JSONEquality) -> Bool {
        if !options.ignoreExtraElements, want.count != have.count { return false }
        let required = want.filter { !isIgnoreElement($0) }
        guard have.count >= required.count else { return false }
        guard options.ignoreArrayOrder else {
            return zip(want, have).allSatisfy { model($0, $1, options) }
        }
        func choose(_ index: Int, _ used: Set<Int>) -> Bool {
            if index == required.count { return true }
            return have.indices.contains { slot in
                !used.contains(slot) && model(required[index], have[slot], options) && choose(index + 1, used.union([slot]))
            }
        }
        return choose(0, [])
    }

    // MARK: Documents and requests

    static func leaf(using generator: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<9, using: &generator) {
        case 0: .number(Double(Int.random(in: 0...2, using: &generator)))
        case 1: .bool(Bool.random(using: &generator))
        case 2: .null
        case 3: .string(placeholders.randomElement(using: &generator)!)
        default: .string(["a", "b", "ab", "A", "Ab", "c", "1"].randomElement(using: &generator)!)
        }
    }

    static func document(depth: Int = 0, using generator: inout SeededGenerator) -> JSONValue {
        guard depth < 3, Int.random(in: 0..<3, using: &generator) > 0 else { return leaf(using: &generator) }
        let count = Int.random(in: 0...3, using: &generator)
        if Bool.random(using: &generator) {
            return .array((0..<count).map { _ in document(depth: depth + 1, using: &generator) })
        }
        var fields: [String: JSONValue] = [:]
        for _ in 0..<count { fields[["x", "y", "z", "w"].randomElement(using: &generator)!] = document(depth: depth + 1, using: &generator) }
        return .object(fields)
    }

    /// A request made from an expected value: placeholders filled with values of any kind, then
    /// some of the changes a client makes, at any depth.
    static func request(from value: JSONValue, using generator: inout SeededGenerator) -> JSONValue {
        var result: JSONValue
        switch value {
        case .string(let text) where placeholderKind(text) != nil:
            result = [.string("abc"), .string("xyz"), .number(7), .bool(true), .null].randomElement(using: &generator)!
        case .array(let items):
            var changed = items.filter { !isIgnoreElement($0) || Bool.random(using: &generator) }
                .map { request(from: $0, using: &generator) }
            if Int.random(in: 0..<3, using: &generator) == 0 { changed.shuffle(using: &generator) }
            if Int.random(in: 0..<4, using: &generator) == 0 { changed.append(leaf(using: &generator)) }
            if Int.random(in: 0..<8, using: &generator) == 0, !changed.isEmpty { changed.removeLast() }
            result = .array(changed)
        case .object(let fields):
            var changed = fields.mapValues { request(from: $0, using: &generator) }
            if Int.random(in: 0..<4, using: &generator) == 0 { changed["extra"] = leaf(using: &generator) }
            if Int.random(in: 0..<8, using: &generator) == 0, let key = changed.keys.sorted().first { changed[key] = nil }
            result = .object(changed)
        case .string(let text):
            result = .string(Int.random(in: 0..<4, using: &generator) == 0 ? text.uppercased() : text)
        default:
            result = value
        }
        if Int.random(in: 0..<12, using: &generator) == 0 { result = leaf(using: &generator) }
        return result
    }

    // MARK: The check

    @Test(arguments: 0..<10) func equalsDecidesAsTheModelDoesUnderEveryOption(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 9_500 + seed)
        var agreed = 0, matched = 0
        for _ in 0..<60 {
            let expected = Self.document(using: &generator)
            for _ in 0..<4 {
                let actual = Self.request(from: expected, using: &generator)
                for bits in 0..<8 {
                    let options = JSONEquality(ignoreArrayOrder: bits & 1 != 0, ignoreExtraElements: bits & 2 != 0, caseInsensitive: bits & 4 != 0)
                    let want = Self.model(expected, actual, options)
                    let found = try ExpectedJSON(expected).matches(actual, options)
                    #expect(found == want, "\(Self.text(expected)) equals \(Self.text(actual)) with \(options): model \(want)")
                    if found == want { agreed += 1 }
                    if want { matched += 1 }
                }
            }
        }
        // The requests are near enough to the documents that both answers are common.
        #expect(matched > 300 && agreed - matched > 300, "matched \(matched) of \(agreed)")
    }

    static func text(_ value: JSONValue?) -> String {
        value.map { String(decoding: WireJSON.encode($0), as: UTF8.self) } ?? "missing"
    }
}
