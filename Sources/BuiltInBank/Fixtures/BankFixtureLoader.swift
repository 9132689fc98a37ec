package import Foundation
import StubFormats
package import StubEngine

/// The built-in bank's part of a stubs folder: `common/atms.json` and `personas/NAME/*.json`,
/// each file validated, each problem kept with its file and line.
package struct BankFixtureLoader: Sendable {
    /// The stubs directory, with symlinks resolved.
    package let root: URL

    /// A loader for the stubs directory at `root` (symlinks already resolved).
    package init(root: URL) {
        self.root = root
    }

    /// The ATMs and personas, adding every problem found to `problems`.
    package func load(problems: inout [FixtureProblem]) -> BankFixtures {
        var personas: [String: PersonaFixture] = [:]
        let atms = decodeJSON(WireList<WireATM>.self, "common/atms.json", required: true, problems: &problems)?.data ?? []
        for name in listDirectory("personas", problems: &problems) {
            if let persona = loadPersona(name, problems: &problems) {
                if let clash = personas[persona.config.username] {
                    problems.append(FixtureProblem(file: "personas/\(name)/persona.json", line: nil,
                                                   reason: "username \"\(persona.config.username)\" is already used by persona \(clash.name)"))
                }
                personas[persona.config.username] = persona
            }
        }
        if personas.isEmpty, problems.isEmpty {
            problems.append(FixtureProblem(file: "personas", line: nil, reason: "no personas found; add personas/NAME/persona.json"))
        }
        return BankFixtures(personas: personas, atms: atms)
    }

    private func loadPersona(_ name: String, problems: inout [FixtureProblem]) -> PersonaFixture? {
        let base = "personas/\(name)"
        let before = problems.count
        guard let config = decodeJSON(PersonaConfig.self, "\(base)/persona.json", required: true, problems: &problems),
              let profile = decodeJSON(WireProfile.self, "\(base)/profile.json", required: true, problems: &problems)
        else { return nil }
        let accounts = decodeJSON(WireList<WireAccount>.self, "\(base)/accounts.json", problems: &problems)?.data ?? []
        var transactions = decodeJSON(WireList<WireTransaction>.self, "\(base)/transactions.json", problems: &problems)?.data ?? []
        let cards = decodeJSON(WireList<WireCard>.self, "\(base)/cards.json", problems: &problems)?.data ?? []
        let beneficiaries = decodeJSON(WireList<WireBeneficiary>.self, "\(base)/beneficiaries.json", problems: &problems)?.data ?? []
        let tickets = decodeJSON(WireList<WireSupportTicket>.self, "\(base)/support-tickets.json", problems: &problems)?.data ?? []
        if let generation = config.generate {
            if let account = accounts.first(where: { $0.id == generation.accountId }) {
                transactions += TransactionGenerator(generation: generation, currency: account.currency).generate()
            } else {
                problems.append(FixtureProblem(file: "\(base)/persona.json", line: nil,
                                               reason: "generate.accountId \(generation.accountId) is not in accounts.json"))
            }
        }
        let persona = PersonaFixture(name: name, config: config, profile: profile, accounts: accounts,
                                     transactions: TransactionOrdering.sorted(transactions), cards: cards,
                                     beneficiaries: beneficiaries, tickets: tickets)
        problems += FixtureConsistency.problems(in: persona, base: base)
        return problems.count == before ? persona : nil
    }

    /// Subdirectory names, sorted.
    private func listDirectory(_ relative: String, problems: inout [FixtureProblem]) -> [String] {
        let url = root.appendingPathComponent(relative)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
            problems.append(FixtureProblem(file: relative, line: nil, reason: "directory not found"))
            return []
        }
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    private func decodeJSON<T: Decodable>(_ type: T.Type, _ relative: String, required: Bool = false,
                                          problems: inout [FixtureProblem]) -> T? {
        let data: Data
        do {
            guard let found = try StubsFolder.read(relative, root: root) else {
                if required { problems.append(FixtureProblem(file: relative, line: nil, reason: "file is missing")) }
                return nil
            }
            data = found
        } catch {
            problems.append(error)
            return nil
        }
        // The strict reader first: Foundation's takes a trailing comma, which a client would not.
        if let syntax = JSONLineLocator.syntaxError(in: data) {
            problems.append(FixtureProblem(file: relative, line: syntax.line, reason: syntax.reason))
            return nil
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            let syntax = JSONLineLocator.syntaxError(in: data)
            problems.append(FixtureProblem(file: relative, line: syntax?.line, reason: syntax?.reason ?? context.debugDescription))
        } catch let error as DecodingError {
            let text = String(decoding: data, as: UTF8.self)
            let reason = DecodingFailure.reason(of: error)
            let path = DecodingFailure.path(of: error)
            // Syntax errors carry their line in the message; schema errors carry a coding path.
            let line = path.isEmpty
                ? JSONLineLocator.line(inMessage: reason)
                : JSONLineLocator.line(of: path, in: text) ?? JSONLineLocator.line(inMessage: reason)
            problems.append(FixtureProblem(file: relative, line: line, reason: reason))
        } catch {
            problems.append(FixtureProblem(file: relative, line: JSONLineLocator.line(inMessage: "\(error)"), reason: "\(error)"))
        }
        return nil
    }
}
