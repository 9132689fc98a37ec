import Foundation
import StubRuntime
import StubFormats
import StubEngine
import StubOpenAPI

/// Converts one WireMock mapping (or one scenario's mappings) into an `ImportedRoute`.
struct WireMockMapping {
    let filesFolder: URL
    /// Every response is a template, as when WireMock runs with `--global-response-templating`.
    var globalTemplating = false
    private var counter = 0

    init(filesFolder: URL) { self.filesFolder = filesFolder }

    static let requestKeys: Set<String> = ["method", "url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate",
                                           "queryParameters", "headers", "cookies", "bodyPatterns", "pathParameters",
                                           "multipartPatterns"]
    static let responseKeys: Set<String> = ["status", "headers", "body", "jsonBody", "base64Body", "bodyFileName",
                                            "fixedDelayMilliseconds", "delayDistribution", "fault", "statusMessage"]
    /// WireMock's priority for a mapping that gives none.
    static let defaultPriority = 5

    /// A mapping's priority as WireMock reads it: the lower wins.
    static func priority(_ mapping: WireMockImporter.Mapping) -> Int {
        mapping.json["priority"] as? Int ?? defaultPriority
    }

    static let mappingKeys: Set<String> = ["id", "uuid", "name", "request", "response", "priority", "persistent", "metadata",
                                           "scenarioName", "requiredScenarioState", "newScenarioState", "insertionIndex"]
    /// Keys that change nothing a client sees in the answer, but do something a stub server will
    /// not (call a webhook, notify a listener): converted, and named in the report.
    static let sideEffectKeys: Set<String> = ["postServeActions", "serveEventListeners"]

    /// What the last converted mapping did that the route will not (its side effects).
    private(set) var notes: [ImportReport.Note] = []

    mutating func route(_ mapping: WireMockImporter.Mapping, skipped: inout [ImportReport.Note]) -> ImportedRoute? {
        let json = mapping.json
        var problems: [String] = []
        for key in json.keys.sorted() where !Self.mappingKeys.contains(key) {
            if Self.sideEffectKeys.contains(key) {
                notes.append(.init(source: mapping.origin, reason: "\(key) (a webhook or listener after serving) is not run by the stub; "
                                   + "the answer itself converted"))
            } else {
                problems.append("\"\(key)\" is not supported")
            }
        }
        guard let request = json["request"] as? [String: Any] else {
            skipped.append(.init(source: mapping.origin, reason: "no request"))
            return nil
        }
        counter += 1
        let id = (json["name"] as? String).map(RouteFileWriter.slug) ?? (json["id"] as? String) ?? (json["uuid"] as? String)
            ?? "\(RouteFileWriter.slug(((mapping.file as NSString).lastPathComponent as NSString).deletingPathExtension)).\(counter)"
        var route = ImportedRoute(id: id, method: "*", path: "/**", origin: mapping.origin)
        convertRequest(request, into: &route, problems: &problems)
        // WireMock: the lower number wins, and no priority is 5. Route files: the higher wins,
        // and none is 0. So 1 becomes 4, an explicit 5 ties with none, 10 becomes -5.
        if let priority = json["priority"] as? Int, priority != Self.defaultPriority { route.priority = Self.defaultPriority - priority }
        if let response = json["response"] as? [String: Any] {
            var unsupported: [(reason: String, written: String, file: String)] = []
            if let converted = convertResponse(response, path: route.path, mappingFile: mapping.file, problems: &problems,
                                               unsupported: &unsupported) {
                route.responses = [converted]
            }
            for (reason, written, file) in unsupported {
                let line = Self.line(of: written, in: filesFolder.deletingLastPathComponent().appendingPathComponent(file))
                problems.append("response template: \(reason) has no route-file equivalent (\(file)\(line.map { ":\($0)" } ?? ""))")
            }
        } else {
            route.responses = [ImportedRoute.Response(status: 200)]
        }
        guard problems.isEmpty else {
            skipped.append(.init(source: mapping.origin, reason: problems.joined(separator: "; ") + "; the mapping was not converted"))
            return nil
        }
        return route
    }

