public import Foundation
import StubServer

/// `stubbank import openapi SPEC --out DIR`: one route per operation, one response per documented
/// status (and per named example), bodies from the document's examples or sampled from its schemas.
///
/// The first 2xx response answers by default; any other is picked with `Prefer: code=404` or
/// `Prefer: example=NAME`. What cannot be expressed as a route (a path template with text around
/// a parameter, a status range such as `4XX`) is listed, not guessed.
public struct OpenAPIImporter: Sendable {
    /// The OpenAPI 3 document, YAML or JSON.
    public let spec: URL
    /// Seed for bodies sampled from schemas.
    public let seed: UInt64

    /// An importer of `spec`.
    public init(spec: URL, seed: UInt64 = 0) {
        self.spec = spec
        self.seed = seed
    }

    static let methods = ["get", "put", "post", "delete", "patch", "head", "options"]

    /// Reads the document and returns the routes it describes, with notes on what was left out.
    func routes() throws(ImportError) -> (routes: [ImportedRoute], skipped: [ImportReport.Note]) {
        let document = try OpenAPIDocument(url: spec)
        var sampler = SchemaSampler(document: document, seed: seed)
        var routes: [ImportedRoute] = []
        var skipped: [ImportReport.Note] = []
        var usedIds: Set<String> = []
        let paths = document.root["paths"] as? [String: Any] ?? [:]
        for path in paths.keys.sorted() {
            guard let item = document.resolve(paths[path]) else { continue }
            for method in Self.methods {
                guard let operation = item[method] as? [String: Any] else { continue }
                let where_ = "paths.\(path).\(method)"
                guard Self.isPlainTemplate(path) else {
                    skipped.append(.init(source: where_, reason: "path \(path) has text around a {parameter} in one segment; route files take whole-segment parameters"))
                    continue
                }
                var id = operation["operationId"] as? String ?? "\(method)\(path)".replacingOccurrences(of: "/", with: ".")
                while usedIds.contains(id) { id += "_" }
                usedIds.insert(id)
                var route = ImportedRoute(id: id, method: method.uppercased(), path: path, origin: "\(document.source) \(where_)")
                let responses = operation["responses"] as? [String: Any] ?? [:]
                let ordered = responses.keys.sorted { Self.order($0) < Self.order($1) }
                for code in ordered {
                    guard let status = code == "default" ? 500 : Int(code), (200...599).contains(status) else {
                        skipped.append(.init(source: "\(where_).responses.\(code)", reason: "status \(code) is not a single final status; not imported"))
                        continue
                    }
                    guard let response = document.resolve(responses[code]) else {
                        skipped.append(.init(source: "\(where_).responses.\(code)", reason: "unresolvable $ref \(document.reference(of: responses[code]) ?? "")"))
                        continue
                    }
                    route.responses += Self.responses(response, status: status, code: code, document: document, sampler: &sampler)
                }
                if route.responses.isEmpty {
                    skipped.append(.init(source: where_, reason: "no importable response; the route was not written"))
                    continue
                }
                routes.append(route)
            }
        }
        return (routes, skipped)
    }

    /// Writes the folder and checks that it loads.
    public func run(out: URL) throws(ImportError) -> ImportReport {
        let (routes, skipped) = try routes()
        let byFile = Dictionary(grouping: routes, by: Self.fileName(for:))
        return try RouteFileWriter(out: out).writeFolder(
            byFile, header: "Imported from \(spec.lastPathComponent) by stubbank import openapi (seed \(seed)).", skipped: skipped)
    }

    private static func fileName(for route: ImportedRoute) -> String {
        let first = route.path.split(separator: "/").first { !$0.hasPrefix("{") && $0.range(of: #"^v[0-9]+$"#, options: .regularExpression) == nil }
        return RouteFileWriter.slug(first.map(String.init) ?? "root") + ".yaml"
    }

    private static func responses(_ response: [String: Any], status: Int, code: String, document: OpenAPIDocument,
                                  sampler: inout SchemaSampler) -> [ImportedRoute.Response] {
        var headers: [(String, String)] = []
        for (name, header) in (response["headers"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            // Only headers the document gives a value or a shape for; a placeholder would mislead.
            guard let resolved = document.resolve(header), resolved["example"] != nil || sampler.isDescriptive(resolved["schema"]) else { continue }
            if ["content-length", "transfer-encoding", "connection"].contains(name.lowercased()) { continue }
            let value = resolved["example"].map(SchemaSampler.json) ?? sampler.sample(resolved["schema"], name: name)
            if case .string(let text) = value { headers.append((name, text)) }
            else if let text = value.text { headers.append((name, text)) }
        }
        let content = response["content"] as? [String: Any] ?? [:]
        let type = content.keys.first { $0 == "application/json" } ?? content.keys.first { $0.hasSuffix("+json") } ?? content.keys.sorted().first
        let name = code == "default" ? "default" : nil
        guard let type, let media = content[type] as? [String: Any] else {
            return [ImportedRoute.Response(name: name, status: status, headers: headers)]
        }
        if type != "application/json" { headers.append(("Content-Type", type)) }
        let isJSON = type.contains("json")
        func body(_ value: JSONValue) -> ImportedRoute.Body {
            if !isJSON, case .string(let text) = value { return .text(text) }
            return .json(value)
        }
        if let examples = media["examples"] as? [String: Any], !examples.isEmpty {
            return examples.keys.sorted().map { key in
                let example = document.resolve(examples[key])
                let value = example?["value"].map(SchemaSampler.json) ?? .null
                return ImportedRoute.Response(name: key, status: status, headers: headers, body: body(value))
            }
        }
        let value = media["example"].map(SchemaSampler.json) ?? sampler.sample(media["schema"])
        return [ImportedRoute.Response(name: name, status: status, headers: headers, body: body(value))]
    }

    /// 2xx first (lowest first), then the rest by code, `default` last.
    private static func order(_ code: String) -> Int {
        guard let status = Int(code) else { return code == "default" ? 10_000 : 20_000 }
        return (200..<300).contains(status) ? status : 1_000 + status
    }

    /// Whether every `{…}` in the path is a whole segment.
    static func isPlainTemplate(_ path: String) -> Bool {
        path.split(separator: "/").allSatisfy { segment in
            !segment.contains("{") || (segment.hasPrefix("{") && segment.hasSuffix("}") && segment.filter { $0 == "{" }.count == 1)
        }
    }
}

