import ContractKit
import Foundation
import StubCompat
import StubOpenAPI
import Testing

/// Real published changes to UK Open Banking's account-information document
/// (`../shared/realworld/history/obie-account-info/`), each with the upstream commit's own
/// description: the findings must say what the description and the diff say, and nothing else.
@Suite struct CompatHistoryTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/realworld/history/obie-account-info")

    static func compare(_ old: String, _ new: String, options: APICompat.Options = .init()) throws -> CompatReport {
        let oldSource = try OpenAPISource.load(folder.appendingPathComponent(old + ".yaml"))
        let newSource = try OpenAPISource.load(folder.appendingPathComponent(new + ".yaml"))
        return APICompat.compare(oldSource, newSource, oldName: old, newName: new, options: options)
    }

    /// f45ebd8 "Restored Account as being mandatory in detail response": `OBAccount6Detail`
    /// requires `Account` again. No operation refers to that schema, so it is one safe change.
    @Test func accountMadeMandatoryInASchemaNoOperationUses() throws {
        let report = try Self.compare("03-before-f45ebd8", "04-f45ebd8")
        #expect(report.findings.map(\.rule) == ["unused-schema-property-became-required"])
        #expect(report.findings.first?.newPointer == "#/components/schemas/OBAccount6Detail/required")
        #expect(report.findings.first?.field == "Account")
        // Taken back out, it is still only that schema.
        #expect(try Self.compare("04-f45ebd8", "03-before-f45ebd8").findings.map(\.rule) == ["unused-schema-property-became-optional"])
    }

    /// 838cc31 "Add additional enum value to ExternalEntryStatus1Code": `RJCT` can now come back
    /// as a transaction's status, in all three transaction lists.
    @Test func rejectedAddedToTheTransactionStatusEnum() throws {
        let report = try Self.compare("05-before-838cc31", "06-838cc31")
        let groups = report.groups()
        #expect(groups.count == 1)
        let finding = try #require(groups.first?.finding)
        #expect(finding.rule == "response-property-enum-value-added" && finding.level == .warning)
        #expect(finding.field == "Data.Transaction[].Status")
        #expect(finding.message.contains("`RJCT`"))
        #expect(finding.newPointer == "#/components/schemas/ExternalEntryStatus1Code/enum")
        #expect(Set(report.findings.compactMap(\.operation)) == ["GET /accounts/{AccountId}/transactions", "GET /transactions",
                                                                  "GET /accounts/{AccountId}/statements/{StatementId}/transactions"])
        #expect(try Self.compare("05-before-838cc31", "06-838cc31", options: .init(exhaustiveEnums: true)).has(atLeast: .breaking))
    }

    /// 61f0775 "Restore NumberOfPayments to Standing Orders": an optional field in three
    /// standing-order schemas, one of which the two standing-order lists return. Safe.
    @Test func numberOfPaymentsRestoredToStandingOrders() throws {
        let report = try Self.compare("07-before-61f0775", "08-61f0775")
        #expect(!report.has(atLeast: .warning))
        let added = report.findings.filter { $0.rule == "response-optional-property-added" }
        #expect(Set(added.compactMap(\.operation)) == ["GET /accounts/{AccountId}/standing-orders", "GET /standing-orders"])
        #expect(added.allSatisfy { $0.field == "Data.StandingOrder[].NumberOfPayments" })
        #expect(Set(report.findings.compactMap(\.newPointer)) == [
            "#/components/schemas/OBStandingOrder6/properties/NumberOfPayments",
            "#/components/schemas/OBStandingOrder6Basic/properties/NumberOfPayments",
            "#/components/schemas/OBStandingOrder6Detail/properties/NumberOfPayments",
        ])
        // Removing it again would be a warning for the apps that read it.
        let removed = try Self.compare("08-61f0775", "07-before-61f0775")
        #expect(removed.groups(atLeast: .warning).map(\.finding.rule) == ["response-optional-property-removed"])
    }

    /// v3.1.9r7 → v4.0, the major version: a new base path, codes instead of words in status
    /// enums, fields dropped from standing orders and direct debits, error fields made optional.
    @Test func theMajorVersionBreaksWhatItsReleaseNotesSay() throws {
        let report = try Self.compare("01-v3.1.9r7", "02-v4.0")
        let breaking = Set(report.findings.filter { $0.level == .breaking }.map { "\($0.rule) \($0.field ?? "")" })
        #expect(breaking.contains("api-base-path-changed "))
        #expect(breaking.contains("response-required-property-removed Data.StandingOrder[].Frequency"))
        #expect(breaking.contains("response-required-property-removed Data.DirectDebit[].MandateIdentification"))
        #expect(breaking.contains("response-property-became-optional Code"))
        let warnings = Set(report.findings.filter { $0.level == .warning }.map { "\($0.rule) \($0.field ?? "")" })
        #expect(warnings.contains("response-optional-property-removed Data.Account[].AccountType"))
        #expect(warnings.contains("response-property-enum-value-added Data.Status"))  // AWAU, RJCT… for consents
        // Every operation of 3.1.9 is still there under the new base path.
        #expect(!report.findings.contains { $0.rule.hasPrefix("api-removed") || $0.rule.hasPrefix("api-path-removed") })
        #expect(report.problems.isEmpty)
    }
}

