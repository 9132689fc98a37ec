import StubEngine
import StubFormats
import Testing
import Yams

/// `NodeReader.jsonValue`: a YAML value as JSON, with YAML's own types deciding what is a number,
/// a boolean or null, and quoting keeping text as text.
@Suite struct NodeReaderValueTests {
    private func value(_ yaml: String) throws -> JSONValue {
        NodeReader.jsonValue(try #require(try Yams.compose(yaml: yaml)))
    }

    @Test func plainScalarsTakeYAMLsTypes() throws {
        #expect(try value("true") == .bool(true))
        #expect(try value("false") == .bool(false))
        #expect(try value("12") == .number(12))
        #expect(try value("-0.5") == .number(-0.5))
        #expect(try value("1e3") == .number(1000))
        #expect(try value("null") == .null)
        #expect(try value("~") == .null)
        #expect(try value("hello") == .string("hello"))
    }

    @Test func quotedScalarsStayText() throws {
        #expect(try value(#""true""#) == .string("true"))
        #expect(try value("'12'") == .string("12"))
        #expect(try value(#""null""#) == .string("null"))
        #expect(try value("!!str 7") == .string("7"))
    }

    @Test func listsAndMappingsNest() throws {
        #expect(try value("{ a: [1, true, x, null], b: { c: '2' } }")
                == .object(["a": .array([.number(1), .bool(true), .string("x"), .null]), "b": .object(["c": .string("2")])]))
        #expect(try value("[]") == .array([]))
        #expect(try value("{}") == .object([:]))
    }
}
