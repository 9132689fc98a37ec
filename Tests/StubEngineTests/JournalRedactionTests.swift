import Foundation
import HTTPTypes
import Testing
@testable import StubEngine

/// What the journal and the console mask.
@Suite struct JournalRedactionTests {
    @Test func secretKeysAreMaskedAtAnyDepthAndTheRestKept() throws {
        let json = #"{"user":{"name":"Alex","pin":"1234","cards":[{"cvv":"999","last4":"4242"}]},"client_secret":"x","refreshToken":"y","note":null,"accessToken":null,"token_type":"Bearer","tokenExpiresAt":"2026-11-23T10:00:00Z"}"#
        let text = try #require(JournalRedaction.body(Array(json.utf8), contentType: "application/json"))
        for secret in ["1234", "999", "\"x\"", "\"y\""] { #expect(!text.contains(secret), "\(secret) is masked") }
        for kept in ["Alex", "4242", #""note" : null"#, #""accessToken" : null"#, "Bearer", "2026-11-23T10:00:00Z"] { #expect(text.contains(kept), "\(kept) is kept") }
    }

    /// A PIN, OTP or CVV is a key of its own: a key that merely contains the letters (a
    /// shipping address, a spinner, a footprint) is shown, so a test can still read it.
    @Test func shortSecretNamesAreWholeKeysNotParts() throws {
        let json = #"{"pin":"1234","otp":"55","shipping":"DHL","spinnerState":"on","footprint":"f","cvc":"321","CVV2":"777"}"#
        let text = try #require(JournalRedaction.body(Array(json.utf8), contentType: "application/json"))
        for secret in ["1234", "\"55\"", "321", "777"] { #expect(!text.contains(secret), "\(secret) is masked") }
        for kept in ["DHL", "\"on\"", "\"f\""] { #expect(text.contains(kept), "\(kept) is kept") }
    }

    @Test func formsTextAndBinary() {
        #expect(JournalRedaction.body(Array("username=alex&password=pass_good".utf8), contentType: "application/x-www-form-urlencoded")
                == "username=alex&password=[redacted]")
        #expect(JournalRedaction.body(Array("plain words".utf8), contentType: "text/plain") == "plain words")
        #expect(JournalRedaction.body([0xff, 0xfe, 0x00], contentType: nil) == "(3 bytes, not text)")
        #expect(JournalRedaction.body([], contentType: nil) == nil)
    }

    /// Every key family the docs name as a secret, in the spellings apps use, and its
    /// look-alikes that describe a secret rather than hold one.
    @Test func everySecretKeyFamilyIsMaskedWhateverItsSpelling() {
        let secrets = ["access_token", "refreshToken", "id-token", "password", "newPassword", "passcode", "Passcode",
                       "client_secret", "clientSecret", "apiKey", "api_key", "X-API-KEY", "authorization", "Authorization",
                       "pin", "PIN", "otp", "cvv", "cvc", "cvv2"]
        for key in secrets { #expect(JournalRedaction.isSecretKey(key), "\(key) is a secret") }
        let shown = ["token_type", "tokenType", "tokenExpiresAt", "expires_in", "pinned", "spinner",
                     "otpChannel", "cvvLength", "username", "apiVersion", "authorised"]
        for key in shown { #expect(!JournalRedaction.isSecretKey(key), "\(key) is shown") }
    }

    /// A form's secret field is masked however its name is percent-encoded; other fields and
    /// text that is not a form are as sent.
    @Test func aFormsSecretFieldsAreMaskedWhateverTheirEncoding() {
        let form = "user=sam&pass%77ord=hunter2&client%5Fsecret=abc&amount=5&pin="
        let shown = JournalRedaction.body(Array(form.utf8), contentType: "application/x-www-form-urlencoded; charset=utf-8")
        #expect(shown == "user=sam&pass%77ord=[redacted]&client%5Fsecret=[redacted]&amount=5&pin=[redacted]", "\(shown ?? "")")
        #expect(JournalRedaction.body(Array(form.utf8), contentType: "text/plain") == form)
    }

    /// Every credential header the docs name, in any case; other headers as sent.
    @Test func everyCredentialHeaderIsMaskedInAnyCase() {
        let credentials = ["Authorization", "proxy-authorization", "COOKIE", "Set-Cookie", "x-api-key", "X-Stub-Admin-Token"]
        let shown = JournalRedaction.headers(credentials.map { (name: $0, value: "secret-value") } + [(name: "X-Api-Version", value: "2")])
        for name in credentials { #expect(shown[name] == "[redacted]", "\(name) is masked") }
        #expect(shown["X-Api-Version"] == "2")
    }

    @Test func credentialHeadersAreMasked() {
        let shown = JournalRedaction.headers([(name: "Authorization", value: "Bearer t"), (name: "Set-Cookie", value: "s=1"), (name: "X-Api-Key", value: "k"), (name: "Accept", value: "*/*")])
        #expect(shown == ["Authorization": "[redacted]", "Set-Cookie": "[redacted]", "X-Api-Key": "[redacted]", "Accept": "*/*"])
    }

    @Test func theRingKeepsTheNewest() {
        var ring = BoundedRing<Int>(capacity: 3)
        for value in 1...5 { ring.append(value) }
        #expect(ring.elements == [3, 4, 5])
        #expect(ring.retain { $0 != 4 } == 1)
        #expect(ring.elements == [3, 5])
        ring.append(6)
        ring.append(7)
        #expect(ring.elements == [5, 6, 7])
        var off = BoundedRing<Int>(capacity: 0)
        #expect(off.append(1) == 1 && off.elements.isEmpty)
    }

    /// Removing entries from a ring that has wrapped leaves the rest oldest first, and what comes
    /// next goes after them and pushes out the oldest.
    @Test func aWrappedRingStaysInOrderAfterEntriesAreRemoved() {
        var ring = BoundedRing<Int>(capacity: 4)
        for value in 1...6 { ring.append(value) }
        #expect(ring.elements == [3, 4, 5, 6])
        #expect(ring.retain { $0 != 4 } == 1)
        ring.append(7)
        #expect(ring.elements == [3, 5, 6, 7])
        #expect(ring.element(fromNewest: 0) == 7 && ring.element(fromNewest: 3) == 3)
        #expect(ring.append(8) == 3, "the oldest goes first")
        #expect(ring.elements == [5, 6, 7, 8])
    }

    @Test func theRingCountsBackFromTheNewest() {
        var ring = BoundedRing<Int>(capacity: 3)
        #expect(ring.element(fromNewest: 0) == nil)
        ring.append(1)
        ring.append(2)
        #expect(ring.element(fromNewest: 0) == 2 && ring.element(fromNewest: 1) == 1 && ring.element(fromNewest: 2) == nil)
        for value in 3...7 { ring.append(value) }  // wrapped: holds 5, 6, 7
        #expect((0..<3).map { ring.element(fromNewest: $0) } == [7, 6, 5])
        #expect(ring.element(fromNewest: 3) == nil && ring.element(fromNewest: -1) == nil)
        ring.retain { $0 != 6 }
        #expect(ring.element(fromNewest: 0) == 7 && ring.element(fromNewest: 1) == 5)
    }

    /// Only the newest `detailCapacity` entries keep bodies; the entry that falls out of them
    /// loses its bodies at once, and route hits are counted whether or not the journal is on.
    @Test func bodiesFollowTheNewestAndHitsCountEvenWithTheJournalOff() {
        let journal = RequestJournal(capacity: RequestJournal.detailCapacity + 5)
        func record(_ route: String?) {
            journal.record(JournalRecord(requestId: "r", receivedAt: Date(), method: "GET", path: "/x", query: [:], session: "s",
                                         route: route, status: 200, latencyMs: 0, headers: [:]),
                           bodies: ExchangeBodies(requestBody: [], responseStatus: 200, responseHeaders: [:], responseBody: Array("ok".utf8)))
        }
        for _ in 0...RequestJournal.detailCapacity { record("GET /x") }
        #expect(journal.detail(sequence: 1)?.response == nil, "the 201st newest has no bodies")
        #expect(journal.detail(sequence: 2)?.response?.body == "ok")
        #expect(journal.hits(session: "s") == ["GET /x": RequestJournal.detailCapacity + 1])
        let off = RequestJournal(capacity: 0)
        off.record(JournalRecord(requestId: "r", receivedAt: Date(), method: "GET", path: "/x", query: [:], session: "s",
                                 route: "GET /x", status: 200, latencyMs: 0, headers: [:]))
        #expect(off.entries().isEmpty && off.hits(session: nil) == ["GET /x": 1])
        off.resetHits(session: "s")
        #expect(off.hits(session: nil).isEmpty)
    }
    /// A body of exactly `ExchangeBodies.maxBytes` is kept and one byte more is not (its size
    /// is); the response's credential headers are masked as the request's are.
    @Test func bodiesUpToTheLimitAreKeptAndResponseCredentialsMasked() {
        let journal = RequestJournal(capacity: 10)
        let limit = ExchangeBodies.maxBytes
        for size in [limit, limit + 1] {
            let body = [UInt8](repeating: UInt8(ascii: "a"), count: size)
            journal.record(JournalRecord(requestId: "r", receivedAt: Date(), method: "POST", path: "/x", query: [:], session: "s",
                                         route: nil, status: 200, latencyMs: 0, headers: [:]),
                           bodies: ExchangeBodies(requestBody: body, responseStatus: 200,
                                                  responseHeaders: [.setCookie: "sid=secret", .contentType: "text/plain"],
                                                  responseBody: body))
        }
        let kept = journal.detail(sequence: 1), dropped = journal.detail(sequence: 2)
        #expect(kept?.request?.body?.utf8.count == limit && kept?.request?.bodyOmitted == nil)
        #expect(kept?.response?.body?.utf8.count == limit && kept?.response?.bodyOmitted == nil)
        #expect(dropped?.request?.body == nil && dropped?.request?.bodyOmitted != nil && dropped?.request?.bodyBytes == limit + 1)
        #expect(dropped?.response?.body == nil && dropped?.response?.bodyBytes == limit + 1)
        #expect(kept?.response?.headers["Set-Cookie"] == JournalRedaction.mask)
        #expect(kept?.response?.headers["Content-Type"] == "text/plain")
    }

    /// Each body is read by its own side's type: a token answered as a form (an older OAuth
    /// server's `access_token=…&token_type=bearer`) to a JSON request is masked, and a form-like
    /// JSON request's text is not taken for a form.
    @Test func eachBodyIsReadByItsOwnContentType() {
        let journal = RequestJournal(capacity: 10)
        journal.record(JournalRecord(requestId: "r", receivedAt: Date(), method: "POST", path: "/oauth/token", query: [:],
                                     session: "s", route: nil, status: 200, latencyMs: 0,
                                     headers: [.contentType: "text/plain"]),
                       bodies: ExchangeBodies(requestBody: Array("note=a&password=kept-as-text".utf8), responseStatus: 200,
                                              responseHeaders: [.contentType: "application/x-www-form-urlencoded"],
                                              responseBody: Array("access_token=abc123&token_type=bearer".utf8)))
        let detail = journal.detail(sequence: 1)
        #expect(detail?.response?.body == "access_token=\(JournalRedaction.mask)&token_type=bearer")
        #expect(detail?.request?.body == "note=a&password=kept-as-text", "plain text is shown as sent")
    }

    /// At most `maxListeners` listen at once: the next is refused until one leaves. The number
    /// is the one README's admin table states for `GET /__stubbank/events`.
    @Test func theFeedTakesAtMostItsBoundOfListeners() {
        #expect(JournalFeed.maxListeners == 64, "README's admin table says 64 event streams at once")
        let feed = JournalFeed()
        let held = (0..<JournalFeed.maxListeners).compactMap { _ in feed.subscribe(session: nil) }
        #expect(held.count == JournalFeed.maxListeners && feed.hasListeners)
        #expect(feed.subscribe(session: "a") == nil)
        feed.unsubscribe(held[0].key)
        let another = feed.subscribe(session: "a")
        #expect(another != nil)
        for key in held.dropFirst().map(\.key) + [another?.key].compactMap({ $0 }) { feed.unsubscribe(key) }
        #expect(feed.count == 0 && !feed.hasListeners)
    }

    /// The live feed: a listener for every session hears each session's entries, a session's
    /// listener only its own, in order.
    @Test func aListenerForEverySessionHearsThemAllAndASessionsOnlyItsOwn() async throws {
        let journal = RequestJournal(capacity: 10)
        let every = try #require(journal.feed.subscribe(session: nil))
        let own = try #require(journal.feed.subscribe(session: "b"))
        for session in ["a", "b", "a"] {
            journal.record(JournalRecord(requestId: session, receivedAt: Date(), method: "GET", path: "/x", query: [:],
                                         session: session, route: nil, status: 200, latencyMs: 0, headers: [:]))
        }
        journal.feed.unsubscribe(every.key)
        journal.feed.unsubscribe(own.key)
        var heard: [String] = [], heardByB: [String] = []
        for await entry in every.stream { heard.append(entry.session) }
        for await entry in own.stream { heardByB.append(entry.session) }
        #expect(heard == ["a", "b", "a"])
        #expect(heardByB == ["b"])
        #expect(journal.feed.count == 0)
    }
}
