import ArgumentParser
import ContractKitCommand
import Foundation
import StubCompat
import StubOpenAPI

/// `stubbank compat OLD NEW`: would this change to the API document break an app in the field?
struct CompatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compat",
        abstract: "Compare two OpenAPI documents and list every change that can break an installed app.",
        discussion: """
            Walks both documents in step, operation by operation and schema by schema ($refs followed), from the app's side: \
            what it sends must not get stricter (a new required parameter or field, a narrowed type, a removed enum value), \
            and what it reads must not lose what it relies on (a removed operation, status or field, a field made optional or \
            nullable, a widened type). Each change is breaking, a warning, or safe, under a rule named as oasdiff names it, \
            with the operation, the JSON pointer in each document and why.

              stubbank compat git:origin/main:Contracts/openapi.yaml Contracts/openapi.yaml
              stubbank compat old.yaml new.yaml --format markdown --output compat.md
              stubbank compat old.yaml new.yaml --team --to postgres://ci@db/stubbank
                                                 which supported releases does it break?

            A document is a file, or git:REF:path for the file as committed at REF (a branch, tag or commit of the repository \
            you are in); files it refers to are read at the same REF.

            With --team, each breaking change and warning is weighed against what every supported release's recorded runs \
            used (team release record; runs push): the operations its contract cases called and the fields of each answer \
            they read. A release breaks when a breaking change touches an operation it calls or a field it reads; it may \
            break when it only receives the field, or only a warning touches it; it is unknown when no run of it recorded \
            what it used.

            Exit status: 0 when nothing at or above --fail-on was found, 1 when something was, 2 when a document cannot be \
            read. With --team: 1 when a supported release breaks or is unknown (with --fail-on warning, also when one may \
            break), so a change that breaks nothing in the field passes.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case breaking, warning, info, never
    }

    @Argument(help: ArgumentHelp("The document the apps in the field were built against: a file or git:REF:path.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The changed document: a file or git:REF:path.", valueName: "new"))
    var new: String

    @Option(help: "text (for people), json (every finding), or markdown (for a pull-request comment).")
    var format: Format = .text

    @Option(help: ArgumentHelp("Write the report here instead of to standard output.", valueName: "file"))
    var output: String?

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding of this class or a more serious one is found: breaking, warning, info, never.")
    var failOn: FailOn = .breaking

    @Flag(name: .customLong("exhaustive-enums"),
          help: "Class an enum value added to a response as breaking: the apps switch over every value with no default case.")
    var exhaustiveEnums = false

    @Flag(name: .customLong("show-safe"), help: "List safe changes too (text and markdown; json always has them).")
    var showSafe = false

    @Flag(help: "Weigh each change against the supported releases in the team store (--to or $STUBBANK_TEAM_URL): which do they break?")
    var team = false

    @Option(help: ArgumentHelp("With --team, only this client's releases (e.g. mybank-ios).", valueName: "name"))
    var client: String?

    @OptionGroup var store: TeamOptions

    mutating func run() async throws {
        let oldArgument = old, newArgument = new
        var report: CompatReport
        do {
            // Both documents are read at once: at 4 MB each, reading is most of the time.
            async let oldSource = Self.load(oldArgument)
            async let newSource = Self.load(newArgument)
            let started = Date()
            let (oldDocument, newDocument) = try await (oldSource, newSource)
            let read = Date()
            Self.progress("read both documents in \(Self.seconds(read.timeIntervalSince(started)))")
            defer { Self.progress("compared in \(Self.seconds(Date().timeIntervalSince(read)))") }
            report = APICompat.compare(oldDocument, newDocument, oldName: oldArgument, newName: newArgument,
                                       options: APICompat.Options(exhaustiveEnums: exhaustiveEnums))
            if team {
                report.releases = try await CompatTeam.impact(of: report, options: store, client: client)
            }
        } catch let error as OpenAPILoadError {
            FileHandle.standardError.write(Data("stubbank compat: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        let rendered: Data
        switch format {
        case .text: rendered = Data(report.text(showSafe: showSafe).utf8)
        case .markdown: rendered = Data(report.markdown(showSafe: showSafe).utf8)
        case .json: rendered = report.json()
        }
        if let output {
            try rendered.write(to: URL(fileURLWithPath: output))
            FileHandle.standardError.write(Data("stubbank compat: \(report.summary); report written to \(output)\n".utf8))
        } else {
            FileHandle.standardOutput.write(rendered)
        }
        let threshold: CompatFinding.Level? = switch failOn {
        case .breaking: .breaking
        case .warning: .warning
        case .info: .info
        case .never: nil
        }
        if team {
            // Weighed against the field: fail when a supported release breaks or is unknown.
            let mayBreak = report.releases?.contains { $0.verdict == .mayBreak } ?? false
            if threshold != nil, report.breaksTheField || (threshold ?? .breaking) < .breaking && mayBreak { throw ExitCode.failure }
        } else if let threshold, report.has(atLeast: threshold) {
            throw ExitCode.failure
        }
    }

    /// A progress line on standard error, so a report on standard output stays clean.
    static func progress(_ line: String) {
        FileHandle.standardError.write(Data("stubbank compat: \(line)\n".utf8))
    }

    static func seconds(_ interval: TimeInterval) -> String { String(format: "%.1f s", interval) }

    static func load(_ argument: String) async throws -> OpenAPISource {
        try await Task.detached { () throws -> OpenAPISource in try CompatDocument.load(argument) }.value
    }
}
