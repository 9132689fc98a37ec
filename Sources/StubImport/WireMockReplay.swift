import Foundation
import Logging
import HTTPTypes
import StubRuntime
import StubFormats
import StubEngine

/// Proves a conversion: for each converted mapping, makes a request the mapping matches, sends
/// it through the written folder's engine (in process, no socket), and compares the answer with
/// the mapping's response: status, each header it names, and the body (as JSON when both are
/// JSON, byte for byte otherwise), or its fault and delay.
///
/// A templated response is checked for its status only (its body depends on the request).
struct WireMockReplay {
    /// What the replay found.
    struct Outcome {
        var matched = 0
        var mismatched: [ImportReport.Note] = []
        /// Mappings whose request could not be made from their patterns (a matcher with no sample),
        /// or whose request another route answers first (a mapping with a lower priority).
        var notReplayed: [ImportReport.Note] = []
    }

    let filesFolder: URL
    /// Every response is a template (see `WireMockImporter.globalTemplating`).
    var globalTemplating = false

    /// Replays `groups` (a route id and its mapping, or a scenario's mappings in chain order) against `out`.
    func run(_ groups: [(route: String, mappings: [WireMockImporter.Mapping])], out: URL) throws(ImportError) -> Outcome {
        var configuration = StubServerConfiguration(stubsDirectory: out)
        configuration.seed = 1
        let backend: StubBackend
        do {
            // The mappings alone: a request none of them answers must not find the built-in bank.
            backend = try StubBackend(configuration: configuration, bank: nil, logger: Logger(label: "stubbank.import.replay"))
        } catch {
            throw ImportError("the written folder does not load: \(error)")
        }
        var outcome = Outcome()
        var generator = SeededGenerator(seed: 7)
        for (number, (route, group)) in groups.enumerated() {
            guard let first = group.first, let request = first.json["request"] as? [String: Any] else { continue }
            let made: EngineRequest
            do {
                made = try Self.request(from: request, generator: &generator)
            } catch {
                outcome.notReplayed.append(.init(source: first.origin, reason: error.reason))
                continue
            }
            var problems: [String] = []
            var shadowedBy: String?
            for (step, mapping) in group.enumerated() {
                var sent = made
                sent.headers[HTTPField.Name("X-Stub-Session")!] = "replay-\(number)"
                let plan = backend.engine.answer(sent)
                let answeredBy = backend.journal.entries(session: "replay-\(number)", limit: 1).first?.route
                if let answeredBy, !answeredBy.hasSuffix("[\(route)]") {
                    shadowedBy = answeredBy
                    break
                }
                let response = mapping.json["response"] as? [String: Any] ?? [:]
                for problem in compare(plan, with: response) {
                    problems.append(group.count > 1 ? "step \(step + 1): \(problem)" : problem)
                }
            }
            if let shadowedBy {
                outcome.notReplayed.append(.init(source: first.origin, reason: "the request made from it is answered first by "
                    + "\(shadowedBy), which takes precedence (WireMock too picks by priority, then the newest mapping)"))
            } else if problems.isEmpty {
                outcome.matched += 1
            } else {
                outcome.mismatched.append(.init(source: first.origin,
                    reason: "replaying \(made.method) \(made.target): " + problems.joined(separator: "; ")))
            }
        }
        return outcome
    }

    // MARK: The request

    struct NoSample: Error {
        var reason: String
    }

