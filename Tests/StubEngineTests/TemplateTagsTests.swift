import StubEngine
import Testing

/// `TemplateTags.problems`: every kind of Mustache tag a route file may hold, one row each, with
/// what the load check must say about it. The kinds are Mustache's own (comment `!`, pragma `%`,
/// section `#`, inverted `^`, close `/`, unescaped `&` and `{{{…}}}`, partial `>`, block `$`,
/// parent `<`, delimiter `=`); the names are route files' roots.
@Suite struct TemplateTagsTests {
    /// The first problem `text` has, or nil.
    private func problem(_ text: String, parameters: Set<String> = ["id"]) -> String? {
        TemplateTags.problems(in: text, parameters: parameters).first
    }

    @Test func aCommentOrAPragmaIsNeverReadAsAName() {
        #expect(problem("{{! anything at all, even user.name }}") == nil)
        #expect(problem("{{!nothing}}") == nil)
        #expect(problem("a {{! note }} b {{path.id}}") == nil)
        #expect(problem("{{% CONTENT_TYPE: JSON}}") == nil)
        // The same text outside a comment names nothing.
        #expect(problem("{{ anything }}")?.contains("names nothing") == true)
    }

    @Test func unescapedTagsAreCheckedLikeOthers() {
        #expect(problem("{{{body.name}}}") == nil)
        #expect(problem("{{&query.q}}") == nil)
        #expect(problem("{{{user.name}}}")?.contains("{{user.name}} names nothing") == true)
        #expect(problem("{{& user.name}}")?.contains("{{user.name}} names nothing") == true)
        #expect(problem("{{{path.other}}}")?.contains("{other} is not a path parameter") == true)
    }

    @Test func partialsBlocksAndDelimitersAreRefused() {
        for tag in ["{{> partial}}", "{{< parent}}", "{{$ block}}", "{{=<% %>=}}"] {
            #expect(problem(tag)?.contains("not supported in route files") == true, "\(tag)")
        }
    }

    @Test func namesInsideADataSectionAreRelativeSoUnchecked() {
        #expect(problem("{{#body.items}}{{name}} {{anything}}{{/body.items}}") == nil)
        #expect(problem("{{^body.items}}{{whatever}}{{/body.items}}") == nil)
        #expect(problem("{{#body.a}}{{#b}}{{c}}{{/b}}{{/body.a}}") == nil)
        // After the section closes, names are read from the top again.
        #expect(problem("{{#body.items}}{{name}}{{/body.items}}{{name}}")?.contains("{{name}} names nothing") == true)
    }

    @Test func namesInsideAStringHelperAreReadFromTheTopSoChecked() {
        for helper in ["upper", "lower", "capitalize", "capitalizeFirst", "trim", "urlEncode", "base64"] {
            #expect(problem("{{#\(helper)}}{{query.name}}{{/\(helper)}}") == nil, "\(helper)")
            #expect(problem("{{#\(helper)}}{{user.name}}{{/\(helper)}}")?.contains("{{user.name}} names nothing") == true, "\(helper)")
            #expect(problem("{{#\(helper)}}{{path.nope}}{{/\(helper)}}")?.contains("{nope} is not a path parameter") == true, "\(helper)")
        }
        // A helper inside a data section is inside the section: relative, unchecked.
        #expect(problem("{{#body.items}}{{#upper}}{{name}}{{/upper}}{{/body.items}}") == nil)
        // A data section inside a helper: its own names are checked, what it holds is not.
        #expect(problem("{{#upper}}{{#body.items}}{{name}}{{/body.items}}{{/upper}}") == nil)
        #expect(problem("{{#upper}}{{#user.items}}{{name}}{{/user.items}}{{/upper}}")?.contains("names nothing") == true)
    }

    @Test func sectionsMustCloseInOrder() {
        #expect(problem("{{#body.a}}x")?.contains("{{#body.a}} is never closed") == true)
        #expect(problem("x{{/body.a}}")?.contains("{{/body.a}} closes a section that is not open") == true)
        #expect(problem("{{#body.a}}{{#body.b}}{{/body.a}}{{/body.b}}")?.contains("closes a section that is not open") == true)
        #expect(problem("{{#body.a}}{{#body.b}}{{/body.b}}{{/body.a}}") == nil)
        #expect(problem("{{ path.id ")?.contains("never closed") == true)
    }

    @Test func pathParametersAreThoseTheRouteDeclares() {
        #expect(problem("{{path.id}}") == nil)
        #expect(problem("{{path}}") == nil, "the whole path")
        #expect(problem("{{path.id}}", parameters: [])?.contains("this route's path has no {parameters}") == true)
        #expect(problem("{{path.ID}}", parameters: ["id", "accountId"])?.contains("the path declares {accountId}, {id}") == true)
    }

    @Test func valuesWithoutFieldsRefuseAField() {
        for root in ["uuid", "now", "random", "fake", "counter", "session", "upper", "base64"] {
            #expect(problem("{{\(root).x}}")?.contains("\(root) has no fields") == true, "\(root)")
            #expect(problem("{{\(root)}}") == nil, "\(root)")
        }
        #expect(problem("{{request.url}} {{headers.X-Id}} {{body.a.b.c}} {{query.q}}") == nil)
        #expect(problem("{{.}}") == nil, "the current value")
    }

    @Test func sectionArgumentsAreCheckedOnlyAtTheTop() {
        #expect(problem("{{#now}}+1d date{{/now}}") == nil)
        #expect(problem("{{#now}}+1x{{/now}}")?.contains("+1x") == true)
        #expect(problem("{{#random}}1-6{{/random}}") == nil)
        #expect(problem("{{#fake}}iban{{/fake}}") == nil)
        #expect(problem("{{#fake}}planet{{/fake}}")?.contains("the kinds are") == true)
        // Inside a data section, `now` is a field of the item, not the helper.
        #expect(problem("{{#body.items}}{{#now}}+1x{{/now}}{{/body.items}}") == nil)
    }
}
