import ArgumentParser
import StubServeCommand

/// `stubbank-server`: `stubbank serve` alone, in a binary that links only the server.
@main
struct StubBankServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stubbank-server", abstract: ServeOptions.abstract + " " + ServerBinary.summary,
        discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    func run() async throws {
        try await options.serve()
    }
}