    /// A scenario becomes a sequence when its mappings share one request and WireMock's state
    /// machine, run from `Started`, answers in an order a sequence can say: one that ends on an
    /// answer it then keeps (a sequence), or one that repeats from its first answer (a looping
    /// sequence). In each state WireMock serves the mappings that require it or require no
    /// state, the lowest `priority` first and then the one added last; a mapping moves the
    /// scenario to its `newScenarioState`.
    mutating func sequence(_ name: String, _ mappings: [WireMockImporter.Mapping],
                           skipped: inout [ImportReport.Note]) -> (route: ImportedRoute, chain: [WireMockImporter.Mapping])? {
        var explicit: Set<String> = []
        for mapping in mappings {
            guard let state = mapping.json["requiredScenarioState"] as? String else { continue }
            guard explicit.insert(state).inserted else {
                skipped.append(.init(source: mapping.origin,
                                     reason: "scenario \"\(name)\" has two mappings for state \"\(state)\" (different requests per state); "
                                        + "only one request per scenario converts to a sequence"))
                return nil
            }
        }
        /// The mapping WireMock serves in `state`: by priority, then the one added last.
        func served(in state: String) -> Int? {
            mappings.indices.filter { index in
                let required = mappings[index].json["requiredScenarioState"] as? String
                return required == nil || required == state
            }.min { a, b in
                let (pa, pb) = (Self.priority(mappings[a]), Self.priority(mappings[b]))
                return pa != pb ? pa < pb : a > b
            }
        }
        // WireMock's answers, one per state, until a state comes round again.
        var states: [String] = []
        var answers: [Int] = []
        var state = "Started"
        while !states.contains(state) {
            guard let index = served(in: state) else {
                if answers.isEmpty { break }
                let previous = answers.last.map { mappings[$0].origin } ?? mappings[0].origin
                skipped.append(.init(source: previous,
                    reason: "scenario \"\(name)\": state \"\(states.last ?? state)\" moves to \"\(state)\", which no mapping serves, so "
                        + "WireMock stops answering there; a route-file sequence always answers; not converted"))
                return nil
            }
            states.append(state)
            answers.append(index)
            state = mappings[index].json["newScenarioState"] as? String ?? state
        }
        if let never = mappings.indices.first(where: { !answers.contains($0) }) {
            skipped.append(.init(source: mappings[never].origin,
                reason: "scenario \"\(name)\": WireMock never serves this mapping on the way from \"Started\" (nothing moves to "
                    + "its state, or another mapping takes precedence there); not converted"))
            return nil
        }
        // From `start` on, the last `period` answers repeat for ever.
        let start = states.firstIndex(of: state) ?? 0
        let period = answers.count - start
        let loops: Bool
        let chain: [WireMockImporter.Mapping]
        if period == 1 {
            loops = false
            chain = answers.map { mappings[$0] }
        } else if (0..<start).allSatisfy({ answers[$0] == answers[$0 + period] }) {
            loops = true
            chain = answers.prefix(period).map { mappings[$0] }
        } else {
            skipped.append(.init(source: mappings[answers[answers.count - 1]].origin,
                reason: "scenario \"\(name)\": state \"\(states[states.count - 1])\" goes back to \"\(state)\", not to \"Started\"; "
                    + "a route-file sequence loops only from its start; not converted"))
            return nil
        }
        // A mapping served in two states answers twice; it is converted once.
        var converted: [String: ImportedRoute] = [:]
        var routes: [ImportedRoute] = []
        for mapping in chain {
            if let known = converted[mapping.origin] {
                routes.append(known)
                continue
            }
            var plain = mapping
            for key in ["scenarioName", "requiredScenarioState", "newScenarioState"] { plain.json.removeValue(forKey: key) }
            guard let route = route(plain, skipped: &skipped) else { return nil }
            converted[mapping.origin] = route
            routes.append(route)
        }
        var sequence = routes[0]
        let sameRequest = routes.allSatisfy {
            $0.method == sequence.method && $0.path == sequence.path && $0.query.map(\.0) == sequence.query.map(\.0)
                && $0.query.map(\.1) == sequence.query.map(\.1) && $0.headers.map(\.0) == sequence.headers.map(\.0)
                && $0.body.map(\.0) == sequence.body.map(\.0)
        }
        guard sameRequest else {
            skipped.append(.init(source: mappings[0].origin,
                reason: "scenario \"\(name)\": its mappings match different requests; only one request per scenario converts to a sequence"))
            return nil
        }
        sequence.id = RouteFileWriter.slug(name)
        sequence.mode = loops ? "sequence-loop" : "sequence"
        sequence.responses = routes.flatMap(\.responses)
        var named: [String] = []
        for origin in chain.map(\.origin) where !named.contains(origin) { named.append(origin) }
        sequence.origin = "scenario \"\(name)\" (\(named.joined(separator: ", ")))"
        return (sequence, chain)
    }

