import ArgumentParser
import Foundation
import StubRecord

/// `--rules`, `--salt` and `--no-redact`, shared by `record` and `import har`.
struct RedactionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Extra redaction rules and the salt (YAML).", valueName: "file"))
    var rules: String?

    @Option(help: "Salt for the fakes (overrides the rules file's); the same salt gives the same fakes.")
    var salt: String?

    @Flag(name: .customLong("no-redact"), help: "Write what was captured, personal data included. Never commit the result.")
    var noRedact = false

    func validate() throws {
        if noRedact, rules != nil { throw ValidationError("--no-redact and --rules do not go together.") }
    }

    /// The redactor to use, nil with `--no-redact` (after a warning naming `out`); exits with
    /// the rules file's problem when it does not load.
    func redactor(command: String, out: String) throws -> Redactor? {
        if noRedact {
            FileHandle.standardError.write(Data("""
                WARNING: --no-redact writes tokens, IBANs, card numbers, names and addresses exactly as they
                were captured. Do not commit \(out); `stubbank redact --check \(out)` will fail on it.

                """.utf8))
            return nil
        }
        var loaded = RedactionRules()
        if let rules {
            do { loaded = try RedactionRules.load(URL(fileURLWithPath: rules)) } catch {
                FileHandle.standardError.write(Data("stubbank \(command): \(error)\n".utf8))
                throw ExitCode.failure
            }
        }
        if let salt { loaded.salt = salt }
        return Redactor(rules: loaded)
    }
}
