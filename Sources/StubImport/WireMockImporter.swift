public import Foundation
import StubFormats
import StubRuntime

/// `stubbank import wiremock DIR --out DIR`: converts WireMock stub mappings (`mappings/*.json`,
/// one mapping or `{"mappings": [...]}` per file) and their `__files` into route files.
///
/// Converted: `url`, `urlPath`, `urlPathPattern` (when its regex is a list of segments) and
/// `urlPathTemplate`; `equalTo`, `matches`, `contains` and `absent` for query and headers;
/// `equalToJson` and `matchesJsonPath` for the body; `status`, `headers`, `body`, `jsonBody`,
/// `base64Body` and `bodyFileName`; `fixedDelayMilliseconds`, `delayDistribution` and `fault`;
/// `priority`; a scenario over one request, as a sequence in the order WireMock answers it.
/// Everything else is listed with its file and the reason, and not written.
public struct WireMockImporter: Sendable {
    /// The WireMock root: `mappings/` and `__files/`, or a folder of mapping files.
    public let source: URL

    /// Whether every response is a template, as when WireMock runs with
    /// `--global-response-templating` (its Docker image's samples do); otherwise only mappings
    /// that ask for `response-template` are, and `{{` elsewhere is served as written.
    public let globalTemplating: Bool

    /// An importer of `source`.
    public init(source: URL, globalTemplating: Bool = false) {
        self.source = source
        self.globalTemplating = globalTemplating
    }

    /// One mapping with where it came from.
    struct Mapping {
        var json: [String: Any]
        var file: String
        var index: Int
        var origin: String { index < 0 ? file : "\(file) mappings[\(index)]" }
    }

    /// Writes the folder and checks that it loads.
    /// Writes the folder, checks that it loads, and replays each converted mapping's request
    /// against it (`WireMockReplay`), so the report says which answer as they did in WireMock.
    public func run(out: URL) throws(ImportError) -> ImportReport {
        let converted = try routes()
        var report = try RouteFileWriter(out: out).writeFolder(
            converted.byFile, header: "Imported from WireMock mappings in \(source.lastPathComponent) by stubbank import wiremock.",
            skipped: converted.skipped)
        report.notes = converted.notes
        // Left out of the folder, so not replayed: a mapping a later one replaced, or one the loader refused.
        let leftOut = Set(report.skipped.map(\.source))
        let kept = converted.replay.filter { group in !group.mappings.contains { leftOut.contains($0.origin) } }
        let outcome = try WireMockReplay(filesFolder: source.appendingPathComponent("__files"), globalTemplating: globalTemplating)
            .run(kept, out: out)
        report.replay = .init(replayed: outcome.matched + outcome.mismatched.count, matched: outcome.matched,
                              mismatched: outcome.mismatched, notReplayed: outcome.notReplayed)
        return report
    }

