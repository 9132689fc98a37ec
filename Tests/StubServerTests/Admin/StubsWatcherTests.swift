import Foundation
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

@Suite struct StubsWatcherTests {
    @Test func anEditChangesTheFingerprintAndNothingElseDoes() throws {
        let scratch = try ScratchStubs()
        let watcher = StubsWatcher(backend: try makeBackend(stubs: scratch.url))
        let before = watcher.fingerprint()
        #expect(!before.isEmpty)
        #expect(watcher.fingerprint() == before)
        try scratch.write("personas/alex/cards.json", #"{"data": [], "nextCursor": null}"#)
        #expect(watcher.fingerprint() != before)
    }
}
