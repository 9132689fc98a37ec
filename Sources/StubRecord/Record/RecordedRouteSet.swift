import Foundation
import StubImport
import StubServer
import StubFormats
import StubEngine

/// Turns recorded exchanges into route files, redacting as it goes:
///
/// - identifier segments become `{param}`s (`PathTemplate`); when every concrete value got the
///   same answer, one route serves them all, otherwise each value keeps its own route (a
///   `params` match), and so does each distinct query;
/// - identical exchanges are stored once; a request answered differently on repeat keeps its
///   first answer, or, with `sequences`, becomes a sequence of its answers (then the last);
/// - requests are matched by method, path and query, not by body;
/// - headers that change on every answer or belong to the connection (`Date`, `Server`,
///   `Content-Length`, `X-Request-Id`, ...) are left out, so repeats compare equal, and a
///   repeated header is one field (`merged`).
struct RecordedRouteSet {
    /// Route files by name (`accounts` → `routes/accounts.yaml`), and what was simplified.
    struct Output {
        var groups: [String: [ImportedRoute]]
        var notes: [ImportReport.Note]
    }

    /// What a recorded answer loses: what frames it (a route file may not set it), the rest of
    /// the connection's own fields, and what the stub writes itself or only a live server means.
    static let droppedHeaders: Set<String> = RouteFileLoader.forbiddenHeaders.union([
        "keep-alive", "upgrade", "proxy-connection", "te", "trailer",
        "date", "server", "x-request-id", "x-signature", "age", "via", "alt-svc", "strict-transport-security",
    ])

    let redactor: Redactor
    let sequences: Bool

    /// One answer after redaction, comparable for "identical".
    private struct Answer: Equatable {
        var status: Int
        var headers: [String]
        var body: ImportedRoute.Body?
    }

    private struct Variant {
        var parameters: [(name: String, value: String)]
        var query: [(String, String)]
        var key: String
        var answers: [Answer] = []
        var headerPairs: [[(String, String)]] = []
    }

    func build(_ exchanges: [RecordedExchange]) -> Output {
        // Names first, wherever they are, so an e-mail address made of one is faked even when
        // it comes before the name.
        for exchange in exchanges where exchange.responseHeader("Content-Type")?.lowercased().contains("json") == true {
            if let value = try? JSONDecoder().decode(JSONValue.self, from: Data(exchange.responseBody)) { redactor.learnNames(in: value) }
        }
        var order: [String] = []
        var variantsByRoute: [String: [Variant]] = [:]
        for exchange in exchanges {
            let (template, parameters) = PathTemplate.make(redactor.redact(path: exchange.path))
            let routeKey = exchange.method + " " + template
            let query = QueryString.pairs(exchange.query).map { ($0.name, redactor.redact(text: $0.value)) }
            let variantKey = parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
                + "?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            let headers = Self.merged(redactor.redact(headers: exchange.responseHeaders.filter { !Self.droppedHeaders.contains($0.0.lowercased()) }))
            let answer = Answer(status: exchange.status, headers: headers.map { "\($0.0.lowercased()): \($0.1)" },
                                body: body(of: exchange))
            if variantsByRoute[routeKey] == nil { order.append(routeKey) }
            var variants = variantsByRoute[routeKey, default: []]
            if let index = variants.firstIndex(where: { $0.key == variantKey }) {
                if !variants[index].answers.contains(answer) {
                    variants[index].answers.append(answer)
                    variants[index].headerPairs.append(headers)
                }
            } else {
                variants.append(Variant(parameters: parameters, query: query, key: variantKey, answers: [answer], headerPairs: [headers]))
            }
            variantsByRoute[routeKey] = variants
        }
        var output = Output(groups: [:], notes: [])
        var usedIds: Set<String> = []
        for routeKey in order {
            let variants = variantsByRoute[routeKey]!
            let method = String(routeKey.prefix { $0 != " " })
            let template = String(routeKey.dropFirst(method.count + 1))
            let file = Self.fileName(template) + ".yaml"
            let shared = variants.allSatisfy { $0.answers == variants[0].answers }
            for (index, variant) in (shared ? [variants[0]] : variants).enumerated() {
                var id = RouteFileWriter.slug("\(method) \(template)") + (shared || variants.count == 1 ? "" : "-\(index + 1)")
                while usedIds.contains(id) { id += "-x" }
                usedIds.insert(id)
                var route = ImportedRoute(id: id, method: method, path: template,
                                          origin: "recorded \(method) \(template)"
                                            + (shared && !variant.parameters.isEmpty && variants.count > 1
                                                ? " (\(variants.count) values, one answer)" : ""))
                if !shared {
                    route.params = variant.parameters.map { ($0.name, .equals(.string($0.value))) }
                    route.query = Self.queryMatchers(variant.query)
                    route.priority = route.params.count + route.query.count
                }
                let kept = sequences ? variant.answers.count : 1
                for (answer, headers) in zip(variant.answers, variant.headerPairs).prefix(kept) {
                    let kept = headers.filter { $0.0.lowercased() != "content-type" || answer.body?.isJSON != true }
                    route.responses.append(ImportedRoute.Response(status: answer.status, headers: kept, body: answer.body))
                }
                if variant.answers.count > 1 {
                    if sequences {
                        route.mode = "sequence"
                    } else {
                        output.notes.append(ImportReport.Note(source: "\(method) \(template)",
                                                              reason: "answered \(variant.answers.count) different ways; kept the first "
                                                                + "(record with --sequences to keep them all in order)"))
                    }
                }
                output.groups[file, default: []].append(route)
            }
        }
        return output
    }

