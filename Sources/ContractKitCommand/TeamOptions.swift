package import ArgumentParser
import Foundation
package import Logging
package import TeamStore

/// Where the team store is: `--to`, or `STUBBANK_TEAM_URL`. The password comes only from
/// `STUBBANK_TEAM_PASSWORD` (or `PGPASSWORD`), never from the command line or a file.
package struct TeamOptions: ParsableArguments {
    @Option(name: .customLong("to"), help: ArgumentHelp(
        "The team store: postgres://USER@HOST:PORT/DATABASE, or postgres://USER@/DATABASE?host=/socket/folder "
        + "(default: $STUBBANK_TEAM_URL). The password is read from $STUBBANK_TEAM_PASSWORD.", valueName: "url"))
    package var address: String?

    package init() {}

    /// The address given, or nil when neither `--to` nor `STUBBANK_TEAM_URL` names one.
    package func parsed() throws -> TeamAddress? {
        guard let text = address ?? ProcessInfo.processInfo.environment["STUBBANK_TEAM_URL"], !text.isEmpty else { return nil }
        return try TeamAddress(text)
    }

    /// The address, or a message naming both ways to give one.
    package func required() throws -> TeamAddress {
        guard let address = try parsed() else {
            throw RunsCommand.RunsError(description: "No team store: pass --to postgres://USER@HOST/DATABASE or set STUBBANK_TEAM_URL.")
        }
        return address
    }

    package static var quietLogger: Logger {
        var logger = Logger(label: "stubbank.team")
        logger.logLevel = .critical
        return logger
    }
}
