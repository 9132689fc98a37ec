import ArgumentParser
import Foundation
import Logging
import StubServeCommand
import StubServer
import StubEngine

/// `stubbank scenario list`: what `--scenario` accepts.
struct ScenarioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Inspect the scenarios in Stubs/scenarios.",
        subcommands: [List.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List scenarios with their descriptions.")

        @OptionGroup var stubsOptions: StubsOptions

        func run() async throws {
            let fixtures: FixtureSet
            do { fixtures = try FixtureLoader(root: stubsOptions.stubsURL).load() } catch {
                print(error)
                throw ExitCode.failure
            }
            for scenario in fixtures.scenarios.values.sorted(by: { $0.name < $1.name }) {
                print("\(scenario.name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(scenario.description)")
            }
        }
    }
}
