package import Foundation
import HTTPTypes

/// A route file's answer to one request: the response, and the behaviour its route asks for.
package struct FileRouteAnswer: Sendable {
    package var response: StubResponse
    package var behaviour: RouteBehaviour
    /// Seed for the latency sample, so a replay waits the same.
    package var seed: UInt64

    /// Renders the selected response for `input`.
    package init(selection: FileRouteState.Selection, route: FileRoute, input: RouteInput, now: Date) {
        let chosen = selection.response
        var scope: TemplateScope?
        func scoped() -> TemplateScope {
            if let scope { return scope }
            let made = TemplateScope(input: input, now: now, counter: selection.counter, random: TemplateRandom(seed: selection.seed))
            scope = made
            return made
        }
        var body: [UInt8]
        switch chosen.body {
        case .empty: body = []
        case .bytes(let bytes, _): body = bytes
        case .template(let template, _): body = Array(template.render(scoped()).utf8)
        }
        var response = StubResponse(status: HTTPResponse.Status(code: chosen.status), body: body, contentType: chosen.body.contentType)
        // A field written as a list comes as neighbouring entries: the first replaces what the
        // defaults set, the rest are added beside it. (Two passes, not the lists joined: no
        // array is made per request.)
        func apply(_ headers: [(name: HTTPField.Name, value: ResponseTemplate)]) {
            var previous: HTTPField.Name?
            for (name, value) in headers {
                let text: String
                if case .literal(let literal) = value { text = literal } else { text = value.render(scoped()) }
                // A 204's or 304's type is a header of its own: the body's type goes with the body.
                if name == .contentType, !BodylessResponse.neverCarriesBody(status: chosen.status) {
                    response.contentType = text
                } else if name == previous {
                    response.headers.append(HTTPField(name: name, value: text))
                } else {
                    response.headers[name] = text
                }
                previous = name
            }
        }
        apply(route.defaultHeaders)
        apply(chosen.headers)
        self.response = response
        self.behaviour = chosen.behaviour
        self.seed = selection.seed
    }
}
