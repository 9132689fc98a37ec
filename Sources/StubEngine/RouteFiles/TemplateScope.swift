package import Foundation
import HTTPTypes
import Mustache
package import StubFormats

/// What a template can read for one request: `path`, `query`, `headers`, `body`, `session`,
/// `request`, `counter`, the generators `uuid`, `now` and `random`, and the string helpers
/// (`upper`, `lower`, `capitalize`, `capitalizeFirst`, `trim`, `urlEncode`, `base64`).
///
/// `uuid`, `now` and `random` are lambdas, so each use draws afresh and a section passes
/// arguments: `{{#now}}+1d date{{/now}}`, `{{#random}}1-6{{/random}}`. Draws come from a generator
/// seeded by the server seed, the route, the session and the counter, so a replay repeats them.
package final class TemplateScope {
    package let input: RouteInput
    package let now: Date
    package let counter: Int
    package let random: TemplateRandom

    package init(input: RouteInput, now: Date, counter: Int, random: TemplateRandom) {
        self.input = input
        self.now = now
        self.counter = counter
        self.random = random
    }

    /// Built once per request, on first use, however many templates the response has.
    package lazy var values: [String: Any] = makeValues()

    private func makeValues() -> [String: Any] {
        let request = input.request
        var query: [String: Any] = [:]
        for (name, values) in request.query { query[name] = values.first ?? "" }
        var headers: [String: Any] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let now = self.now, random = self.random
        return [
            "path": input.parameters,
            "query": query,
            "headers": headers,
            "body": input.body.map(Self.mustacheValue) ?? [String: Any](),
            "session": request.session,
            "counter": counter,
            "request": ["method": request.method, "path": request.path, "url": request.url, "id": request.requestId],
            "uuid": MustacheLambda { random.uuid() },
            "now": MustacheLambda { (spec: String) -> Any? in
                (try? NowSpec(spec))?.render(now) ?? "invalid now spec \(spec)"
            },
            "fake": MustacheLambda { (kind: String) -> Any? in
                random.fake(kind.trimmingCharacters(in: .whitespaces)) ?? "invalid fake kind \(kind)"
            },
            "random": MustacheLambda { (spec: String) -> Any? in
                switch (try? RandomSpec(spec))?.kind {
                case .range(let range)?: return String(random.integer(in: range))
                case .characters(let alphabet, let count)?: return random.characters(alphabet, count: count)
                case nil: return "invalid random spec \(spec)"
                }
            },
        ].merging(helpers()) { own, _ in own }
    }

    /// The string helpers (`StringHelpers`) as lambdas over this request's values. The result is
    /// substituted as a value (escaped for JSON where the template is), never read as a template
    /// again, so a request cannot inject tags.
    private func helpers() -> [String: Any] {
        var lambdas: [String: Any] = [:]
        for (name, transform) in StringHelpers.transforms {
            lambdas[name] = MustacheLambda { [weak self] (inner: String) -> Any? in
                guard let self, let template = StringHelpers.template(inner) else { return nil }
                return HelperOutput(text: transform(template.render(self.values)))
            }
        }
        return lambdas
    }

    /// JSON as Mustache sees it: dictionaries, arrays, strings, numbers and booleans.
    package static func mustacheValue(_ value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .number(let number): return JSONValue.number(number).text ?? number
        case .string(let text): return text
        case .array(let items): return items.map(mustacheValue)
        case .object(let fields): return fields.mapValues(mustacheValue)
        }
    }
}

/// A helper's result: substituted as a value, so it is escaped and never parsed as a template.
private struct HelperOutput: CustomStringConvertible {
    let text: String
    var description: String { text }
}

/// The seeded draws behind `uuid` and `random` for one request.
package final class TemplateRandom {
    private var generator: SeededGenerator

    package init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// A version-4 UUID, lower-case.
    package func uuid() -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = Array(Hex.string(bytes))
        return [hex[0..<8], hex[8..<12], hex[12..<16], hex[16..<20], hex[20..<32]].map { String($0) }.joined(separator: "-")
    }

    package func integer(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    /// A made-up value of `kind` (`FakeData.kinds`), or nil for a kind there is not.
    package func fake(_ kind: String) -> String? { FakeData.kinds[kind].map { $0(&generator) } }

    /// `count` characters drawn from `alphabet`.
    package func characters(_ alphabet: [Character], count: Int) -> String {
        String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