    // MARK: Request

    private func convertRequest(_ request: [String: Any], into route: inout ImportedRoute, problems: inout [String]) {
        for key in request.keys.sorted() where !Self.requestKeys.contains(key) {
            problems.append("request.\(key) is not supported")
        }
        if let method = request["method"] as? String { route.method = method.uppercased() == "ANY" ? "*" : method.uppercased() }
        if let url = request["url"] as? String {
            let parts = url.split(separator: "?", maxSplits: 1).map(String.init)
            route.path = Self.literalPath(parts[0], pattern: &route.pattern)
            if parts.count > 1 {
                // Read as the engine reads a request's query, so the route tests what it will see.
                // A repeated name tests every value in order, as WireMock's url does.
                for (name, values) in QueryString.parse(parts[1]).sorted(by: { $0.key < $1.key }) {
                    route.query.append((name, .equals(values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string)))))
                }
            }
        } else if let path = request["urlPath"] as? String {
            route.path = Self.literalPath(path, pattern: &route.pattern)
        } else if let template = request["urlPathTemplate"] as? String {
            route.path = template
            for (name, value) in (request["pathParameters"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let matcher = Self.matcher(value, at: "request.pathParameters.\(name)", problems: &problems) {
                    route.params.append((name, matcher))
                }
            }
        } else if let regex = (request["urlPathPattern"] ?? request["urlPattern"]) as? String {
            // urlPattern tests the path and the query as sent (a request with a query it does not
            // name does not match), so it stays a urlPattern; a urlPathPattern of plain segments
            // reads better as a path template.
            let withQuery = request["urlPattern"] != nil
            if !withQuery, let template = WireMockPath.template(fromRegex: regex) {
                route.path = template.path
                route.params = template.params.map { ($0.0, .matches($0.1)) }
            } else if (try? NSRegularExpression(pattern: regex)) == nil {
                problems.append("url pattern \(regex) is not a regular expression: \(RegexSyntaxError(regex).reason)")
            } else {
                route.pattern = (regex, withQuery)
            }
        }
        for (name, value) in (request["queryParameters"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let matcher = Self.matcher(value, at: "request.queryParameters.\(name)", problems: &problems) { route.query.append((name, matcher)) }
        }
        for (name, value) in (request["headers"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let matcher = Self.matcher(value, at: "request.headers.\(name)", problems: &problems) { route.headers.append((name, matcher)) }
        }
        for (name, value) in (request["cookies"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let matcher = Self.matcher(value, at: "request.cookies.\(name)", problems: &problems) { route.cookies.append((name, matcher)) }
        }
        Self.convertBodyPatterns(request["bodyPatterns"], at: "request.bodyPatterns", into: &route, problems: &problems)
        for (index, pattern) in (request["multipartPatterns"] as? [[String: Any]] ?? []).enumerated() {
            let at = "request.multipartPatterns[\(index)]"
            for key in pattern.keys.sorted() where !["matchingType", "headers", "bodyPatterns", "name"].contains(key) {
                problems.append("\(at).\(key) is not supported")
            }
            var part = ImportedRoute.Part()
            switch (pattern["matchingType"] as? String)?.uppercased() {
            case nil, "ANY": break
            case "ALL": part.every = true
            case let other?: problems.append("\(at).matchingType \(other) is neither ANY nor ALL")
            }
            if let name = pattern["name"] as? String { part.headers.append(("Content-Disposition", .contains("name=\"\(name)\""))) }
            for (name, value) in (pattern["headers"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let matcher = Self.matcher(value, at: "\(at).headers.\(name)", problems: &problems) { part.headers.append((name, matcher)) }
            }
            var tests = ImportedRoute(id: "", method: "", path: "", origin: "")
            Self.convertBodyPatterns(pattern["bodyPatterns"], at: "\(at).bodyPatterns", into: &tests, problems: &problems)
            (part.body, part.bodyText, part.xpath, part.bodyXml) = (tests.body, tests.bodyText, tests.xpath, tests.bodyXml)
            route.parts.append(part)
        }
    }

    /// `bodyPatterns` (of the request or of one multipart pattern) as body tests of `route`.
    private static func convertBodyPatterns(_ patterns: Any?, at place: String, into route: inout ImportedRoute, problems: inout [String]) {
        for (index, pattern) in (patterns as? [[String: Any]] ?? []).enumerated() {
            let at = "\(place)[\(index)]"
            if let text = Self.textMatcher(pattern, at: at, problems: &problems) {
                // Every pattern must hold (WireMock ANDs them), so a second is an `and`.
                switch route.bodyText {
                case nil: route.bodyText = text
                case .and(let parts)?: route.bodyText = .and(parts + [text])
                case let first?: route.bodyText = .and([first, text])
                }
            } else if pattern["equalToXml"] != nil || pattern["matchesXPath"] != nil {
                Self.convertXML(pattern, at: at, into: &route, problems: &problems)
            } else {
                route.body += Self.bodyMatchers(pattern, at: at, problems: &problems)
            }
        }
    }

    /// A literal path; one with `{` or `*`, which route files read as a template, becomes a pattern
    /// matching exactly that text.
    private static func literalPath(_ path: String, pattern: inout (regex: String, withQuery: Bool)?) -> String {
        if path.contains("{") || path.contains("*") {
            pattern = (NSRegularExpression.escapedPattern(for: path), false)
        }
        return path.isEmpty ? "/" : path
    }

    /// A body pattern that tests the body as text (`equalTo`, `contains`, `matches`, …), or nil
    /// for a JSON or XML pattern.
    private static func textMatcher(_ pattern: [String: Any], at: String, problems: inout [String]) -> ImportedRoute.Matcher? {
        guard pattern.keys.contains(where: textMatcherKeys.contains) else { return nil }
        return matcher(pattern, at: at, problems: &problems)
    }

    static let textMatcherKeys: Set<String> = ["equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent"]

    static func matcher(_ value: Any, at: String, problems: inout [String]) -> ImportedRoute.Matcher? {
        guard let object = value as? [String: Any] else {
            problems.append("\(at) is not a matcher object")
            return nil
        }
        let caseInsensitive = object["caseInsensitive"] as? Bool ?? false
        if let text = object["equalTo"] as? String {
            // `templated: true` works the expected value out per request from the request's own
            // parts; a route file compares with a fixed value, so a template is not converted.
            if object["templated"] as? Bool == true, text.contains("{{") {
                problems.append("\(at).equalTo is templated (\(text.prefix(80))): its value is worked out per request, "
                                + "which route files cannot express")
                return nil
            }
            return caseInsensitive ? .equalsIgnoringCase(text) : .equals(.string(text))
        }
        if let pattern = object["matches"] as? String { return .matches(pattern) }
        if let pattern = object["doesNotMatch"] as? String { return .doesNotMatch(pattern) }
        if let text = object["contains"] as? String {
            return caseInsensitive ? .matches("(?is).*" + NSRegularExpression.escapedPattern(for: text) + ".*") : .contains(text)
        }
        if let text = object["doesNotContain"] as? String {
            return caseInsensitive ? .doesNotMatch("(?is).*" + NSRegularExpression.escapedPattern(for: text) + ".*") : .doesNotContain(text)
        }
        if object["absent"] as? Bool == true { return .absent }
        // `anything` holds for any value and for none (WireMock 3).
        if object["anything"] != nil { return .or([.present, .absent]) }
        if let inner = object["not"] {
            guard let part = matcher(inner, at: "\(at).not", problems: &problems) else { return nil }
            guard let negated = negation(of: part) else {
                problems.append("\(at).not of \((inner as? [String: Any])?.keys.sorted().joined(separator: ", ") ?? "that") has no "
                                + "route-file form; route files negate equalTo, matches, doesNotMatch, contains, doesNotContain, absent, "
                                + "and and or of those")
                return nil
            }
            return negated
        }
        if let date = dateMatcher(object) { return date }
        for (key, comparison) in numberMatchers {
            guard let operand = object[key] else { continue }
            guard let bound = numberOperand(operand) else {
                problems.append("\(at).\(key) is not a number")
                return nil
            }
            return .number(comparison.rawValue, bound)
        }
        for key in ["and", "or", "hasExactly", "includes"] {
            guard let list = object[key] as? [Any] else { continue }
            var parts: [ImportedRoute.Matcher] = []
            for (index, item) in list.enumerated() {
                guard let part = matcher(item, at: "\(at).\(key)[\(index)]", problems: &problems) else { return nil }
                parts.append(part)
            }
            guard !parts.isEmpty else { break }
            return switch key {
            case "and": .and(parts)
            case "or": .or(parts)
            case "hasExactly": .hasExactly(parts)
            default: .includes(parts)
            }
        }
        problems.append("\(at) uses \(object.keys.sorted().joined(separator: ", ")), which route files cannot express")
        return nil
    }

    /// WireMock 3's number matchers and the route-file comparison each becomes. Their negation
    /// has no route-file form: WireMock's `not` also holds for text that is no number.
    static let numberMatchers: [(String, ValueMatcher.NumberComparison)] = [
        ("equalToNumber", .equalsNumber), ("greaterThanNumber", .greaterThan), ("greaterThanEqualNumber", .greaterThanOrEqual),
        ("lessThanNumber", .lessThan), ("lessThanEqualNumber", .lessThanOrEqual),
    ]

    /// A number matcher's operand: a JSON number or text that reads as one (WireMock parses
    /// either), finite; nil otherwise. Text is read by the number matchers' own rule
    /// (`ValueMatcher.number`), so `0x10`, `NaN` and `Infinity` are no operand, as a request's
    /// `0x10` is no number.
    static func numberOperand(_ operand: Any) -> Double? {
        let value: JSONValue? = (operand as? String).map(JSONValue.string) ?? (operand as? Double).map(JSONValue.number)
        guard let bound = ValueMatcher.number(value), bound.isFinite else { return nil }
        return bound
    }

    /// The route-file matcher that holds exactly where `matcher` does not (WireMock's `not`),
    /// also for a missing value: `equalTo` becomes a whole-value `doesNotMatch`, the negative
    /// matchers their positives, `and` and `or` each other's negations; nil for one with none
    /// (a date's negation is not the opposite date matcher: the moment itself).
    static func negation(of matcher: ImportedRoute.Matcher) -> ImportedRoute.Matcher? {
        switch matcher {
        case .equals(.string(let text)): return .doesNotMatch(NSRegularExpression.escapedPattern(for: text))
        case .equalsIgnoringCase(let text): return .doesNotMatch("(?i)" + NSRegularExpression.escapedPattern(for: text))
        case .matches(let pattern): return .doesNotMatch(pattern)
        case .doesNotMatch(let pattern): return .matches(pattern)
        case .contains(let text): return .doesNotContain(text)
        case .doesNotContain(let text): return .contains(text)
        case .present: return .absent
        case .absent: return .present
        case .and(let parts):
            let negated = parts.compactMap(negation(of:))
            return negated.count == parts.count ? .or(negated) : nil
        case .or(let parts):
            let negated = parts.compactMap(negation(of:))
            return negated.count == parts.count ? .and(negated) : nil
        default: return nil
        }
    }

    /// WireMock's `before`, `after` or `equalToDateTime` with its options, as written; the
    /// route-file loader reads it (and refuses what it cannot) when the folder is compiled.
    static func dateMatcher(_ object: [String: Any]) -> ImportedRoute.Matcher? {
        for key in DateCondition.Comparison.allCases.map(\.rawValue) {
            guard let expected = object[key] else { continue }
            var options: [String: String] = [:]
            for option in DateCondition.optionNames {
                guard let value = object[option] else { continue }
                // The one flag among them: JSON's `true` or `false`, told from a number by the one
                // converter; anything else is passed on as written, for the loader to refuse.
                if option == "applyTruncationLast", case .bool(let flag) = JSONSchemaValidator.json(value) {
                    options[option] = "\(flag)"
                } else {
                    options[option] = "\(value)"
                }
            }
            return .date(key, expected: "\(expected)", options: options)
        }
        return nil
    }

    private static func bodyMatchers(_ pattern: [String: Any], at: String, problems: inout [String]) -> [(String, ImportedRoute.Matcher)] {
        if pattern["equalToJson"] != nil { return equalToJSON(pattern, at: at, problems: &problems).map { [("$", $0)] } ?? [] }
        if let path = pattern["matchesJsonPath"] as? String { return [(path, .present)] }
        if let object = pattern["matchesJsonPath"] as? [String: Any], let path = object["expression"] as? String {
            var rest = object
            rest.removeValue(forKey: "expression")
            if rest.isEmpty { return [(path, .present)] }
            // What the path finds may be matched as JSON (`"equalToJson": "{ \"inner\": 42 }"`).
            if rest["equalToJson"] != nil {
                return equalToJSON(rest, at: "\(at).matchesJsonPath", problems: &problems).map { [(path, $0)] } ?? []
            }
            return matcher(rest, at: "\(at).matchesJsonPath", problems: &problems).map { [(path, $0)] } ?? []
        }
        let keys = pattern.keys.sorted().joined(separator: ", ")
        problems.append("\(at) uses \(keys), which route files cannot express (they match JSON bodies by path)")
        return []
    }

    /// `equalToJson` with its options, as a JSON value (text holding JSON, or the JSON itself).
    private static func equalToJSON(_ pattern: [String: Any], at: String, problems: inout [String]) -> ImportedRoute.Matcher? {
        var value = pattern["equalToJson"] as Any
        if let text = value as? String {
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) else {
                problems.append("\(at).equalToJson is not JSON")
                return nil
            }
            value = parsed
        }
        return .equalsJSON(SchemaSampler.json(value), ignoreArrayOrder: pattern["ignoreArrayOrder"] as? Bool ?? false,
                           ignoreExtraElements: pattern["ignoreExtraElements"] as? Bool ?? false)
    }

    /// `equalToXml` (→ `bodyXml`) or `matchesXPath` (→ `xpath`). The namespace map
    /// (`xPathNamespaces`) is not needed: route files match a prefixed name by its local name.
    private static func convertXML(_ pattern: [String: Any], at: String, into route: inout ImportedRoute, problems: inout [String]) {
        if let xml = pattern["equalToXml"] {
            guard let text = xml as? String else { return problems.append("\(at).equalToXml is not a string") }
            for option in ["ignoreOrderOfSameNode", "placeholderOpeningDelimiterRegex", "placeholderClosingDelimiterRegex"]
            where pattern[option] != nil && pattern[option] as? Bool != false {
                problems.append("\(at).equalToXml uses \(option), which route files cannot express")
            }
            // WireMock leaves out of the comparison what these name; route files compare all but
            // namespaces and processing instructions, so any other would refuse what WireMock takes.
            let exempted = (pattern["exemptedComparisons"] as? [Any] ?? []).map { "\($0)" }
                .filter { !["NAMESPACE_URI", "NAMESPACE_PREFIX", "PROCESSING_INSTRUCTION_TARGET", "PROCESSING_INSTRUCTION_DATA"].contains($0) }
            if !exempted.isEmpty {
                problems.append("\(at).equalToXml exempts \(exempted.joined(separator: ", ")) from the comparison, which route files cannot express")
            }
            if route.bodyXml != nil { return problems.append("\(at): a second equalToXml; route files take one") }
            do {
                let expected = try ExpectedXML(text)
                // Without `enablePlaceholders: true` WireMock compares `${xmlunit.…}` as text; a
                // route file always reads it as a placeholder.
                if pattern["enablePlaceholders"] as? Bool != true, let placeholder = Self.firstPlaceholder(in: expected.root) {
                    return problems.append("\(at).equalToXml holds \(placeholder) without \"enablePlaceholders\": true, so WireMock "
                                           + "compares it as text; route files read it as a placeholder")
                }
                route.bodyXml = text
            } catch {
                problems.append("\(at).equalToXml \(error.reason)")
            }
            return
        }
        var expression: String?, matcher: ImportedRoute.Matcher? = .present
        if let text = pattern["matchesXPath"] as? String {
            expression = text
        } else if var object = pattern["matchesXPath"] as? [String: Any], let text = object.removeValue(forKey: "expression") as? String {
            expression = text
            if !object.isEmpty { matcher = Self.matcher(object, at: "\(at).matchesXPath", problems: &problems) }
        }
        guard let expression, let matcher else {
            if expression == nil { problems.append("\(at).matchesXPath has no expression") }
            return
        }
        do {
            _ = try XPath(expression)
            route.xpath.append((expression, matcher))
        } catch {
            problems.append("\(at).matchesXPath: \(error.reason)")
        }
    }

    /// The first value in `element` that is an XMLUnit placeholder, trimmed.
    private static func firstPlaceholder(in element: XMLBody) -> String? {
        var found: String?
        _ = element.mapValues { value in
            if found == nil, XMLUnitPlaceholder(value) != nil { found = value.trimmingCharacters(in: .whitespacesAndNewlines) }
            return value
        }
        return found
    }

    /// `value` with `transform` applied to every string in it.
    private static func mapStrings(_ value: JSONValue, _ transform: (String) -> String) -> JSONValue {
        switch value {
        case .string(let text): return .string(transform(text))
        case .array(let items): return .array(items.map { mapStrings($0, transform) })
        case .object(let fields): return .object(fields.mapValues { mapStrings($0, transform) })
        default: return value
        }
    }

    /// The line (from 1) of `file` that first holds `needle`, as written or JSON-escaped.
    private static func line(of needle: String, in file: URL) -> Int? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains(needle) || line.contains(needle.replacingOccurrences(of: "\"", with: "\\\"")) {
            return index + 1
        }
        return nil
    }

    /// Whether `{{` is in any string of `value`.
    private static func containsTag(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return text.contains("{{")
        case .array(let items): return items.contains(where: containsTag)
        case .object(let fields): return fields.keys.contains { $0.contains("{{") } || fields.values.contains(where: containsTag)
        default: return false
        }
    }

    // MARK: Response

    /// - Parameters:
    ///   - path: the converted route's path, for templates that read it;
    ///   - unsupported: template expressions with no route-file equivalent, with the file they are in.
    private func convertResponse(_ response: [String: Any], path: String, mappingFile: String, problems: inout [String],
                                 unsupported: inout [(reason: String, written: String, file: String)]) -> ImportedRoute.Response? {
        var template: WireMockTemplate? = globalTemplating ? WireMockTemplate(path: path) : nil
        for key in response.keys.sorted() where !Self.responseKeys.contains(key) {
            if key == "transformers", let names = response[key] as? [String], names.allSatisfy({ $0 == "response-template" }) {
                template = WireMockTemplate(path: path)
            } else {
                problems.append(key == "transformers" ? "response transformers \(response[key] ?? "") (only response-template converts)"
                                                      : "response.\(key) is not supported")
            }
        }
        /// `text` converted when the response is templated; WireMock leaves it as it is otherwise.
        func templated(_ text: String, in file: String) -> String {
            guard let template, text.contains("{{") else { return text }
            let (converted, missing) = template.convert(text)
            unsupported += missing.map { ($0.reason, $0.written, file) }
            return converted
        }
        var converted = ImportedRoute.Response(status: response["status"] as? Int ?? 200)
        for (name, value) in (response["headers"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            // The stub frames each answer itself: a route file may not set these.
            if RouteFileLoader.forbiddenHeaders.contains(name.lowercased()) { continue }
            // A list sends the field once per value, as WireMock does (two `Set-Cookie`s).
            for text in (value as? [Any])?.map({ "\($0)" }) ?? ["\(value)"] {
                converted.headers.append((name, templated(text, in: mappingFile)))
            }
        }
        let isJSON = converted.headers.contains { $0.0.lowercased() == "content-type" && $0.1.contains("json") }
        if let jsonBody = response["jsonBody"] {
            converted.body = .json(Self.mapStrings(SchemaSampler.json(jsonBody)) { templated($0, in: mappingFile) })
        } else if let original = response["body"] as? String {
            let body = templated(original, in: mappingFile)
            if isJSON, let data = body.data(using: .utf8), let parsed = try? JSONSerialization.jsonObject(with: data,
                options: .fragmentsAllowed) {
                converted.body = .json(SchemaSampler.json(parsed))
            } else {
                converted.body = .file(name: isJSON ? "body.json" : "body.txt", bytes: Array(body.utf8))
            }
        } else if let base64 = response["base64Body"] as? String {
            guard let data = Data(base64Encoded: base64) else {
                problems.append("response.base64Body is not base64")
                return nil
            }
            converted.body = .file(name: "body.bin", bytes: Array(data))
        } else if let name = response["bodyFileName"] as? String {
            let url = filesFolder.appendingPathComponent(name).standardizedFileURL
            guard url.path.hasPrefix(filesFolder.standardizedFileURL.path + "/"), let data = FileManager.default.contents(atPath: url.path) else {
                problems.append("bodyFileName \(name) is not a file in __files")
                return nil
            }
            var bytes = Array(data)
            if template != nil, let text = String(data: data, encoding: .utf8), text.contains("{{") {
                bytes = Array(templated(text, in: "__files/" + name).utf8)
            }
            converted.body = .file(name: (name as NSString).lastPathComponent, bytes: bytes)
        }
        if BodylessResponse.neverCarriesBody(status: converted.status) { converted.body = nil }
        // Without response templating WireMock serves "{{" as written; so does the route.
        if template == nil {
            let inBody: Bool = switch converted.body {
            case .json(let value)?: Self.containsTag(value)
            case .text(let text)?: text.contains("{{")
            case .file(_, let bytes)?: String(decoding: bytes, as: UTF8.self).contains("{{")
            case nil: false
            }
            converted.literal = inBody || converted.headers.contains { $0.1.contains("{{") }
        }
        let number = OpenAPISchema.number
        if let delay = number(response["fixedDelayMilliseconds"]) {
            converted.latency = .fixed(delay)
        } else if let distribution = response["delayDistribution"] as? [String: Any] {
            switch distribution["type"] as? String {
            case "lognormal":
                converted.latency = LatencyModel(type: .lognormal, medianMs: number(distribution["median"]),
                    sigma: number(distribution["sigma"]))
            case "uniform":
                converted.latency = LatencyModel(type: .uniform, minMs: number(distribution["lower"]),
                    maxMs: number(distribution["upper"]))
            default:
                problems.append("delayDistribution \(distribution["type"] ?? "?") is not supported (lognormal and uniform are)")
            }
        }
        if let fault = response["fault"] as? String {
            switch fault {
            case "CONNECTION_RESET_BY_PEER": converted.fault = .reset
            case "EMPTY_RESPONSE": converted.fault = .empty
            case "MALFORMED_RESPONSE_CHUNK": converted.fault = .truncated
            case "RANDOM_DATA_THEN_CLOSE": converted.fault = .malformed
            default: problems.append("fault \(fault) is not supported")
            }
        }
        return converted
    }

}