    /// Routes by output file name, and what was left out.
    func routes() throws(ImportError) -> (byFile: [String: [ImportedRoute]], skipped: [ImportReport.Note], notes: [ImportReport.Note],
                                          replay: [(route: String, mappings: [Mapping])]) {
        let mappingsFolder = source.appendingPathComponent("mappings")
        let folder = FileManager.default.fileExists(atPath: mappingsFolder.path) ? mappingsFolder : source
        let filesFolder = source.appendingPathComponent("__files")
        guard (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) != nil else {
            throw ImportError("cannot read \(folder.path): not a folder of WireMock mappings")
        }
        // WireMock reads mappings in subfolders too (`mappings/accounts/list.json`); without a
        // `mappings` folder, only the files the folder itself holds are read.
        let names: [String] = if folder == source {
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        } else {
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        }
        var skipped: [ImportReport.Note] = []
        var mappings: [Mapping] = []
        for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
            let relative = folder == source ? name : "mappings/\(name)"
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                skipped.append(.init(source: relative, reason: "cannot be read; skipped"))
                continue
            }
            guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                skipped.append(.init(source: relative, reason: Self.notAMappingObject(data)))
                continue
            }
            if let list = json["mappings"] as? [[String: Any]] {
                mappings += list.enumerated().map { Mapping(json: $1, file: relative, index: $0) }
            } else if json["request"] != nil {
                mappings.append(Mapping(json: json, file: relative, index: -1))
            } else {
                skipped.append(.init(source: relative, reason: "neither a mapping (no \"request\") nor {\"mappings\": [...]}"))
            }
        }
        var converter = WireMockMapping(filesFolder: filesFolder)
        converter.globalTemplating = globalTemplating
        var byFile: [String: [ImportedRoute]] = [:]
        var seen: [String: (origin: String, file: String, id: String)] = [:]
        var replay: [(route: String, mappings: [Mapping])] = []
        var ids = Set<String>()
        /// Recorders name mappings after their URL, so names repeat: a taken id becomes the file's
        /// name, then gains a number.
        func unique(_ route: ImportedRoute, _ mapping: Mapping) -> ImportedRoute {
            var route = route
            let stem = RouteFileWriter.slug(((mapping.file as NSString).lastPathComponent as NSString).deletingPathExtension)
                + (mapping.index < 0 ? "" : "-\(mapping.index + 1)")
            var candidates = [route.id, stem]
            candidates += (2...).lazy.map { "\(stem)-\($0)" }.prefix(1000)
            route.id = candidates.first { !ids.contains($0) } ?? route.id
            ids.insert(route.id)
            return route
        }
        /// Two mappings for exactly the same requests at the same priority: WireMock serves the
        /// one added last, and route files refuse the pair, so the one read earlier (files in name
        /// order, then the order of a file's list) is left out and listed.
        func add(_ route: ImportedRoute, _ mapping: Mapping, chain: [Mapping]) {
            let key = Self.sameRequests(route)
            if let earlier = seen[key] {
                let file = Self.outputName(earlier.file)
                byFile[file]?.removeAll { $0.id == earlier.id }
                if byFile[file]?.isEmpty == true { byFile[file] = nil }
                skipped.append(.init(source: earlier.origin,
                    reason: "matches exactly the same requests as \(mapping.origin), which WireMock serves, as the one added "
                        + "later; this one was left out"))
            }
            let named = unique(route, mapping)
            seen[key] = (mapping.origin, mapping.file, named.id)
            byFile[Self.outputName(mapping.file), default: []].append(named)
            replay.append((named.id, chain))
        }
        var scenarios: [String: [Mapping]] = [:]
        for mapping in mappings {
            if let scenario = mapping.json["scenarioName"] as? String {
                scenarios[scenario, default: []].append(mapping)
                continue
            }
            guard let route = converter.route(mapping, skipped: &skipped) else { continue }
            add(route, mapping, chain: [mapping])
        }
        for (name, group) in scenarios.sorted(by: { $0.key < $1.key }) {
            guard let (route, chain) = converter.sequence(name, group, skipped: &skipped) else { continue }
            add(route, group[0], chain: chain)
        }
        return (byFile, skipped, converter.notes, replay)
    }

    /// Why a file in `mappings/` is not a mapping object: where its JSON breaks (line and
    /// column), or what it holds instead.
    static func notAMappingObject(_ data: Data) -> String {
        do {
            let kind = switch try JSONValue.parse(data) {
            case .array: "a JSON list"
            case .object: "JSON that Foundation's reader refuses"
            default: "a single JSON value"
            }
            return "\(kind), not a mapping object ({\"request\": …} or {\"mappings\": [...]}); skipped"
        } catch {
            return "not JSON: \(error); skipped"
        }
    }

    /// What a route matches, as text: two routes with the same text match the same requests.
    private static func sameRequests(_ route: ImportedRoute) -> String {
        "\(route.method) \(route.path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)) "
            + "\(route.priority ?? 0) \(route.params.map { "\($0.0)\($0.1)" }) \(route.query.map { "\($0.0)\($0.1)" }) "
            + "\(route.headers.map { "\($0.0.lowercased())\($0.1)" }) \(route.body.map { "\($0.0)\($0.1)" }) "
            + "\(route.pattern.map { "\($0.regex)\($0.withQuery)" } ?? "") \(route.bodyText.map { "\($0)" } ?? "")"
    }

    /// `mappings/accounts/list.json` → `accounts-list.yaml`; a file of the folder itself keeps its name.
    private static func outputName(_ file: String) -> String {
        let inside = file.hasPrefix("mappings/") ? String(file.dropFirst("mappings/".count)) : file
        return RouteFileWriter.slug((inside as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: "-")) + ".yaml"
    }
}
