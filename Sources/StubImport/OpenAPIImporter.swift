public import Foundation
import StubRuntime
import StubFormats
import StubEngine
import StubOpenAPI

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
    /// The prefix routes also answer under: nil takes the path of the document's first
    /// `servers` entry (`/open-banking/v4.0/aisp`), "" takes none.
    public let basePath: String?

    /// Whether the folder refuses requests that break the document (`validate: requests`).
    public let validateRequests: Bool

    /// Told each stage as it ends, with how long it took (the command prints it to standard
    /// error: a large document takes seconds).
    public var progress: (@Sendable (String) -> Void)?

    /// The clock stages are timed by (a test gives its own).
    package var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// An importer of `spec`.
    public init(spec: URL, seed: UInt64 = 0, basePath: String? = nil, validateRequests: Bool = false) {
        self.spec = spec
        self.seed = seed
        self.basePath = basePath
        self.validateRequests = validateRequests
    }

    /// Reads `url` through the one OpenAPI loader.
    static func load(_ url: URL) throws(ImportError) -> OpenAPISource {
        do {
            return try OpenAPISource.load(url)
        } catch {
            throw ImportError(error.description)
        }
    }

    /// Reads the document and returns the routes it describes, with notes on what was left out.
    func routes(_ document: OpenAPISource) -> (routes: [ImportedRoute], skipped: [ImportReport.Note]) {
        var sampler = SchemaSampler(document: document, seed: seed)
        var routes: [ImportedRoute] = []
        var skipped: [ImportReport.Note] = []
        var usedIds: Set<String> = []
        for operation in document.operations {
            let path = operation.path, method = operation.method
            guard method != "trace" else { continue }
            let where_ = "paths.\(path).\(method)"
            guard Self.isPlainTemplate(path) else {
                skipped.append(.init(source: where_,
                    reason: "path \(path) has text around a {parameter} in one segment; route files take whole-segment parameters"))
                continue
            }
            var id = operation.operationID ?? "\(method)\(path)".replacingOccurrences(of: "/", with: ".")
            while usedIds.contains(id) { id += "_" }
            usedIds.insert(id)
            var route = ImportedRoute(id: id, method: method.uppercased(), path: path, origin: "\(document.name) \(where_)")
            let ordered = operation.responseCodes.sorted { Self.order($0) < Self.order($1) }
            for code in ordered {
                guard let status = code == "default" ? 500 : Int(code), (200...599).contains(status) else {
                    skipped.append(.init(source: "\(where_).responses.\(code)",
                        reason: "status \(code) is not a single final status; not imported"))
                    continue
                }
                guard let response = operation.response(code) else {
                    skipped.append(.init(source: "\(where_).responses.\(code)",
                        reason: "unresolvable $ref \(operation.responseReference(code) ?? "")"))
                    continue
                }
                route.responses += Self.responses(response, status: status, code: code, document: document, sampler: &sampler,
                                                  at: "\(where_).responses.\(code)", notes: &skipped)
            }
            if route.responses.isEmpty {
                skipped.append(.init(source: where_, reason: "no importable response; the route was not written"))
                continue
            }
            routes.append(route)
        }
        return (routes, skipped)
    }

    /// Writes the folder and checks that it loads.
    public func run(out: URL) throws(ImportError) -> ImportReport {
        var started = now()
        func stage(_ text: String) {
            let ended = now()
            progress?("\(text) in \(String(format: "%.1f", (ended - started).inMilliseconds / 1000)) s")
            started = ended
        }
        let document = try Self.load(spec)
        let size = (try? FileManager.default.attributesOfItem(atPath: spec.path)[.size] as? Int).flatMap { $0 } ?? 0
        stage("read \(document.name) (\(String(format: "%.1f", Double(size) / 1_000_000)) MB)")
        var (routes, skipped) = routes(document)
        skipped += document.problems.map { ImportReport.Note(source: document.name, reason: $0) }
        stage("made \(routes.reduce(0) { $0 + $1.responses.count }) responses for \(routes.count) operations")
        let byFile = Dictionary(grouping: routes, by: Self.fileName(for:))
        let prefix = try chosenBasePath(document)
        // The document goes into the folder, so `validate: requests` can be turned on there later.
        let copy = "openapi." + (["json", "yml"].contains(spec.pathExtension.lowercased()) ? spec.pathExtension.lowercased() : "yaml")
        var report = try RouteFileWriter(out: out, basePath: prefix, document: (copy, spec), validateRequests: validateRequests).writeFolder(
            byFile, header: "Imported from \(spec.lastPathComponent) by stubbank import openapi (seed \(seed)).", skipped: skipped)
        report.basePath = prefix
        stage("compiled every route with the route-file loader, then wrote \(report.written.count) files")
        return report
    }

    /// `basePath` as given, or the first server's path; nil when there is none.
    func chosenBasePath(_ document: OpenAPISource) throws(ImportError) -> String? {
        if let basePath {
            if basePath.isEmpty || basePath == "/" { return nil }
            if let problem = BasePath.problem(basePath) { throw ImportError("--base-path \(basePath) \(problem)") }
            return basePath
        }
        let path = document.serverBasePath
        return path.isEmpty || BasePath.problem(path) != nil ? nil : path
    }

    private static func fileName(for route: ImportedRoute) -> String {
        let first = route.path.split(separator: "/").first { !$0.hasPrefix("{") && $0.range(of: #"^v[0-9]+$"#, options: .regularExpression) == nil }
        return RouteFileWriter.slug(first.map(String.init) ?? "root") + ".yaml"
    }

    /// The responses for one documented status: one per named example that fits the schema,
    /// or one with the `example`, or one sampled from the schema. Required headers are always
    /// written; optional ones when the document gives a value or a shape for them. An example
    /// that does not fit its schema is noted and not served.
    private static func responses(_ response: OpenAPIResponse, status: Int, code: String, document: OpenAPISource,
                                  sampler: inout SchemaSampler, at place: String, notes: inout [ImportReport.Note]) -> [ImportedRoute.Response] {
        defer { notes += sampler.takeNotes().map { ImportReport.Note(source: place, reason: $0) } }
        /// The example when it fits the schema, else a sampled value (and a note).
        func fitting(_ example: Any?, _ schema: OpenAPISchema?, what: String) -> JSONValue {
            if let example {
                let value = SchemaSampler.json(example)
                let problems = sampler.problems(value, schema)
                if problems.isEmpty { return value }
                notes.append(.init(source: place, reason: "\(what)'s example does not fit its schema (\(problems[0])); "
                                   + "not served, a value was made from the schema"))
            }
            let value = sampler.sample(schema, name: what)
            if let problem = sampler.problems(value, schema).first {
                notes.append(.init(source: place, reason: "no value that fits \(what)'s schema could be made (\(problem))"))
            }
            return value
        }
        var headers: [(String, String)] = []
        for header in response.headers(in: document) {
            let name = header.name
            // The stub frames each answer itself (a route file may not set these); the type comes from the body.
            if RouteFileLoader.forbiddenHeaders.contains(name.lowercased()) || name.lowercased() == "content-type" { continue }
            // Optional headers only when the document gives a value or a shape; a placeholder would mislead.
            guard header.required || header.example != nil || sampler.isDescriptive(header.schema) else { continue }
            let value = fitting(header.example, header.schema ?? OpenAPISchema(["type": "string"]), what: "header \(name)")
            headers.append((name, value.text ?? "\(value)"))
        }
        var content = response.content
        if BodylessResponse.neverCarriesBody(status: status), let documented = content.first?.type {
            // HTTP gives a 204 or 304 no body (RFC 9110), so neither does the stub; the route stays,
            // with the documented type in its headers.
            notes.append(.init(source: place, reason: "status \(status) never carries a body; the documented "
                               + "\(documented) body is left out, and the status served without one"))
            headers.append(("Content-Type", documented))
            content = []
        }
        let name = code == "default" ? "default" : nil
        guard let media = content.first(where: { $0.type == "application/json" }) ?? content.first(where: { $0.type.hasSuffix("+json") })
                ?? content.first else {
            return [ImportedRoute.Response(name: name, status: status, headers: headers)]
        }
        let type = media.type
        if type != "application/json" { headers.append(("Content-Type", type)) }
        let isJSON = type.contains("json")
        func body(_ value: JSONValue) -> ImportedRoute.Body {
            if !isJSON, case .string(let text) = value { return .text(text) }
            return .json(value)
        }
        let schema = media.schema
        let examples = media.examples
        if !examples.isEmpty {
            let fitting: [ImportedRoute.Response] = examples.keys.sorted().compactMap { key in
                guard let example = document.resolve(examples[key])?.object, let raw = example["value"] else {
                    notes.append(.init(source: place, reason: "example \(key) has no value (externalValue is not read); not served"))
                    return nil
                }
                let value = SchemaSampler.json(raw)
                if let problem = sampler.problems(value, schema).first {
                    notes.append(.init(source: place, reason: "example \(key) does not fit its schema (\(problem)); not served"))
                    return nil
                }
                return ImportedRoute.Response(name: key, status: status, headers: headers, body: body(value))
            }
            if !fitting.isEmpty { return fitting }
        }
        return [ImportedRoute.Response(name: name, status: status, headers: headers, body: body(fitting(media.example, schema, what: "the body")))]
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

