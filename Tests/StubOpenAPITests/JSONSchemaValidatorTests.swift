import Foundation
@testable import StubOpenAPI
import StubFormats
import Testing
import Yams

/// Every bound of the schema vocabulary, on both sides of its edge: a value on an inclusive bound
/// passes, on an exclusive bound fails, one step past either fails.
@Suite struct JSONSchemaValidatorTests {
    private let validator = JSONSchemaValidator(document: [:])

    private func schema(_ yaml: String) throws -> [String: Any] {
        try #require(try Yams.load(yaml: yaml) as? [String: Any])
    }

    private func passes(_ value: JSONValue, _ yaml: String) throws -> Bool {
        validator.validate(value, against: try schema(yaml)).isEmpty
    }

    @Test func inclusiveBoundsAdmitTheBoundItself() throws {
        #expect(try passes(.number(5), "{ type: number, minimum: 5 }"))
        #expect(try !passes(.number(4.99), "{ type: number, minimum: 5 }"))
        #expect(try passes(.number(5), "{ type: number, maximum: 5 }"))
        #expect(try !passes(.number(5.01), "{ type: number, maximum: 5 }"))
    }

    @Test func exclusiveBoundsOf31RefuseTheBoundItself() throws {
        #expect(try !passes(.number(5), "{ type: number, exclusiveMinimum: 5 }"))
        #expect(try passes(.number(5.01), "{ type: number, exclusiveMinimum: 5 }"))
        #expect(try !passes(.number(5), "{ type: number, exclusiveMaximum: 5 }"))
        #expect(try passes(.number(4.99), "{ type: number, exclusiveMaximum: 5 }"))
        #expect(try !passes(.number(-1), "{ type: number, exclusiveMinimum: 0 }"))
        #expect(try !passes(.number(6), "{ type: number, exclusiveMaximum: 5 }"))
    }

    @Test func exclusiveFlagsOf30MakeTheirBoundExclusiveAndFalseLeavesItInclusive() throws {
        #expect(try !passes(.number(0), "{ type: number, minimum: 0, exclusiveMinimum: true }"))
        #expect(try passes(.number(0.5), "{ type: number, minimum: 0, exclusiveMinimum: true }"))
        #expect(try !passes(.number(10), "{ type: number, maximum: 10, exclusiveMaximum: true }"))
        #expect(try passes(.number(9.5), "{ type: number, maximum: 10, exclusiveMaximum: true }"))
        #expect(try passes(.number(0), "{ type: number, minimum: 0, exclusiveMinimum: false }"))
        #expect(try passes(.number(10), "{ type: number, maximum: 10, exclusiveMaximum: false }"))
        #expect(try passes(.number(1), "{ type: number, exclusiveMinimum: true }"), "a flag without its bound bounds nothing")
    }

    @Test func lengthsItemsAndPropertiesAreCountedToTheEdge() throws {
        #expect(try passes(.string("abc"), "{ type: string, minLength: 3, maxLength: 3 }"))
        #expect(try !passes(.string("ab"), "{ type: string, minLength: 3 }"))
        #expect(try !passes(.string("abcd"), "{ type: string, maxLength: 3 }"))
        #expect(try passes(.string("ééé"), "{ type: string, maxLength: 3 }"), "lengths count code points, not bytes")
        #expect(try passes(.array([.number(1), .number(2)]), "{ type: array, minItems: 2, maxItems: 2 }"))
        #expect(try !passes(.array([.number(1)]), "{ type: array, minItems: 2 }"))
        #expect(try !passes(.array([.number(1), .number(2), .number(3)]), "{ type: array, maxItems: 2 }"))
        #expect(try passes(.object(["a": .number(1)]), "{ type: object, minProperties: 1, maxProperties: 1 }"))
        #expect(try !passes(.object([:]), "{ type: object, minProperties: 1 }"))
        #expect(try !passes(.object(["a": .number(1), "b": .number(2)]), "{ type: object, maxProperties: 1 }"))
    }

    @Test func multipleOfHoldsForDecimalSteps() throws {
        #expect(try passes(.number(0.3), "{ type: number, multipleOf: 0.1 }"))
        #expect(try passes(.number(10.25), "{ type: number, multipleOf: 0.25 }"))
        #expect(try !passes(.number(10.3), "{ type: number, multipleOf: 0.25 }"))
    }

    @Test func integerFormatsHaveTheirRanges() throws {
        #expect(try passes(.number(2_147_483_647), "{ type: integer, format: int32 }"))
        #expect(try !passes(.number(2_147_483_648), "{ type: integer, format: int32 }"))
        #expect(try passes(.number(-2_147_483_648), "{ type: integer, format: int32 }"))
        #expect(try !passes(.number(-2_147_483_649), "{ type: integer, format: int32 }"))
    }
}
