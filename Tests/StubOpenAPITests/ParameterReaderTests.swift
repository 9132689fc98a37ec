import StubFormats
import Testing
@testable import StubOpenAPI

/// How a parameter is read when its document leaves `style` and `explode` out, in a label path
/// segment, and in a header's list: the reader's own module, without the engine around it.
@Suite struct ParameterReaderTests {
    let reader = ParameterReader(validator: JSONSchemaValidator(document: ["openapi": "3.1.0"]))
    let integers = OpenAPISchema(["type": "array", "items": ["type": "integer"]])
    let rgb = OpenAPISchema(["type": "object", "properties": ["R": ["type": "integer"], "G": ["type": "integer"]]])

    /// The specification's defaults: `form` in the query and cookies, `simple` in the path and
    /// headers, and `explode` exactly for `form`; a style a location cannot carry is its default.
    @Test func aParameterWithoutStyleOrExplodeTakesItsLocationsDefault() {
        #expect(ParameterStyle([:], location: "query") == ParameterStyle(.form, explode: true))
        #expect(ParameterStyle([:], location: "cookie") == ParameterStyle(.form, explode: true))
        #expect(ParameterStyle([:], location: "path") == ParameterStyle(.simple, explode: false))
        #expect(ParameterStyle([:], location: "header") == ParameterStyle(.simple, explode: false))
        #expect(ParameterStyle(["style": "form"], location: "path") == ParameterStyle(.simple, explode: false))
        #expect(ParameterStyle(["style": "label"], location: "header") == ParameterStyle(.simple, explode: false))
        #expect(ParameterStyle(["style": "deepObject"], location: "query") == ParameterStyle(.deepObject, explode: false))
        #expect(ParameterStyle(["explode": false], location: "query") == ParameterStyle(.form, explode: false))
        #expect(ParameterStyle(["style": "matrix", "explode": true], location: "path") == ParameterStyle(.matrix, explode: true))

        // So `?ids=1&ids=2`, the default, reads as a list of both.
        let style = ParameterStyle([:], location: "query")
        let pairs = ParameterSource.pairs([(name: "ids", value: "1"), (name: "ids", value: "2")])
        #expect(reader.read("ids", style: style, schema: integers, from: pairs) == .value(.array([.number(1), .number(2)])))
    }

    /// `label`: unexploded items follow one dot and are split at commas; exploded ones each
    /// follow a dot, and an exploded object's entries are `key=value`.
    @Test func labelSplitsAtCommasOrAtDotsWhenExploded() {
        let plain = ParameterStyle(.label, explode: false), exploded = ParameterStyle(.label, explode: true)
        #expect(reader.read("id", style: plain, schema: integers, from: .text(".3,4,5")) == .value(.array([.number(3), .number(4), .number(5)])))
        #expect(reader.read("id", style: exploded, schema: integers, from: .text(".3.4.5")) == .value(.array([.number(3), .number(4), .number(5)])))
        #expect(reader.read("c", style: exploded, schema: rgb, from: .text(".R=100.G=200")) == .value(.object(["R": .number(100), "G": .number(200)])))
        #expect(reader.read("c", style: plain, schema: rgb, from: .text(".R,100,G,200")) == .value(.object(["R": .number(100), "G": .number(200)])))
        #expect(reader.read("id", style: plain, schema: integers, from: .text("3,4")) == .malformed("is not written as label style (.value)"))
    }

    /// A query or cookie parameter's name is matched as written: `?Limit=5` is not `limit`
    /// (names are case-sensitive in URLs and in OpenAPI; only header names are not).
    @Test func aQueryParametersNameIsMatchedInItsOwnCase() {
        let style = ParameterStyle([:], location: "query"), number = OpenAPISchema(["type": "integer"])
        #expect(reader.read("limit", style: style, schema: number, from: .pairs([(name: "Limit", value: "5")])) == .absent)
        #expect(reader.read("limit", style: style, schema: number, from: .pairs([(name: "limit", value: "5")])) == .value(.number(5)))
    }