    private func body(of exchange: RecordedExchange) -> ImportedRoute.Body? {
        guard !exchange.responseBody.isEmpty else { return nil }
        let type = exchange.responseHeader("Content-Type")?.lowercased() ?? ""
        if type.contains("json"), let value = try? JSONDecoder().decode(JSONValue.self, from: Data(exchange.responseBody)) {
            return .json(redactor.redact(json: value))
        }
        if let text = String(bytes: exchange.responseBody, encoding: .utf8), type.hasPrefix("text/") || type.contains("xml") || type.isEmpty {
            return .text(redactor.redact(text: text))
        }
        return .file(name: "body.bin", bytes: exchange.responseBody)
    }

    /// One value per header name, case-insensitively, in first-seen order: repeats are joined
    /// with ", " as RFC 9110 §5.3 allows, but `Set-Cookie`, which may not be joined (RFC 6265
    /// §3), keeps each cookie as a field of its own (a list in the route file).
    static func merged(_ headers: [(String, String)]) -> [(String, String)] {
        var result: [(String, String)] = []
        var seen: [String: Int] = [:]
        for (name, value) in headers {
            if name.lowercased() == "set-cookie" {
                result.append((name, value))
            } else if let index = seen[name.lowercased()] {
                result[index].1 += ", " + value
            } else {
                seen[name.lowercased()] = result.count
                result.append((name, value))
            }
        }
        return result
    }

    /// One matcher per name, in first-seen order: a repeated name (`?id=3&id=9`, as Polly.JS and
    /// browsers send a list) tests every value, in order.
    static func queryMatchers(_ pairs: [(String, String)]) -> [(String, ImportedRoute.Matcher)] {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for (name, value) in pairs {
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        return order.map { name in
            let list = values[name]!
            return (name, .equals(list.count == 1 ? .string(list[0]) : .array(list.map(JSONValue.string))))
        }
    }

    /// `routes/accounts.yaml` for `/v1/accounts/{accountId}`: the first segment that is neither
    /// a version nor a parameter.
    static func fileName(_ template: String) -> String {
        let segments = template.split(separator: "/").map(String.init)
        let meaningful = segments.first { !$0.hasPrefix("{") && $0.wholeMatch(of: /v[0-9]+(\.[0-9]+)?/) == nil }
        return RouteFileWriter.slug(meaningful ?? "root")
    }
}

extension ImportedRoute.Body {
    /// JSON bodies get the route file's own Content-Type; text and binary bodies keep the
    /// recorded one (a PNG stays `image/png`, not the body file's `application/octet-stream`).
    fileprivate var isJSON: Bool {
        if case .json = self { return true }
        return false
    }
}
