public import Foundation
import Yams
import StubFormats
public import StubEngine

/// Reads a stubs directory (the built-in bank's personas, route files, scenarios and `stubbank.yaml`),
/// validating every file and collecting every problem with its line.
///
/// Only fixed, known file names are read, and a file whose real path escapes the directory
/// (through a symlink, say) is refused: nothing outside `Stubs/` is ever served.
public struct FixtureLoader: Sendable {
    /// The stubs directory, with symlinks resolved.
    public let root: URL
    /// Reads the built-in bank's files; nil for a stub without the bank.
    public let bank: BankModule?

    /// A loader for the stubs directory at `root`, reading the bank's files with `bank`.
    public init(root: URL, bank: BankModule?) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
        self.bank = bank
    }

    /// Loads everything, or throws a `FixtureLoadError` listing all problems found.
    public func load() throws(FixtureLoadError) -> FixtureSet {
        var problems: [FixtureProblem] = []
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FixtureLoadError(problems: [FixtureProblem(file: root.path, line: nil, reason: "stubs directory not found")])
        }
        let settings = StubsSettingsLoader.load(root: root, problems: &problems)
        let bankFixtures = settings.bank ? bank?.load(root, &problems) : nil
        let routes = RouteFileLoader(root: root).load(problems: &problems)
        var scenarios: [String: Scenario] = [:]
        for file in listFiles("scenarios", suffix: ".yaml", problems: &problems) {
            if let scenario = ScenarioLoader.load(relativePath: "scenarios/\(file)", root: root, problems: &problems) {
                scenarios[scenario.name] = scenario
            }
        }
        // The document is read (it may be megabytes) only when requests are checked against it;
        // otherwise a name that points at nothing is still reported.
        var contract: RequestContract?
        if let document = settings.document {
            if settings.validateRequests || settings.validateCredentials {
                contract = RequestContract.load(document, root: root, problems: &problems)
                contract?.checksRequests = settings.validateRequests
                contract?.checksCredentials = settings.validateCredentials
            } else if (try? StubsFolder.read(document, root: root)) == nil {
                problems.append(FixtureProblem(file: StubsSettingsLoader.file, line: nil, reason: "document \(document) does not exist"))
            }
        }
        guard problems.isEmpty else { throw FixtureLoadError(problems: problems) }
        var set = FixtureSet(bank: bankFixtures, scenarios: scenarios, routes: routes, settings: settings)
        set.requestContract = contract
        return set
    }

    private func listFiles(_ relative: String, suffix: String, problems: inout [FixtureProblem]) -> [String] {
        let url = root.appendingPathComponent(relative)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted()
    }
}
