public import Foundation

/// `stubbank redact --check DIR`: every place in a folder's text files that looks like personal
/// data or a secret, as `file:line: kind`, for CI and pre-commit hooks. A folder's own
/// `stubbank-redact.yaml` may `allow:` values that are known fixtures.
public struct RedactionCheck: Sendable {
    /// One suspicious value.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// Relative to the folder checked.
        public var file: String
        /// 1-based.
        public var line: Int
        /// What kind of personal data it looks like.
        public var kind: PIIKind
        /// The value, masked but for its first and last two characters.
        public var masked: String

        public var description: String { "\(file):\(line): \(kind.rawValue): \(masked)" }
    }

    /// Files larger than this are skipped (recordings keep bodies well under it).
    static let largestFile = 8 * 1024 * 1024
    static let textExtensions: Set<String> = ["json", "yaml", "yml", "txt", "md", "html", "xml", "csv", "har", "swift", "http"]

    let rules: RedactionRules

    /// A check that finds what `rules` would have redacted.
    public init(rules: RedactionRules) {
        self.rules = rules
    }

    /// Checks every text file under `folder`, skipping hidden folders and `.build`.
    public func check(folder: URL) throws -> [Finding] {
        let scanner = PIIScanner(allowed: rules.allow)
        let base = folder.standardizedFileURL.resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var findings: [Finding] = []
        for case let file as URL in walker {
            let values = try file.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values.isRegularFile == true, (values.fileSize ?? 0) <= Self.largestFile,
                  Self.textExtensions.contains(file.pathExtension.lowercased()),
                  file.lastPathComponent != RedactionRules.fileName,
                  let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let relative = String(file.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(base.path.count + 1))
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for found in scanner.scan(String(line)) {
                    findings.append(Finding(file: relative, line: index + 1, kind: found.kind, masked: Self.mask(found.value)))
                }
                findings += Self.keyedSecrets(in: String(line), file: relative, line: index + 1, scanner: scanner)
            }
        }
        return findings.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// `"Authorization": "…"` or `access_token: …` with a value that is not a fake.
    nonisolated(unsafe) private static let keyed =
        /(?i)["']?(authorization|cookie|set-cookie|access_token|refresh_token|id_token|client_secret|password)["']?\s*[:=]\s*["']?([^"',\s}]{8,})/

    private static func keyedSecrets(in line: String, file: String, line number: Int, scanner: PIIScanner) -> [Finding] {
        line.matches(of: keyed).compactMap { match in
            let value = String(match.output.2)
            // Templates and placeholders are not secrets.
            guard !scanner.isSynthetic(.token, value), !value.contains("{{"), value.lowercased() != "bearer",
                  !value.hasPrefix("$") else { return nil }
            return Finding(file: file, line: number, kind: .token, masked: mask(value))
        }
    }

    static func mask(_ value: String) -> String {
        guard value.count > 6 else { return String(repeating: "•", count: value.count) }
        return String(value.prefix(2)) + String(repeating: "•", count: value.count - 4) + String(value.suffix(2))
    }
}
