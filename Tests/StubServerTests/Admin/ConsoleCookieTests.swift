import HTTPTypes
import Testing
import StubRuntime

/// The console's cookie is read back as a browser sends it: among other cookies, in one
/// `Cookie` field (as an in-process request carries it; the socket path splits a field into
/// one per cookie before the admin API sees it), and whatever characters the token holds.
@Suite struct ConsoleCookieTests {
    @Test func theCookieIsReadBackWhereverItSitsAndWhateverTheTokenHolds() {
        let token = "s3cret/+= é"
        let pair = String(ConsoleCookie.setCookie(token).prefix { $0 != ";" })
        #expect(pair.hasPrefix("stubbank_admin_token=") && !pair.contains("/") && !pair.contains(" "),
                "the token is percent-encoded in the cookie: \(pair)")
        for value in [pair, "theme=dark; \(pair)", "theme=dark;\(pair) ; lang=en"] {
            var headers = HTTPFields()
            headers.append(HTTPField(name: .cookie, value: value))
            #expect(ConsoleCookie.token(in: headers) == token, "\(value)")
        }
        var other = HTTPFields()
        other.append(HTTPField(name: .cookie, value: "theme=dark; stubbank_admin_token_old=x"))
        #expect(ConsoleCookie.token(in: other) == nil)
    }
}
