import ArgumentParser
import Foundation
import Logging
import StubRecord

/// `stubbank record --upstream URL --out DIR`: a recording proxy that writes redacted route files.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a real backend through a proxy into redacted route files.",
        discussion: """
            Point the app, curl or the contract suite at the proxy; each request goes to the upstream, its answer comes back unchanged, \
            and the exchange is written to DIR as route files, ready for `stubbank serve --stubs DIR`:
              stubbank record --upstream https://staging.bank.example/api --out MyStubs
              curl -s localhost:8081/v1/accounts -H 'Authorization: Bearer …'
              (Ctrl-C when done; DIR is complete and valid at every moment)

            Identifier segments (UUIDs, numbers, acc_123) become {param}s; where values got different answers each keeps its own route. \
            Identical exchanges are stored once; with --sequences a request answered differently on repeat becomes a sequence.

            Redaction is on: Authorization, cookies, token fields, IBANs, card numbers, e-mails, phone numbers, names and addresses are \
            replaced by consistent, valid-looking fakes (the same value gets the same fake everywhere, and again with the same --salt). \
            Add rules with --rules FILE (JSON paths, headers, regexes; see `stubbank redact --help`).
            """
    )

    @Option(help: "The real backend's base URL (http or https); its path is kept as a prefix.")
    var upstream: String

    @Option(help: ArgumentHelp("Folder to write (must not hold route files yet).", valueName: "dir"))
    var out: String

    @Option(help: "Port for the proxy; 0 picks a free one.")
    var port: Int = 8081

    @Option(help: "Interface for the proxy.")
    var host: String = "127.0.0.1"

    @Flag(help: "Keep every different answer to a repeated request, in order, as a sequence.")
    var sequences = false

    @OptionGroup var redaction: RedactionOptions

    func validate() throws {
        guard let url = URL(string: upstream), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--upstream must be an http or https URL, e.g. https://staging.bank.example/api.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
    }

    func run() async throws {
        let redactor = try redaction.redactor(command: "record", out: out)
        let noRedact = redactor == nil
        let recording: Recording
        do {
            recording = try Recording(out: URL(fileURLWithPath: out), redactor: redactor,
                                      sequences: sequences)
        } catch {
            FileHandle.standardError.write(Data("stubbank record: \(error)\n".utf8))
            throw ExitCode.failure
        }
        var logger = Logger(label: "stubbank-record")
        logger.logLevel = .warning
        let upstreamURL = URL(string: upstream)!
        let host = host, out = out
        try await RecordServer.run(upstream: upstreamURL, recording: recording, host: host, port: port, logger: logger,
                                   report: { line in print(line) }, onRunning: { bound in
            let redaction = noRedact ? " (NOT redacted)" : " (redacted)"
            print("Recording \(upstreamURL.absoluteString) through http://\(host):\(bound) into \(out)\(redaction)")
            print("Point your app or curl at http://\(host):\(bound); stop with Ctrl-C.")
        })
        let count = await recording.count
        print("Recorded \(count) exchange\(count == 1 ? "" : "s") into \(out). Serve them: stubbank serve --stubs \(out)")
    }
}
