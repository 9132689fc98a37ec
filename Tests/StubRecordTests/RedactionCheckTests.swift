import Foundation
@testable import StubRecord
import Testing

/// `redact --check` names the file, the line and the kind, and honours the allow list.
@Suite struct RedactionCheckTests {
    @Test func findingsHaveFileLineAndKind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("routes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            {
              "iban": "GB82WEST12345698765432",
              "email": "someone@bank.co.uk",
              "card": "4000001234567899",
              "safe": "user.1a2b@example.com",
              "access_token": "s3cr3t-token-value"
            }
            """.write(to: folder.appendingPathComponent("routes/body.json"), atomically: true, encoding: .utf8)
        try "headers:\n  Authorization: Bearer abcdefghijklmnopqrstuvwxyz\n"
            .write(to: folder.appendingPathComponent("routes/route.yaml"), atomically: true, encoding: .utf8)
        let findings = try RedactionCheck(rules: RedactionRules()).check(folder: folder)
        #expect(findings.map(\.description) == [
            "routes/body.json:2: iban: GB••••••••••••••••••32",
            "routes/body.json:3: email: so••••••••••••••uk",
            "routes/body.json:6: token: s3••••••••••••••ue",
            "routes/route.yaml:2: token: ab••••••••••••••••••••••yz",
        ])
        var rules = RedactionRules()
        rules.allow = ["GB82WEST12345698765432", "someone@bank.co.uk", "s3cr3t-token-value", "abcdefghijklmnopqrstuvwxyz"]
        #expect(try RedactionCheck(rules: rules).check(folder: folder).isEmpty)
    }

    /// Text files are known by their extension in any case (`BODY.JSON`, `Notes.Md`); other
    /// files, hidden folders and the rules file itself are not read.
    @Test func textFilesAreKnownByTheirExtensionInAnyCase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = #"{"email": "someone@bank.co.uk"}"#
        for name in ["BODY.JSON", "Notes.Md", "r.YAML", "skip.png", "skip", ".hidden/x.json", RedactionRules.fileName] {
            try line.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let files = try RedactionCheck(rules: RedactionRules()).check(folder: folder).map(\.file)
        #expect(files == ["BODY.JSON", "Notes.Md", "r.YAML"], "\(files)")
    }

    @Test func theRepositoryStubsAndExamplesAreClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let stubs = root.appendingPathComponent("Stubs")
        let rules = try RedactionRules.load(stubs.appendingPathComponent(RedactionRules.fileName))
        #expect(try RedactionCheck(rules: rules).check(folder: stubs).isEmpty)
        #expect(try RedactionCheck(rules: RedactionRules()).check(folder: root.appendingPathComponent("Examples")).isEmpty)
        // Without its allow list the fixtures' IBANs are found: the check is not blind.
        #expect(try RedactionCheck(rules: RedactionRules()).check(folder: stubs).contains { $0.kind == .iban })
    }
    /// A token, cookie or password field is a secret from 8 characters (`"password": "hunter22"`);
    /// a shorter value (`cookie: enabled`), a template and a `$VARIABLE` are not.
    @Test func aKeyedValueIsASecretFromEightCharacters() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            {"password": "hunter22"}
            {"client_secret": "k9Zq2mWp"}
            cookie: enabled
            {"password": "hunter2"}
            {"access_token": "{{request.headers.token}}"}
            password=$APP_PASSWORD
            """.write(to: folder.appendingPathComponent("fixture.json"), atomically: true, encoding: .utf8)
        let findings = try RedactionCheck(rules: RedactionRules()).check(folder: folder)
        #expect(findings.map(\.description) == ["fixture.json:1: token: hu••••22", "fixture.json:2: token: k9••••Wp"])
    }

    /// A finding shows a value only as its first and last two characters, and a value of six
    /// characters or fewer not at all: two and two of six would show most of it.
    @Test func maskingShowsTwoAndTwoOnlyOfLongerValues() {
        for length in 0...12 {
            let value = String("abcdefghijkl".prefix(length))
            let masked = RedactionCheck.mask(value)
            #expect(masked.count == length, "\(value)")
            if length <= 6 {
                #expect(masked.allSatisfy { $0 == "•" }, "\(value) → \(masked)")
            } else {
                #expect(masked.prefix(2) == value.prefix(2) && masked.suffix(2) == value.suffix(2)
                        && masked.dropFirst(2).dropLast(2).allSatisfy { $0 == "•" }, "\(value) → \(masked)")
            }
        }
    }
}
