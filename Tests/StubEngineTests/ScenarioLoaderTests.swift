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

    @Test func theNameIsTheFilesAndABehaviourIsCheckedWhereItIsWritten() {
        let misnamed = Self.problems("name: other\ndescription: x\n")
        #expect(misnamed.count == 1 && misnamed.first?.line == 1 && misnamed.first?.reason.contains("short-tokens") == true, "\(misnamed)")
        let broken = Self.problems("name: short-tokens\ndescription: x\nbehaviours:\n  - route: GET /x\n    status: 42\n")
        #expect(broken.count == 1 && broken.first?.reason.hasPrefix("behaviours[0].status") == true && broken.first?.line == 5, "\(broken)")
    }
}