#if os(macOS) || os(Linux)
/// Reading documents: files, `git:REF:path`, and what a bad one says.
@Suite struct CompatDocumentTests {
    static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    static func document(required: String) -> String {
        """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /accounts:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: "schemas/account.yaml"}
        """ + "\n" + "# \(required)\n"
    }

    @Test func aCommittedDocumentAndTheFilesItRefersToAreReadAtTheRef() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compat-git-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("api/schemas"), withIntermediateDirectories: true)
        try Self.git(["init", "-q"], in: folder)
        try Data(Self.document(required: "v1").utf8).write(to: folder.appendingPathComponent("api/openapi.yaml"))
        try Data("type: object\nrequired: [iban]\nproperties: {iban: {type: string}}\n".utf8)
            .write(to: folder.appendingPathComponent("api/schemas/account.yaml"))
        try Self.git(["add", "."], in: folder)
        try Self.git(["commit", "-q", "-m", "v1"], in: folder)
        try Data("type: object\nproperties: {iban: {type: string}}\n".utf8).write(to: folder.appendingPathComponent("api/schemas/account.yaml"))

        let old = try CompatDocument.load("git:HEAD:api/openapi.yaml", in: folder)
        let new = try CompatDocument.load("api/openapi.yaml", in: folder)
        #expect(old.problems.isEmpty && new.problems.isEmpty)
        let report = APICompat.compare(old, new, oldName: "git:HEAD:api/openapi.yaml", newName: "api/openapi.yaml")
        #expect(report.findings.map(\.rule) == ["response-property-became-optional"])
        #expect(report.findings.first?.field == "iban")
        // From the subfolder, the path is taken from there, as git's own `HEAD:./path` would.
        let fromSubfolder = try CompatDocument.load("git:HEAD:openapi.yaml", in: folder.appendingPathComponent("api"))
        #expect(fromSubfolder.problems.isEmpty)

        #expect {
            try CompatDocument.load("git:no-such-branch:api/openapi.yaml", in: folder)
        } throws: { error in
            "\(error)".contains("no commit, branch or tag named `no-such-branch`")
        }
        #expect {
            try CompatDocument.load("git:HEAD:api/missing.yaml", in: folder)
        } throws: { error in
            "\(error)".contains("api/missing.yaml does not exist")
        }
    }

    /// The public entry point a team's own test or tool calls: documents by name, the old one's
    /// base path kept for weighing releases, and a load failure as `CompatLoadError`.
    @Test func theOneCallATeamMakesReadsComparesAndWeighs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compat-public-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ name: String, required: String) throws {
            try Data("""
            openapi: 3.0.3
            info: {title: t, version: "1"}
            servers: [{url: "https://bank.example/bank/v1/"}]
            paths:
              /accounts/{id}:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {type: object, required: [\(required)], properties: {iban: {type: string}, name: {type: string}}}
            """.utf8).write(to: folder.appendingPathComponent(name))
        }
        try write("old.yaml", required: "iban, name")
        try write("new.yaml", required: "name")
        let report = try APICompat.compare(old: "old.yaml", new: "new.yaml", in: folder)
        #expect(report.findings.map(\.rule) == ["response-property-became-optional"])
        #expect(report.basePath == "/bank/v1")
        let reader = ReleaseUsage(name: "ios 4.2", runs: 1, uses: [
            OperationUse(method: "GET", path: "/bank/v1/accounts/acc-1", status: 200, received: ["iban", "name"], read: ["iban"]),
        ])
        #expect(report.impact(on: [reader]).map(\.verdict) == [.breaks])
        #expect(throws: CompatLoadError.self) { try APICompat.compare(old: "old.yaml", new: "gone.yaml", in: folder) }
    }

    @Test func aDocumentThatDoesNotParseNamesTheFileAndTheLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compat-bad-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("openapi: 3.0.0\ninfo: {title: t\npaths: {}\n".utf8).write(to: folder.appendingPathComponent("broken.yaml"))
        #expect {
            try CompatDocument.load("broken.yaml", in: folder)
        } throws: { error in
            let text = "\(error)"
            return text.contains("broken.yaml") && text.contains("line 3")
        }
        #expect {
            try CompatDocument.load("absent.yaml", in: folder)
        } throws: { error in
            "\(error)".contains("absent.yaml does not exist")
        }
        #expect {
            try CompatDocument.load("main:absent.yaml", in: folder)
        } throws: { error in
            "\(error)".contains("write git:main:absent.yaml")
        }
    }
}
#endif
