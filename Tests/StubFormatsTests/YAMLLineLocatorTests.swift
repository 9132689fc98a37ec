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
