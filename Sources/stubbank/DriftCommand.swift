import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging
import StubRecord

/// `stubbank drift --upstream URL`: does the stub still answer in the upstream's shape?
struct DriftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Compare the stub's GET answers with a real backend's and report schema drift.",
        discussion: """
            Runs the stub in this process (built-in bank or route files), asks it and the upstream for every GET route, and compares the \
            shapes of the JSON answers: a field added or removed, a type changed, a new enum value, a field that became null, a different \
            status. Each is breaking (a client written against the stub may fail) or additive. Exits 1 on breaking drift.

              stubbank drift --upstream https://staging.bank.example/api \\
                --header "Authorization: Bearer $STAGING_TOKEN" --markdown drift.md

            Credentials go to the upstream only: --header, repeatable like curl's -H, or --header-env NAME with the whole header line in \
            an environment variable (for CI secrets). The built-in bank answers as --persona. A route whose parameter the stub's own lists \
            cannot fill, such as /v1/transfers/{transferId}, is skipped and listed.
            """
    )

    @Option(help: "The real backend's base URL.")
    var upstream: String

    @Option(help: ArgumentHelp("The stubs folder whose routes are compared.", valueName: "dir"))
    var stubs: String = "Stubs"

    @Option(name: [.customShort("H"), .long], help: ArgumentHelp("A header for the upstream, 'Name: value'; repeatable.", valueName: "header"))
    var header: [String] = []

    @Option(name: .customLong("header-env"), help: ArgumentHelp("An environment variable holding a header line for the upstream; repeatable.",
        valueName: "name"))
    var headerEnv: [String] = []

    @Option(help: "The built-in bank's persona the stub side answers as.")
    var persona: String = "alex"

    @Option(help: ArgumentHelp("Write the report as JSON here.", valueName: "file")) var json: String?
    @Option(help: ArgumentHelp("Write the report as Markdown here.", valueName: "file")) var markdown: String?

    func validate() throws {
        guard let url = URL(string: upstream), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--upstream must be an http or https URL.")
        }
        for line in header where Self.split(line) == nil {
            throw ValidationError("--header \"\(line)\" is not 'Name: value'.")
        }
        for name in headerEnv {
            guard let line = ProcessInfo.processInfo.environment[name] else {
                throw ValidationError("--header-env \(name): the variable is not set.")
            }
            guard Self.split(line) != nil else { throw ValidationError("--header-env \(name) does not hold 'Name: value'.") }
        }
    }

    static func split(_ line: String) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        return (name, value)
    }

    func run() async throws {
        let lines = header + headerEnv.compactMap { ProcessInfo.processInfo.environment[$0] }
        let check = DriftCheck(upstream: URL(string: upstream)!, stubs: URL(fileURLWithPath: stubs).standardizedFileURL,
                               headers: lines.compactMap(Self.split), persona: persona)
        var logger = Logger(label: "stubbank-drift")
        logger.logLevel = .error
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let report: DriftReport
        do {
            report = try await check.run(client: client, logger: logger) { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        } catch {
            try? await client.shutdown()
            FileHandle.standardError.write(Data("stubbank drift: \(error)\n".utf8))
            throw ExitCode.failure
        }
        try await client.shutdown()
        print(report.console())
        if let json { try report.json().write(to: URL(fileURLWithPath: json)) }
        if let markdown { try Data(report.markdown().utf8).write(to: URL(fileURLWithPath: markdown)) }
        if report.isBreaking { throw ExitCode.failure }
    }
}
