import ArgumentParser
import Foundation
import StubRecord

/// `stubbank redact --check DIR...`: fails when a folder holds what looks like personal data.
struct RedactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redact",
        abstract: "Check folders for personal data and secrets before they are committed.",
        discussion: """
            Looks in every text file (JSON, YAML, Markdown, ...) for IBANs (by checksum), card numbers (by Luhn), e-mail addresses, \
            international phone numbers, JWTs, bearer tokens and token, cookie or password fields (a value of 8 characters or more: \
            `"password": "hunter22"`, not `cookie: enabled`), and prints file:line: kind for each. \
            Exits 1 when it finds any.

            Not reported: the fakes `stubbank record` writes (IBANs with XXXX or 0000 after the check digits, cards from 400000, \
            @example.com, +44 7700 900nnn, redacted-…), reserved e-mail domains, well-known test card numbers, and values a folder's \
            stubbank-redact.yaml allows. The same file (or --rules FILE) gives `stubbank record` its salt and extra rules:
              salt: team-salt
              rules:
                - path: $.data[*].nickname   # each array index as [*]
                  kind: name                 # token iban card email phone name address
                - header: X-Customer-Id
                  kind: token
                - regex: 'CUST-[0-9]{6}'
                  kind: token
              allow:
                - DE89370400440532013000
            Names and addresses have no shape to find; `record` replaces them by key instead.

            In CI or a pre-commit hook:
              stubbank redact --check Stubs MyStubs
            """
    )

    @Flag(help: "Report suspicious values and exit 1 when there are any (the only mode for now).")
    var check = false

    @Option(help: ArgumentHelp("Rules and allow list (default: each folder's own \(RedactionRules.fileName), if any).", valueName: "file"))
    var rules: String?

    @Argument(help: "Folders to check.") var folders: [String]

    func validate() throws {
        guard check else { throw ValidationError("Say --check: `stubbank redact --check DIR`.") }
        guard !folders.isEmpty else { throw ValidationError("Give at least one folder, e.g. `stubbank redact --check Stubs`.") }
    }

    func run() throws {
        var total = 0
        for folder in folders {
            let url = URL(fileURLWithPath: folder)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("\(folder) is not a folder.")
            }
            let rulesFile = rules.map { URL(fileURLWithPath: $0) } ?? url.appendingPathComponent(RedactionRules.fileName)
            let loaded: RedactionRules
            if rules != nil || FileManager.default.fileExists(atPath: rulesFile.path) {
                do { loaded = try RedactionRules.load(rulesFile) } catch {
                    FileHandle.standardError.write(Data("stubbank redact: \(error)\n".utf8))
                    throw ExitCode.failure
                }
            } else {
                loaded = RedactionRules()
            }
            let findings = try RedactionCheck(rules: loaded).check(folder: url)
            for finding in findings { print("\(folder)/\(finding)") }
            total += findings.count
        }
        if total > 0 {
            print("\n\(total) value\(total == 1 ? "" : "s") look like personal data or secrets. Replace them with fakes "
                  + "(stubbank record does this as it writes), or list known fixtures under allow: in \(RedactionRules.fileName).")
            throw ExitCode.failure
        }
        print("No personal data or secrets found in \(folders.joined(separator: ", ")).")
    }
}
