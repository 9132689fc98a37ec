import Foundation
import StubFormats
import Testing
import Yams

@Suite struct YAMLLineLocatorTests {
    private let text = """
        id: accounts.list
        given:
          - behaviour: { status: 503 }
          - offline: true
        expect:
          data: { requests: 1 }
        """

    @Test func aPathNamesItsLine() {
        #expect(YAMLLineLocator.line(of: ["given", "1", "offline"], in: text) == 4)
        #expect(YAMLLineLocator.line(of: ["expect", "data"], in: text) == 6)
    }

    /// A `/{` outside quotes is a path parameter YAML reads as a mapping; inside quotes, or a
    /// `{` after anything but `/`, it is not.
    @Test func aBarePathParameterIsASlashBraceOutsideQuotes() {
        #expect(YAMLLineLocator.hasBarePathParameter("request: { path: /a/{id} }"))
        #expect(!YAMLLineLocator.hasBarePathParameter(#"request: { path: "/a/{id}", x: '/b/{c}' }"#))
        #expect(!YAMLLineLocator.hasBarePathParameter("body: { a: {b: 1} }"), "a nested mapping is not a path")
        // A quote is closed by its own kind: after a single-quoted value, a bare path is still seen,
        // and a double quote inside single quotes (or the other way round) closes nothing.
        #expect(YAMLLineLocator.hasBarePathParameter("- behaviour: { name: 'slow', route: GET /v1/a/{id} }"))
        #expect(YAMLLineLocator.hasBarePathParameter(#"- { note: "it's", route: GET /v1/a/{id} }"#))
        #expect(!YAMLLineLocator.hasBarePathParameter(#"- { note: 'say "hi" /{x}', route: "GET /v1/a/{id}" }"#))
    }

    /// A syntax error reads as one line: the parser's problem, without Yams' own position and
    /// the copy of the line it prints.
    @Test func aSyntaxErrorIsSummedUpOnOneLine() throws {
        let text = "a: 1\nb: [1, 2\nc: 3\n"
        do {
            _ = try Yams.compose(yaml: text)
            Issue.record("expected a YAML error")
        } catch let error as YamlError {
            let summary = YAMLLineLocator.summary(of: error, in: text)
            #expect(!summary.isEmpty && !summary.contains("\n") && !summary.contains("quoted"), "\(summary)")
            #expect("\(error)".contains(summary), "the summary is the parser's own problem: \(summary)")
        }
    }

    @Test func aMissingTailNamesTheDeepestNodeThatExists() {
        #expect(YAMLLineLocator.line(of: ["given", "7"], in: text) == 3)
    }

    @Test func aSyntaxErrorNamesItsLine() throws {
        do {
            _ = try Yams.load(yaml: "a: 1\nb: [1, 2\nc: 3\n")
            Issue.record("expected a YAML error")
        } catch let error as YamlError {
            #expect(YAMLLineLocator.line(of: error) != nil)
        }
    }

    @Test func aDecodingErrorNamesTheLineOfItsPath() throws {
        struct Case: Decodable { var given: [[String: Bool]] }
        do {
            _ = try YAMLDecoder().decode(Case.self, from: text)
            Issue.record("expected a decoding error")
        } catch let error as DecodingError {
            #expect(YAMLLineLocator.line(of: error, in: text) == 3)
        }
    }
}
