public import Foundation
import StubServer
import Yams

/// Reads `Contracts/cases/*.yaml`. A file holds one case or `cases: [...]`. Problems are
/// collected per file with a line, and the good files still load.
public struct CaseLoader: Sendable {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    public struct Result: Sendable {
        public var cases: [ContractCase]
        public var problems: [CaseLoadProblem]
    }

    private struct CaseFile: Decodable { var cases: [ContractCase] }

    public func load() -> Result {
        var result = Result(cases: [], problems: [])
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            result.problems.append(CaseLoadProblem(file: directory.path, line: nil, reason: "cases directory not found"))
            return result
        }
        var seen: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            let file = "cases/\(name)"
            guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else {
                result.problems.append(CaseLoadProblem(file: file, line: nil, reason: "unreadable"))
                continue
            }
            for var contractCase in decode(text, file: file, problems: &result.problems) {
                contractCase.source = file
                if let other = seen[contractCase.id] {
                    result.problems.append(CaseLoadProblem(file: file, line: nil, reason: "duplicate case id \(contractCase.id) (also in \(other))"))
                    continue
                }
                if Operation(rawValue: contractCase.when) == nil {
                    result.problems.append(CaseLoadProblem(file: file, line: Self.line(ofValue: contractCase.when, in: text),
                                                           reason: "case \(contractCase.id): unknown operation \(contractCase.when); use one of \(Operation.allCases.map(\.rawValue).joined(separator: ", "))"))
                    continue
                }
                seen[contractCase.id] = file
                result.cases.append(contractCase)
            }
        }
        return result
    }

    func decode(_ text: String, file: String, problems: inout [CaseLoadProblem]) -> [ContractCase] {
        do {
            let node = try Yams.compose(yaml: text)
            if node?["cases"] != nil { return try YAMLDecoder().decode(CaseFile.self, from: text).cases }
            return [try YAMLDecoder().decode(ContractCase.self, from: text)]
        } catch let error as DecodingError {
            problems.append(CaseLoadProblem(file: file, line: YAMLLineLocator.line(of: error, in: text), reason: Self.reason(error)))
        } catch let error as YamlError {
            problems.append(CaseLoadProblem(file: file, line: YAMLLineLocator.line(of: error), reason: "invalid YAML: \(error)"))
        } catch {
            problems.append(CaseLoadProblem(file: file, line: nil, reason: "\(error)"))
        }
        return []
    }

    static func reason(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(key.stringValue) at \(path(context).isEmpty ? "top level" : path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(context.debugDescription) at \(path(context))"
        case .dataCorrupted(let context): return "\(context.debugDescription) \(context.underlyingError.map { "\($0)" } ?? "")"
        @unknown default: return "\(error)"
        }
    }

    static func line(ofValue value: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(value) }.map { $0 + 1 }
    }
}
