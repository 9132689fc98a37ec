package import Foundation
package import Yams
import StubFormats

/// Decodes and checks one scenario file, reporting problems with their YAML line.
package enum ScenarioLoader {
    package static func load(relativePath: String, root: URL, problems: inout [FixtureProblem]) -> Scenario? {
        let text: String
        do {
            guard let data = try StubsFolder.read(relativePath, root: root) else { return nil }
            text = String(decoding: data, as: UTF8.self)
        } catch {
            problems.append(error)
            return nil
        }
        return decode(text, file: relativePath, problems: &problems)
    }

    /// Decodes scenario YAML; appends problems and returns nil when it is not valid.
    package static func decode(_ text: String, file: String, problems: inout [FixtureProblem]) -> Scenario? {
        let scenario: Scenario
        do {
            scenario = try YAMLDecoder().decode(Scenario.self, from: text)
        } catch let DecodingError.dataCorrupted(context) where context.underlyingError is YamlError {
            let error = context.underlyingError as! YamlError
            problems.append(FixtureProblem(file: file, line: line(of: error),
                                           reason: "invalid YAML: \(YAMLLineLocator.summary(of: error, in: text))"))
            return nil
        } catch let error as DecodingError {
            let path = DecodingFailure.path(of: error)
            problems.append(FixtureProblem(file: file, line: line(of: path, in: text), reason: DecodingFailure.reason(of: error)))
            return nil
        } catch let error as YamlError {
            problems.append(FixtureProblem(file: file, line: line(of: error),
                                           reason: "invalid YAML: \(YAMLLineLocator.summary(of: error, in: text))"))
            return nil
        } catch {
            problems.append(FixtureProblem(file: file, line: nil, reason: "\(error)"))
            return nil
        }
        let expectedName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        if scenario.name != expectedName {
            problems.append(FixtureProblem(file: file, line: line(of: ["name"], in: text),
                                           reason: "name \"\(scenario.name)\" must match the file name \"\(expectedName)\""))
        }
        if let ttl = scenario.settings?.tokenTTLSeconds, ttl < 1 {
            problems.append(FixtureProblem(file: file, line: line(of: ["settings", "tokenTTLSeconds"], in: text),
                                           reason: "settings.tokenTTLSeconds must be at least 1"))
        }
        for (index, spec) in (scenario.behaviours ?? []).enumerated() {
            for problem in spec.problems() {
                let fieldPath = ["behaviours", String(index)] + problem.path.split(separator: ".").map(String.init)
                problems.append(FixtureProblem(
                    file: file, line: line(of: fieldPath, in: text) ?? line(of: ["behaviours", String(index)], in: text),
                    reason: "behaviours[\(index)]\(problem.path.isEmpty ? "" : ".\(problem.path)"): \(problem.reason)"))
            }
        }
        return scenario
    }

    package static func line(of path: [String], in text: String) -> Int? { YAMLLineLocator.line(of: path, in: text) }

    package static func line(of error: YamlError) -> Int? { YAMLLineLocator.line(of: error) }
}
