import ArgumentParser
import Foundation
import StubImport
import StubRecord

/// `stubbank import openapi|wiremock|har`: write route files from another description of an API.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write route files from an OpenAPI document, WireMock mappings or HAR captures.",
        discussion: """
            The output folder serves as it is, with the built-in bank off:
              stubbank import openapi api.yaml --out MyStubs
              stubbank serve --stubs MyStubs
            Anything that cannot be converted is listed with its source and reason.
            """,
        subcommands: [OpenAPI.self, WireMock.self, HAR.self]
    )

    struct OutputOptions: ParsableArguments {
        @Option(help: ArgumentHelp("Folder to write: routes/ and stubbank.yaml. Must not hold routes/ yet.", valueName: "dir"))
        var out: String

        var outURL: URL { URL(fileURLWithPath: out).standardizedFileURL }
    }

    struct OpenAPI: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "openapi",
            abstract: "One route per operation, one response per documented status.",
            discussion: """
                Bodies come from the document's examples when they fit their schema, or are made from \
                the schema with --seed so that they fit it ($ref, allOf, oneOf, anyOf, formats, patterns, \
                bounds); required response headers are always sent. Routes answer with and without the \
                servers path (--base-path). The first 2xx answers by default; pick another per request, \
                as with Prism:
                  curl -H 'Prefer: code=404' ...      curl -H 'Prefer: example=NAME' ...
                """
        )

        @Argument(help: ArgumentHelp("The OpenAPI 3 document, YAML or JSON.", valueName: "spec"))
        var spec: String

        @OptionGroup var output: OutputOptions

        @Option(help: "Seed for bodies sampled from schemas; the same seed writes the same bodies.")
        var seed: UInt64 = 0

        @Option(name: .customLong("base-path"), help: ArgumentHelp(
            "The prefix routes also answer under, recorded in stubbank.yaml. Default: the path of the document's first servers entry; \"\" for none.",
            valueName: "path"))
        var basePath: String?

        @Flag(name: .customLong("validate-requests"), help: ArgumentHelp(
            "Refuse requests that break the document (400, or 422 where it says so) with the error envelope naming the field.",
            discussion: "Written to stubbank.yaml as validate: requests; set it to off there to stop. The document is copied into DIR either way."))
        var validateRequests = false

        func run() async throws {
            var importer = OpenAPIImporter(spec: URL(fileURLWithPath: spec), seed: seed, basePath: basePath, validateRequests: validateRequests)
            importer.progress = { FileHandle.standardError.write(Data("stubbank import: \($0)\n".utf8)) }
            try ImportCommand.finish { () throws(ImportError) in try importer.run(out: output.outURL) }
        }
    }

    struct WireMock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wiremock",
            abstract: "Convert WireMock stub mappings and __files.",
            discussion: """
                DIR holds mappings/*.json and __files/ (or the mapping files themselves), one mapping or \
                {"mappings": [...]} per file, as people and WireMock's recorder write them. Regex URLs, \
                equalToJson with its options and json-unit placeholders, and header and body matchers \
                convert; recorder metadata (id, uuid, insertionIndex, persistent) is ignored. A scenario \
                over one request becomes a sequence that answers in the order WireMock would.

                After writing, each converted mapping's request is sent through the written folder and \
                its answer compared with the mapping's:
                  Replayed: 186 of 186 converted mappings answer as the mapping says
                """
        )

        @Argument(help: ArgumentHelp("The WireMock root folder.", valueName: "dir"))
        var source: String

        @OptionGroup var output: OutputOptions

        @Flag(name: .customLong("global-templating"), help: ArgumentHelp(
            "Treat every response as a template, as WireMock does with --global-response-templating.",
            discussion: "Without it only mappings with \"transformers\": [\"response-template\"] are templates, "
                + "and {{ elsewhere is served as written."))
        var globalTemplating = false

        func run() async throws {
            let importer = WireMockImporter(source: URL(fileURLWithPath: source), globalTemplating: globalTemplating)
            try ImportCommand.finish { () throws(ImportError) in try importer.run(out: output.outURL) }
        }
    }

    struct HAR: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "har",
            abstract: "Convert HAR captures (Proxyman, Charles, browsers' inspectors, Instruments) into redacted route files.",
            discussion: """
                Export the app's session as HAR from Proxyman, Charles, Safari's Web Inspector, Chrome, Edge, \
                Firefox, Insomnia or Xcode Instruments, then:
                  stubbank import har session.har --host api.bank.example --out MyStubs
                  stubbank serve --stubs MyStubs

                The exchanges go through the same steps as `stubbank record`: identifier segments become \
                {param}s, identical exchanges are stored once, and with --sequences a request answered \
                differently on repeat becomes a sequence. Redaction is on (tokens, IBANs, card numbers, \
                e-mails, names, addresses); add rules with --rules.

                Entries with no answer (aborted, timed out), WebSocket upgrades and non-HTTP URLs are skipped \
                and listed. A file that is not a HAR, or an entry with no request or URL, is refused with the \
                file and the entry's index, and nothing is written.
                """
        )

        @Argument(help: ArgumentHelp("One or more .har files, read in order.", valueName: "file"))
        var files: [String]

        @OptionGroup var output: OutputOptions

        @Option(name: .customLong("host"), help: ArgumentHelp(
            "Import only this host's exchanges (api.bank.example, or with :port); repeat for more. Default: every host.",
            valueName: "host"))
        var hosts: [String] = []

        @Flag(help: "Keep every different answer to a repeated request, in order, as a sequence.")
        var sequences = false

        @OptionGroup var redaction: RedactionOptions

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("Name at least one .har file.") }
        }

        func run() async throws {
            let importer = HARImport(files: files.map { URL(fileURLWithPath: $0) }, hosts: hosts, sequences: sequences,
                                     redactor: try redaction.redactor(command: "import har", out: output.out))
            try ImportCommand.finish { () throws(ImportError) in try importer.run(out: output.outURL) }
        }
    }

    static func finish(_ body: () throws(ImportError) -> ImportReport) throws {
        let report: ImportReport
        do {
            report = try body()
        } catch {
            FileHandle.standardError.write(Data("stubbank import: \(error)\n".utf8))
            throw ExitCode.failure
        }
        for file in report.written { print("wrote \(file)") }
        print("\(report.routes) route\(report.routes == 1 ? "" : "s") written, each compiled by the stub's route-file loader first.")
        if let basePath = report.basePath { print("Routes answer with and without \(basePath) (basePath in stubbank.yaml).") }
        if let replay = report.replay {
            print("Replayed: \(replay.matched) of \(replay.replayed) converted mappings answer as the mapping says "
                  + "(status, headers, body), each sent through the written folder.")
            for note in replay.mismatched { print("  - differs: \(note)") }
            for note in replay.notReplayed { print("  - not replayed: \(note)") }
        }
        if !report.notes.isEmpty {
            print("Converted, with something the stub does not do (\(report.notes.count)):")
            for note in report.notes { print("  - \(note)") }
        }
        if !report.skipped.isEmpty {
            print("Not converted (\(report.skipped.count)):")
            for note in report.skipped { print("  - \(note)") }
        }
    }
}
