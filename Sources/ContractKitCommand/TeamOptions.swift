import ArgumentParser
import Foundation
import Logging
import TeamStore

/// Where the team store is: `--to`, or `STUBBANK_TEAM_URL`. The password comes only from
/// `STUBBANK_TEAM_PASSWORD` (or `PGPASSWORD`), never from the command line or a file.
struct TeamOptions: ParsableArguments {
    @Option(name: .customLong("to"), help: ArgumentHelp(
        "The team store: postgres://USER@HOST:PORT/DATABASE, or postgres://USER@/DATABASE?host=/socket/folder "
        + "(default: $STUBBANK_TEAM_URL). The password is read from $STUBBANK_TEAM_PASSWORD.", valueName: "url"))
    var address: String?

    /// The address given, or nil when neither `--to` nor `STUBBANK_TEAM_URL` names one.
    func parsed() throws -> TeamAddress? {
        guard let text = address ?? ProcessInfo.processInfo.environment["STUBBANK_TEAM_URL"], !text.isEmpty else { return nil }
        return try TeamAddress(text)
    }

    /// The address, or a message naming both ways to give one.
    func required() throws -> TeamAddress {
        guard let address = try parsed() else {
            throw RunsCommand.RunsError(description: "No team store: pass --to postgres://USER@HOST/DATABASE or set STUBBANK_TEAM_URL.")
        }
        return address
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "stubbank.team")
        logger.logLevel = .critical
        return logger
    }
}
