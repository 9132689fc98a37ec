public import Foundation
import Yams
import StubFormats

/// Recorded screens: `contracts run --record-screens` writes the screen a case saw to
/// `<cases>/screens/<case-id>.yaml`, and a case that states `screen: recorded` is compared with it.
///
/// The file is in the case's own `screen:` form, one row per line, so a review reads it and a
/// team may trim it by hand (a field left out is not compared, `...` allows more rows). A zone's
/// `/` in a case id becomes `-` in the file name.
public struct ScreenRecorder: Sendable {
    /// The folder of recorded screens, `<cases>/screens`.
    public let directory: URL
    /// True when the run writes what it sees instead of comparing.
    public let recording: Bool

    /// Recorded screens in `directory`; `recording` writes them instead of comparing.
    public init(directory: URL, recording: Bool = false) {
        self.directory = directory
        self.recording = recording
    }

    /// The recorder for a cases folder: its `screens` subfolder.
    public init(casesDirectory: URL, recording: Bool = false) {
        self.init(directory: casesDirectory.appendingPathComponent("screens"), recording: recording)
    }

    /// `<id>.yaml`, with a zone's `/` as `-`.
    static func fileName(for caseId: String) -> String {
        caseId.replacingOccurrences(of: "/", with: "-") + ".yaml"
    }

    func file(for caseId: String) -> URL { directory.appendingPathComponent(Self.fileName(for: caseId)) }

    /// Writes the screen `caseId` saw, replacing what was recorded; the file is written whole or not at all.
    func record(_ screen: ScreenReport, caseId: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = "# The screen case \(caseId) saw, written by `contracts run --record-screens`. Review it like code.\n"
            + Self.yaml(screen)
        try Data(text.utf8).write(to: file(for: caseId), options: .atomic)
    }

    /// Why the screen differs from the recording, with a diff; nil when it matches.
    func mismatch(caseId: String, screen: ScreenReport?) -> String? {
        let url = file(for: caseId)
        let shown = "screens/\(Self.fileName(for: caseId))"
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            return "no recorded screen at \(shown); record it with contracts run --record-screens --filter \(caseId), then review the file"
        }
        let pattern: ScreenPattern
        do { pattern = try Self.pattern(text, file: shown) } catch { return "\(error)" }
        guard let message = ScreenCheck.screen(pattern, screen) else { return nil }
        guard let screen else { return message }
        let recorded = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        let seen = Self.yaml(screen).split(separator: "\n").map(String.init)
        return "\(message) (recorded in \(shown)); - recorded, + seen:\n" + LineDiff.unified(recorded, seen)
    }

    /// Reads a recorded screen, naming the file and line of a problem.
    static func pattern(_ text: String, file: String) throws -> ScreenPattern {
        let value: ReportValue
        do { value = try YAMLDecoder().decode(ReportValue.self, from: text) } catch {
            throw CaseLoadProblem(file: file, line: nil, reason: "not a screen: \(error)")
        }
        do { return try ScreenPattern(value) } catch {
            let node = try? Yams.compose(yaml: text)
            throw CaseLoadProblem(file: file, line: node.flatMap { ScreenPattern.line(of: error.path, in: $0) }, reason: error.reason)
        }
    }

    /// The screen in the case's `screen:` form.
    static func yaml(_ screen: ScreenReport) -> String {
        var lines: [String] = []
        if let alert = screen.alert {
            lines.append("alert: \(row(alert))")
            lines.append("sections:")
        }
        for section in screen.sections {
            let rows = section.rows.isEmpty ? "rows: []" : "rows:"
            if let title = section.title {
                lines.append("- section: \(quote(title))")
                lines.append("  " + rows)
            } else {
                lines.append("- " + rows)
            }
            for item in section.rows { lines.append("  - \(row(item))") }
        }
        if screen.sections.isEmpty { lines.append(screen.alert == nil ? "[]" : "  []") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func row(_ row: ScreenRow) -> String {
        var fields = ["title: \(quote(row.title))"]
        if let value = row.value { fields.append("value: \(quote(value))") }
        if let accessibility = row.accessibility { fields.append("accessibility: \(quote(accessibility))") }
        if !row.flags.isEmpty { fields.append("flags: [\(row.flags.map(quote).joined(separator: ", "))]") }
        if !row.attributes.isEmpty {
            let attributes = row.attributes.sorted { $0.key < $1.key }.map { "\(quote($0.key)): \(quote($0.value))" }
            fields.append("attributes: { " + attributes.joined(separator: ", ") + " }")
        }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// A YAML double-quoted scalar, which reads back as exactly `text`: a JSON string is one.
    static func quote(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}

extension ScreenPattern {
    /// The line of the value at `path` in a YAML document, or of the deepest part of it found.
    static func line(of path: [PathItem], in node: Node) -> Int? {
        var current = node
        var line = node.mark?.line
        for item in path {
            switch item {
            case .index(let index):
                guard let items = current.sequence, index < items.count else { return line }
                current = items[index]
                line = current.mark?.line ?? line
            case .key(let key):
                guard let entry = current.mapping?.first(where: { $0.key.string == key }) else { return line }
                line = entry.key.mark?.line ?? line
                current = entry.value
            }
        }
        return line
    }
}