    /// A request the WireMock request pattern matches.
    static func request(from pattern: [String: Any], generator: inout SeededGenerator) throws(NoSample) -> EngineRequest {
        var method = (pattern["method"] as? String)?.uppercased() ?? "GET"
        if method == "ANY" { method = "GET" }
        var target: String
        if let url = pattern["url"] as? String {
            target = url
        } else if let path = pattern["urlPath"] as? String {
            target = path
        } else if let template = pattern["urlPathTemplate"] as? String {
            let parameters = pattern["pathParameters"] as? [String: Any] ?? [:]
            target = try template.split(separator: "/", omittingEmptySubsequences: false).map { segment throws(NoSample) -> String in
                guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return String(segment) }
                let name = String(segment.dropFirst().dropLast())
                return try parameters[name].map { value throws(NoSample) in
                    try sample(value, at: "pathParameters.\(name)", generator: &generator) ?? "x"
                } ?? "x"
            }.joined(separator: "/")
        } else if let regex = (pattern["urlPattern"] ?? pattern["urlPathPattern"]) as? String {
            guard let sampled = PatternSampler.sample(regex, using: &generator) else {
                throw NoSample(reason: "no URL can be made from the pattern \(regex)")
            }
            target = sampled.hasPrefix("/") ? sampled : "/" + sampled
        } else {
            target = "/"
        }
        var query: [String] = []
        for (name, value) in (pattern["queryParameters"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            for text in try samples(value, at: "queryParameters.\(name)", generator: &generator) {
                query.append(Self.encode(name) + "=" + Self.encode(text))
            }
        }
        if !query.isEmpty { target += (target.contains("?") ? "&" : "?") + query.joined(separator: "&") }
        var headers = HTTPFields()
        for (name, value) in (pattern["headers"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let field = HTTPField.Name(name) else { throw NoSample(reason: "\(name) is not a header name") }
            for text in try samples(value, at: "headers.\(name)", generator: &generator) { headers.append(HTTPField(name: field, value: text)) }
        }
        var cookies: [String] = []
        for (name, value) in (pattern["cookies"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            for text in try samples(value, at: "cookies.\(name)", generator: &generator) { cookies.append("\(name)=\(text)") }
        }
        if !cookies.isEmpty { headers.append(HTTPField(name: .cookie, value: cookies.joined(separator: "; "))) }
        var body = try Self.body(from: pattern["bodyPatterns"], at: "bodyPatterns", generator: &generator)
        if let parts = pattern["multipartPatterns"] as? [[String: Any]], !parts.isEmpty {
            // The boundary the mapping's Content-Type pattern gave, or one of ours.
            var boundary = "stubbank-replay"
            if let type = headers[.contentType], let given = MultipartBody.parameter("boundary", in: type) {
                boundary = given
            } else {
                headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
            }
            var text = ""
            for (index, part) in parts.enumerated() {
                var lines: [String] = []
                if let name = part["name"] as? String { lines.append("Content-Disposition: form-data; name=\"\(name)\"") }
                for (name, value) in (part["headers"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    // A Content-Disposition that must contain name="x" is sent as a form field's is.
                    if name.lowercased() == "content-disposition", let contained = (value as? [String: Any])?["contains"] as? String {
                        lines.append("\(name): form-data; \(contained)")
                    } else if let sampled = try sample(value, at: "multipartPatterns[\(index)].headers.\(name)", generator: &generator) {
                        lines.append("\(name): \(sampled)")
                    }
                }
                let partBody = try Self.body(from: part["bodyPatterns"], at: "multipartPatterns[\(index)].bodyPatterns", generator: &generator)
                text += "--\(boundary)\r\n" + lines.map { $0 + "\r\n" }.joined() + "\r\n" + String(decoding: partBody, as: UTF8.self) + "\r\n"
            }
            body = Array((text + "--\(boundary)--\r\n").utf8)
        }
        return EngineRequest(method: method, target: target, headers: headers, body: body, authority: "localhost")
    }

    /// A body the `bodyPatterns` accept.
    private static func body(from patterns: Any?, at place: String, generator: inout SeededGenerator) throws(NoSample) -> [UInt8] {
        var body: [UInt8] = []
        // What the `equalToJson` and `matchesJsonPath` patterns ask for, in one document.
        var document: JSONValue?
        // The whole-body text patterns, which must all hold (sampled together, as an `and`).
        var texts: [[String: Any]] = []
        for (index, bodyPattern) in (patterns as? [[String: Any]] ?? []).enumerated() {
            var json: JSONValue?
            if let pattern = bodyPattern["matchesJsonPath"] {
                json = try jsonPathExample(pattern, at: "\(place)[\(index)].matchesJsonPath", generator: &generator)
            } else if let expected = bodyPattern["equalToJson"] {
                var value: Any = expected
                if let text = expected as? String {
                    guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) else {
                        throw NoSample(reason: "\(place)[\(index)].equalToJson is not JSON")
                    }
                    value = parsed
                }
                json = try filled(SchemaSampler.json(value), generator: &generator)
            } else if let xml = bodyPattern["equalToXml"] as? String {
                body = Array(try filledXML(xml, generator: &generator).utf8)
            } else if bodyPattern["matchesXPath"] != nil {
                throw NoSample(reason: "\(place)[\(index)].matchesXPath: no XML body is made from an XPath alone")
            } else if let text = try sample(bodyPattern, at: "\(place)[\(index)]", generator: &generator) {
                body = Array(text.utf8)
                texts.append(bodyPattern)
            } else {
                throw NoSample(reason: "\(place)[\(index)] (\(bodyPattern.keys.sorted().joined(separator: ", "))) has no sample body")
            }
            guard let json else { continue }
            guard let merged = document.map({ JSONPath.merge($0, json) }) ?? json else {
                throw NoSample(reason: "\(place)[\(index)] asks for a value that an earlier pattern gave another")
            }
            document = merged
        }
        if texts.count > 1, let text = try sample(["and": texts], at: place, generator: &generator) { body = Array(text.utf8) }
        if let document { body = Array(WireJSON.encode(document)) }
        return body
    }

    /// A text the regular expression matches whole; inline flags such as `(?s)` or `(?i)` change
    /// nothing a sample needs.
    private static func sample(regex pattern: String, generator: inout SeededGenerator) -> String? {
        PatternSampler.sample(pattern.replacingOccurrences(of: #"^\(\?[a-z]+\)"#, with: "", options: .regularExpression),
                              using: &generator)
    }

    /// A JSON body in which a `matchesJsonPath` expression finds a value its matcher accepts
    /// (`JSONPath.example`); nil when it asks for nothing (`absent`).
    private static func jsonPathExample(_ pattern: Any, at: String, generator: inout SeededGenerator) throws(NoSample) -> JSONValue? {
        var rest = pattern as? [String: Any] ?? [:]
        guard let expression = pattern as? String ?? rest.removeValue(forKey: "expression") as? String else {
            throw NoSample(reason: "\(at) has no expression")
        }
        var leaf: JSONValue?
        if let expected = rest["equalToJson"] {
            let text = expected as? String
            guard let value = text == nil ? expected
                    : try? JSONSerialization.jsonObject(with: Data(text!.utf8), options: .fragmentsAllowed) else {
                throw NoSample(reason: "\(at).equalToJson is not JSON")
            }
            leaf = try filled(SchemaSampler.json(value), generator: &generator)
        } else if !rest.isEmpty {
            guard let text = try sample(rest, at: at, generator: &generator) else { return nil }
            let isNumber = WireMockMapping.numberMatchers.contains { rest[$0.0] != nil }
            leaf = isNumber ? Double(text).map(JSONValue.number) : .string(text)
        }
        let path: JSONPath
        do { path = try JSONPath(expression) } catch { throw NoSample(reason: "\(at): \(error.reason)") }
        let example = path.example(leaf: leaf) { sample(regex: $0, generator: &generator) }
        guard let example else { throw NoSample(reason: "\(at): no JSON body is made from \(expression)") }
        return example
    }

    /// The values a WireMock matcher of a query parameter or header accepts: one per matcher of
    /// `hasExactly` or `includes`, else the one `sample` gives (none for `absent`).
    private static func samples(_ value: Any, at: String, generator: inout SeededGenerator) throws(NoSample) -> [String] {
        guard let matcher = value as? [String: Any] else { throw NoSample(reason: "\(at) is not a matcher") }
        if let list = (matcher["hasExactly"] ?? matcher["includes"]) as? [Any] {
            var values: [String] = []
            for (index, item) in list.enumerated() {
                if let text = try sample(item, at: "\(at)[\(index)]", generator: &generator) { values.append(text) }
            }
            return values
        }
        return try sample(value, at: at, generator: &generator).map { [$0] } ?? []
    }

    /// A value a WireMock string matcher accepts; nil for `absent`.
    private static func sample(_ value: Any, at: String, generator: inout SeededGenerator) throws(NoSample) -> String? {
        guard let matcher = value as? [String: Any] else { throw NoSample(reason: "\(at) is not a matcher") }
        if matcher["absent"] as? Bool == true || matcher["anything"] != nil { return nil }
        if let inner = matcher["not"] as? [String: Any] {
            // A missing value is what a negated positive matcher accepts (WireMock asks the
            // inner matcher about null and inverts it); a negated negative needs its positive.
            if inner["absent"] as? Bool == true { return "present" }
            if let text = inner["doesNotContain"] as? String { return "x" + text + "x" }
            if let pattern = inner["doesNotMatch"] { return try sample(["matches": pattern], at: "\(at).not", generator: &generator) }
            return nil
        }
        if let alternatives = matcher["or"] as? [Any], let first = alternatives.first {
            return try sample(first, at: "\(at).or[0]", generator: &generator)
        }
        if let all = matcher["and"] as? [[String: Any]], !all.isEmpty {
            // The text one part asks for exactly; or the texts it must contain, in one value, when
            // the other parts only ask for texts it must not contain; or the first part's value.
            if let exact = all.lazy.compactMap({ $0["equalTo"] as? String }).first { return exact }
            let parts = all.compactMap { $0["contains"] as? String }
            let avoided = all.compactMap { $0["doesNotContain"] as? String }
            let joined = "x" + parts.joined(separator: "x") + "x"
            if !parts.isEmpty, parts.count + avoided.count == all.count, !avoided.contains(where: joined.contains) { return joined }
            return try sample(all[0], at: "\(at).and[0]", generator: &generator)
        }
        if let text = matcher["equalTo"] as? String { return text }
        for (key, comparison) in WireMockMapping.numberMatchers {
            guard let operand = matcher[key] else { continue }
            guard let bound = WireMockMapping.numberOperand(operand) else {
                throw NoSample(reason: "\(at).\(key) is not a number")
            }
            // One past a strict bound, the bound itself otherwise, written as JSON writes it.
            let value = bound + (comparison == .greaterThan ? 1 : comparison == .lessThan ? -1 : 0)
            return String(decoding: WireJSON.encode(JSONValue.number(value)), as: UTF8.self)
        }
        if let date = try dateSample(matcher, at: at) { return date }
        // HTTP trims a field's ends, so a contained "Bearer " is sent inside other text.
        if let text = matcher["contains"] as? String { return "x" + text + "x" }
        if let pattern = matcher["matches"] as? String {
            guard let text = sample(regex: pattern, generator: &generator) else {
                throw NoSample(reason: "\(at): no value can be made from the pattern \(pattern)")
            }
            return text
        }
        if let text = matcher["doesNotContain"] as? String { return text == "x" ? "y" : "x" }
        // WireMock's negative matchers, like the route's, accept a missing value.
        if matcher["doesNotMatch"] != nil { return nil }
        throw NoSample(reason: "\(at) (\(matcher.keys.sorted().joined(separator: ", "))) has no sample value")
    }

    /// A value a WireMock date matcher accepts now, made by the engine's own date rule from the
    /// route-file form the importer writes; nil when the matcher is no date matcher.
    private static func dateSample(_ matcher: [String: Any], at: String) throws(NoSample) -> String? {
        guard case .date(let key, let expected, let options)? = WireMockMapping.dateMatcher(matcher),
              let comparison = DateCondition.Comparison(rawValue: key) else { return nil }
        do {
            return try DateCondition(comparison, expected: expected, options: options).sample(now: Date())
        } catch {
            throw NoSample(reason: "\(at): \(error.reason)")
        }
    }

    /// `xml` with each XMLUnit placeholder replaced by a value it accepts, read as the engine
    /// reads them (`XMLUnitPlaceholder`).
    private static func filledXML(_ xml: String, generator: inout SeededGenerator) throws(NoSample) -> String {
        let expected: ExpectedXML
        do { expected = try ExpectedXML(xml) } catch { throw NoSample(reason: "equalToXml \(error.reason)") }
        return try expected.root.mapValues { (value: String) throws(NoSample) -> String in
            guard let placeholder = XMLUnitPlaceholder(value), placeholder.isKnown else { return value }
            switch placeholder.keyword {
            case "isNumber": return "1"
            case "isDateTime":
                // 1 January 2026, 00:00 UTC, as the format given writes it.
                return placeholder.argument.map { DateCondition.string(Date(timeIntervalSince1970: 1_767_225_600), pattern: $0) }
                    ?? "2026-01-01T00:00:00Z"
            case "matchesRegex":
                guard let pattern = placeholder.argument?.trimmingCharacters(in: .whitespaces),
                      let sampled = PatternSampler.sample(pattern, using: &generator) else {
                    throw NoSample(reason: "no value can be made from the placeholder \(value.trimmingCharacters(in: .whitespaces))")
                }
                return sampled
            default: return "x"
            }
        }.xml
    }

    /// `value` with each json-unit placeholder replaced by a value it accepts.
    private static func filled(_ value: JSONValue, generator: inout SeededGenerator) throws(NoSample) -> JSONValue {
        switch value {
        case .string(let text) where text.hasPrefix("${json-unit.") || text.hasPrefix("#{json-unit."):
            let name = text.dropFirst(12).prefix { $0 != "}" }
            switch name {
            case "any-number": return .number(1)
            case "any-boolean": return .bool(true)
            case "regex":
                let pattern = String(text.drop { $0 != "}" }.dropFirst())
                guard let sampled = PatternSampler.sample(pattern, using: &generator) else {
                    throw NoSample(reason: "no value can be made from the placeholder \(text)")
                }
                return .string(sampled)
            default: return .string("x")
            }
        case .array(let items):
            var out: [JSONValue] = []
            for item in items { out.append(try filled(item, generator: &generator)) }
            return .array(out)
        case .object(let fields):
            var out: [String: JSONValue] = [:]
            for (key, field) in fields where field != .string("${json-unit.ignore-element}") {
                out[key] = try filled(field, generator: &generator)
            }
            return .object(out)
        default:
            return value
        }
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    // MARK: The answer

    /// What differs between the engine's plan and the mapping's response.
    func compare(_ plan: WirePlan, with response: [String: Any]) -> [String] {
        var problems: [String] = []
        if let fault = response["fault"] as? String {
            let served: String? = switch (plan.drop, plan.pacing) {
            case (.reset?, _): "CONNECTION_RESET_BY_PEER"
            case (.closeWithoutResponse?, _): "EMPTY_RESPONSE"
            case (nil, .truncated): "MALFORMED_RESPONSE_CHUNK"
            default: nil
            }
            // RANDOM_DATA_THEN_CLOSE is served as a malformed body: a 200 whose body does not parse.
            if served != fault, fault != "RANDOM_DATA_THEN_CLOSE" { problems.append("fault \(fault), served \(served ?? "an answer")") }
            return problems
        }
        if plan.drop != nil { return ["the stub dropped the connection"] }
        let status = response["status"] as? Int ?? 200
        if plan.status.code != status {
            let error = String(decoding: plan.body.prefix(300), as: UTF8.self)
            return ["status \(plan.status.code), the mapping's is \(status) (\(error))"]
        }
        let delay = (response["fixedDelayMilliseconds"] as? Double) ?? (response["fixedDelayMilliseconds"] as? Int).map(Double.init)
        if let delay, plan.delayMs != delay { problems.append("delay \(plan.delayMs) ms, the mapping's is \(delay) ms") }
        let templated = globalTemplating || (response["transformers"] as? [String])?.contains("response-template") ?? false
        if templated { return problems }
        for (name, value) in (response["headers"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard !BodylessResponse.framingHeaders.contains(name.lowercased()), let field = HTTPField.Name(name) else { continue }
            // A 204 or 304 goes out without a body, so without the body's type.
            if BodylessResponse.neverCarriesBody(status: status), field == .contentType { continue }
            let expected = (value as? [Any])?.map { "\($0)" }.joined(separator: ", ") ?? "\(value)"
            let served = plan.headers[values: field].joined(separator: ", ")
            if served != expected { problems.append("header \(name) is \"\(served)\", the mapping's is \"\(expected)\"") }
        }
        guard let expected = expectedBody(response) else { return problems }
        if expected != plan.body {
            let left = try? JSONSerialization.jsonObject(with: Data(expected), options: .fragmentsAllowed)
            let right = try? JSONSerialization.jsonObject(with: Data(plan.body), options: .fragmentsAllowed)
            let same = left != nil && right != nil
                && SchemaSampler.json(left as Any) == SchemaSampler.json(right as Any)
            if !same {
                problems.append("the body differs (\(plan.body.count) bytes served, \(expected.count) in the mapping)")
            }
        }
        return problems
    }

    private func expectedBody(_ response: [String: Any]) -> [UInt8]? {
        if let json = response["jsonBody"] { return Array(WireJSON.encode(SchemaSampler.json(json))) }
        if let text = response["body"] as? String { return Array(text.utf8) }
        if let base64 = response["base64Body"] as? String { return Data(base64Encoded: base64).map(Array.init) }
        if let name = response["bodyFileName"] as? String {
            return FileManager.default.contents(atPath: filesFolder.appendingPathComponent(name).path).map(Array.init)
        }
        let status = response["status"] as? Int ?? 200
        return BodylessResponse.neverCarriesBody(status: status) ? nil : []
    }
}
