public import Foundation
public import StubImport

/// `stubbank import har`: turns captures into a route-file folder through the same pipeline as
/// `record` (`RecordedRouteSet`): identifier segments become `{param}`s, identical exchanges are
/// stored once, repeats become sequences when asked, and redaction is on unless `redactor` is nil.
///
/// Files are read in the order given and their entries in file order, which is the order the
/// exchanges happened in every tool's export. An absolute `Location` to an imported host becomes
/// a path, so a client following the redirect stays on the stub.
public struct HARImport: Sendable {
    /// The HAR files.
    public var files: [URL]
    /// Only entries for these hosts (`api.bank.example`, or with a port); empty imports every host.
    public var hosts: [String]
    /// Keep every different answer to a repeated request, in order.
    public var sequences: Bool
    /// Redaction; nil writes what the capture holds.
    public var redactor: Redactor?

    /// An import of `files`.
    public init(files: [URL], hosts: [String] = [], sequences: Bool = false, redactor: Redactor?) {
        self.files = files
        self.hosts = hosts.map { $0.lowercased() }
        self.sequences = sequences
        self.redactor = redactor
    }

    /// Reads every file, writes `out` and reports what was written and what was left out.
    /// Throws for a file that cannot be read or is not a HAR file, naming the file and the
    /// entry, before anything is written.
    public func run(out: URL) throws(ImportError) -> ImportReport {
        var notes: [ImportReport.Note] = []
        var entries: [HARCapture.Entry] = []
        var otherSchemes: [String: Int] = [:]
        for file in files {
            let capture = try HARCapture.read(file)
            entries += capture.entries
            notes += capture.skipped
            otherSchemes.merge(capture.otherSchemes, uniquingKeysWith: +)
        }
        if !otherSchemes.isEmpty {
            let schemes = Dictionary(uniqueKeysWithValues: otherSchemes.map { ($0.key + ":", $0.value) })
            let counted = Self.counted(schemes, unit: "entry", plural: "entries")
            notes.append(.init(source: "captures", reason: "skipped entries whose URL is not http or https: \(counted)"))
        }
        let byHost = Dictionary(grouping: entries, by: \.host).mapValues(\.count)
        let kept: [HARCapture.Entry]
        if hosts.isEmpty {
            kept = entries
            if byHost.count > 1 {
                let counted = Self.counted(byHost, unit: "entry", plural: "entries")
                notes.append(.init(source: "captures", reason: "imported every host: \(counted); choose with --host"))
            }
        } else {
            kept = entries.filter { hosts.contains($0.host) || hosts.contains(Self.withoutPort($0.host)) }
            let others = byHost.filter { !hosts.contains($0.key) && !hosts.contains(Self.withoutPort($0.key)) }
            if !others.isEmpty {
                notes.append(.init(source: "captures", reason: "skipped other hosts: \(Self.counted(others, unit: "entry", plural: "entries"))"))
            }
        }
        guard !kept.isEmpty else {
            let seen = byHost.isEmpty ? "no HTTP exchanges with an answer" : "hosts \(byHost.keys.sorted().joined(separator: ", "))"
            throw ImportError("nothing to import: the captures hold \(seen)\(hosts.isEmpty ? "" : ", none of them \(hosts.joined(separator: ", "))")")
        }
        let imported = Set(kept.map(\.host))
        let exchanges = kept.map { Self.localRedirect($0.exchange, hosts: imported) }
        let output = RecordedRouteSet(redactor: redactor ?? Redactor.off, sequences: sequences).build(exchanges)
        let names = files.map(\.lastPathComponent).joined(separator: ", ")
        let redaction = redactor == nil ? "NOT redacted: do not commit" : "redacted"
        return try RouteFileWriter(out: out).writeFolder(
            output.groups,
            header: "Imported from \(names) by stubbank import har; \(redaction). Serve with: stubbank serve --stubs \(out.lastPathComponent)",
            skipped: notes + output.notes)
    }

    /// A redirect to one of the imported hosts (the same host and port) keeps only its path and
    /// query; a redirect elsewhere, or to another port of the same host, stays absolute.
    static func localRedirect(_ exchange: RecordedExchange, hosts: Set<String>) -> RecordedExchange {
        guard (300...399).contains(exchange.status),
              let index = exchange.responseHeaders.firstIndex(where: { $0.0.lowercased() == "location" }),
              let target = URLComponents(string: exchange.responseHeaders[index].1), let host = target.host,
              hosts.contains(authority(host: host, port: target.port, scheme: target.scheme ?? "https")) else { return exchange }
        var local = exchange
        let path = target.percentEncodedPath.isEmpty ? "/" : target.percentEncodedPath
        local.responseHeaders[index].1 = path + (target.percentEncodedQuery.map { "?" + $0 } ?? "")
        return local
    }

    /// `host` or `host:port`, lowercased, without the scheme's default port (80 for http, 443 for
    /// https), so `https://api.bank.example:443/` and `https://api.bank.example/` are one host.
    static func authority(host: String, port: Int?, scheme: String) -> String {
        let defaultPort = scheme.lowercased() == "http" ? 80 : 443
        guard let port, port != defaultPort else { return host.lowercased() }
        return host.lowercased() + ":\(port)"
    }

    private static func withoutPort(_ host: String) -> String {
        String(host.prefix { $0 != ":" })
    }

    /// `api.bank.example (12 entries), cdn.example (3 entries)`, most first.
    private static func counted(_ counts: [String: Int], unit: String, plural: String) -> String {
        counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\($0.key) (\($0.value) \($0.value == 1 ? unit : plural))" }.joined(separator: ", ")
    }
}