    /// An object's property is typed by the schema that names it, also when that is an `allOf`
    /// member's (as generators write an extended filter): `f[code]=123` stays the text `123`.
    @Test func anAllOfMembersPropertyTypesItsValue() {
        let filter = OpenAPISchema(["allOf": [["type": "object", "properties": ["code": ["type": "string"]]],
                                              ["type": "object", "properties": ["limit": ["type": "integer"]]]]])
        let sent: [(name: String, value: String)] = [("f[code]", "123"), ("f[limit]", "5")]
        #expect(reader.read("f", style: ParameterStyle(.deepObject, explode: true), schema: filter, from: .pairs(sent))
                == .value(.object(["code": .string("123"), "limit": .number(5)])))
    }

    /// A header's list is written with blanks after its commas (`1, 2`, RFC 9110 §5.6.1): they
    /// are not part of the items.
    @Test func aHeadersListItemsLoseTheBlanksAroundThem() {
        let header = ParameterStyle([:], location: "header")
        #expect(reader.read("X-Ids", style: header, schema: integers, from: .text("1, 2,\t3")) == .value(.array([.number(1), .number(2), .number(3)])))
        let words = OpenAPISchema(["type": "array", "items": ["type": "string"]])
        #expect(reader.read("X-Tags", style: header, schema: words, from: .text("a , b")) == .value(.array([.string("a"), .string("b")])))
        #expect(reader.read("X-Map", style: header, schema: rgb, from: .text("R, 1, G, 2")) == .value(.object(["R": .number(1), "G": .number(2)])))
    }

    /// deepObject's brackets nest: every key under one name gathers into one object, in any
    /// order sent (`f[amount][min]=1&f[currency]=GBP&f[amount][max]=5`).
    @Test func deepObjectKeysUnderOneNameGatherIntoOneObject() {
        let filter = OpenAPISchema(["type": "object", "properties": [
            "amount": ["type": "object", "properties": ["min": ["type": "integer"], "max": ["type": "integer"]]],
            "currency": ["type": "string"]]])
        let sent: [(name: String, value: String)] = [("f[amount][min]", "1"), ("f[currency]", "GBP"), ("f[amount][max]", "5")]
        #expect(reader.read("f", style: ParameterStyle(.deepObject, explode: true), schema: filter, from: .pairs(sent))
                == .value(.object(["amount": .object(["min": .number(1), "max": .number(5)]), "currency": .string("GBP")])))
    }

    /// A deepObject key sent twice (`f[tags]=a&f[tags]=b`) is a list where its property's schema
    /// takes one, as a repeated name is at the top; otherwise the first value is read, as
    /// `form` reads a repeated name whose schema takes one value.
    @Test func aDeepObjectKeySentTwiceIsAListWhereItsSchemaTakesOneAndElseItsFirstValue() {
        let filter = OpenAPISchema(["type": "object", "properties": [
            "tags": ["type": "array", "items": ["type": "string"]], "status": ["type": "string"]]])
        let sent: [(name: String, value: String)] = [("f[status]", "open"), ("f[tags]", "a"), ("f[status]", "closed"), ("f[tags]", "b")]
        let read = reader.read("f", style: ParameterStyle(.deepObject, explode: true), schema: filter, from: .pairs(sent))
        #expect(read == .value(.object(["tags": .array([.string("a"), .string("b")]), "status": .string("open")])), "\(read)")
    }

    /// An empty key starts a new item each time it is sent (`f[items][][id]=1&f[items][][id]=2`
    /// is two items), where a named key gathers everything under it.
    @Test func anEmptyDeepObjectKeyStartsANewItemEachTime() {
        let filter = OpenAPISchema(["type": "object", "properties": [
            "items": ["type": "array", "items": ["type": "object", "properties": ["id": ["type": "integer"]]]]]])
        let sent: [(name: String, value: String)] = [("f[items][][id]", "1"), ("f[items][][id]", "2")]
        let read = reader.read("f", style: ParameterStyle(.deepObject, explode: true), schema: filter, from: .pairs(sent))
        #expect(read == .value(.object(["items": .array([.object(["id": .number(1)]), .object(["id": .number(2)])])])), "\(read)")
    }

    /// deepObject keys that are not indices (`ids[a]=1`) do not make a list: a list parameter
    /// sent so is read as the object it is, which its schema then refuses. One not sent at all is
    /// absent, not an empty list, so a required one is missing.
    @Test func namedDeepObjectKeysAreNotAListAndNoneIsAbsent() {
        let style = ParameterStyle(.deepObject, explode: true)
        let read = reader.read("ids", style: style, schema: integers, from: .pairs([("ids[a]", "1")]))
        #expect(read == .value(.object(["a": .number(1)])), "\(read)")
        #expect(reader.read("ids", style: style, schema: integers, from: .pairs([("other", "1"), ("idsx[0]", "2")])) == .absent)
    }

    /// An exploded object's entry is split at its first `=` only: the rest, `=` signs and all, is
    /// the value (a base64 token ends in them), in a header (`simple`) as in a label segment.
    @Test func anExplodedEntrysValueKeepsItsEqualsSigns() {
        let auth = OpenAPISchema(["type": "object", "properties": ["token": ["type": "string"], "role": ["type": "string"]]])
        let read = ParameterReading.value(.object(["token": .string("YWJj=="), "role": .string("admin")]))
        #expect(reader.read("X-Auth", style: ParameterStyle(.simple, explode: true), schema: auth, from: .text("token=YWJj==,role=admin")) == read)
        #expect(reader.read("a", style: ParameterStyle(.label, explode: true), schema: auth, from: .text(".token=YWJj==.role=admin")) == read)
    }

    /// An unexploded matrix object is `;name=key,value,…`: an odd count of items is not one, and
    /// the reason shows how it is written.
    @Test func anUnexplodedMatrixObjectNeedsKeyValuePairs() {
        let style = ParameterStyle(.matrix, explode: false)
        #expect(reader.read("color", style: style, schema: rgb, from: .text(";color=R,100,G,200"))
                == .value(.object(["R": .number(100), "G": .number(200)])))
        #expect(reader.read("color", style: style, schema: rgb, from: .text(";color=R,100,G"))
                == .malformed("is not written as matrix style (;color=key,value,…)"))
    }

    @Test func onlyLowerCaseTrueAndFalseAreBooleans() {
        let flag = OpenAPISchema(["type": "boolean"])
        let style = ParameterStyle([:], location: "query")
        for (text, read) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("TRUE", .string("TRUE")), ("False", .string("False"))] {
            #expect(reader.read("f", style: style, schema: flag, from: .pairs([(name: "f", value: text)])) == .value(read), "\(text)")
        }
    }
}
