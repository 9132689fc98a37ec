import Testing
import StubFormats
@testable import StubEngine

/// A scenario file is refused with its line and reason: a name that is not the file's, a token
/// lifetime under one second, a behaviour that breaks its rules; a good one loads.
@Suite struct ScenarioLoaderTests {
    static func problems(_ yaml: String, file: String = "scenarios/short-tokens.yaml") -> [FixtureProblem] {
        var problems: [FixtureProblem] = []
        _ = ScenarioLoader.decode(yaml, file: file, problems: &problems)
        return problems
    }

    @Test func aTokenLifetimeIsAtLeastOneSecond() {
        let scenario = { (ttl: Int) in
            "name: short-tokens\ndescription: tokens expire at once\nsettings:\n  tokenTTLSeconds: \(ttl)\n"
        }
        #expect(Self.problems(scenario(1)).isEmpty)
        for ttl in [0, -5] {
            let found = Self.problems(scenario(ttl))
            #expect(found.count == 1 && found.first?.line == 4 && found.first?.reason.contains("at least 1") == true, "\(ttl): \(found)")
        }
    }

    /// A path template written bare in a `{ }` mapping is invalid YAML (`{id}` opens a mapping):
    /// the refusal says to quote it, in a route file and in a scenario; other YAML errors, and a
    /// `/{` inside quotes on the failing line, get no such hint.
    @Test func aBarePathParameterInAFlowMappingIsRefusedSayingToQuoteIt() {
        let hint = "must be quoted: path: \"/users/{id}\""
        let (_, routeProblems) = RouteFolder.load("""
            routes:
              - id: account
                request: { method: GET, path: /api/accounts/{id} }
                responses: [{ status: 200 }]
            """)
        #expect(routeProblems.count == 1 && routeProblems.first?.line == 3
                && routeProblems.first?.reason.hasPrefix("invalid YAML: ") == true
                && routeProblems.first?.reason.contains(hint) == true, "\(routeProblems)")
        let scenario = Self.problems("name: short-tokens\ndescription: x\nbehaviours:\n  - { route: GET /v1/accounts/{id}, status: 503 }\n")
        #expect(scenario.count == 1 && scenario.first?.line == 4 && scenario.first?.reason.contains(hint) == true, "\(scenario)")
        let (_, other) = RouteFolder.load("routes:\n  - id: a\n    request: { path: \"/a/{id}\", method: [GET }\n")
        #expect(other.count == 1 && other.first?.reason.hasPrefix("invalid YAML: ") == true
                && other.first?.reason.contains("quoted") == false, "\(other)")
    }

    /// A field of the wrong type, or one the file must have, is refused with the line it is on
    /// (the line of the mapping that lacks it) and a reason that names it.
    @Test func aWrongTypeOrAMissingFieldIsRefusedWhereItIs() {
        let wrongType = Self.problems("name: short-tokens\ndescription: x\nsettings:\n  tokenTTLSeconds: soon\n")
        #expect(wrongType.count == 1 && wrongType.first?.line == 4 && wrongType.first?.reason.contains("tokenTTLSeconds") == true,
                "\(wrongType)")
        let missing = Self.problems("name: short-tokens\nsettings:\n  tokenTTLSeconds: 5\n")
        #expect(missing.count == 1 && missing.first?.line == 1 && missing.first?.reason.contains("description") == true, "\(missing)")
    }

    @Test func theNameIsTheFilesAndABehaviourIsCheckedWhereItIsWritten() {
        let misnamed = Self.problems("name: other\ndescription: x\n")
        #expect(misnamed.count == 1 && misnamed.first?.line == 1 && misnamed.first?.reason.contains("short-tokens") == true, "\(misnamed)")
        let broken = Self.problems("name: short-tokens\ndescription: x\nbehaviours:\n  - route: GET /x\n    status: 42\n")
        #expect(broken.count == 1 && broken.first?.reason.hasPrefix("behaviours[0].status") == true && broken.first?.line == 5, "\(broken)")
    }
}
