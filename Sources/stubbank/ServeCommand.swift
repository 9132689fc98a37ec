import ArgumentParser
import StubServeCommand

/// `stubbank serve`: runs the stub until SIGINT or SIGTERM. The options and the work are
/// `ServeOptions`, which `stubbank-server` runs too.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: ServeOptions.abstract, discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    func run() async throws {
        try await options.serve()
    }
}
