import ArgumentParser
import StubServeCommand
import Testing

/// `stubbank serve` and `stubbank-server` share these options; a bad value is refused naming the
/// option, before anything listens.
@Suite struct ServeOptionsTests {
    /// The repository's own stubs folder, so `--stubs` passes its check wherever the test runs.
    private let stubs = String(#filePath.split(separator: "/Tests/", maxSplits: 1)[0]) + "/Stubs"

    private func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try ServeOptions.parse(["--stubs", stubs] + arguments)
            return nil
        } catch {
            return ServeOptions.message(for: error)
        }
    }

    @Test func theDefaultsParse() throws {
        _ = try ServeOptions.parse(["--stubs", stubs])
    }

    @Test(arguments: [
        (["--port", "70000"], "--port must be from 0 to 65535."),
        (["--journal-size", "100001"], "--journal-size must be from 0 to 100000."),
        (["--max-body", "10"], "--max-body must be from 1024 bytes to 32 MiB (33554432)."),
        (["--admin-token", "  "], "--admin-token must not be empty; leave it out to keep the admin API on loopback."),
        (["--log-level", "loud"], "--log-level must be one of trace, debug, info, notice, warning, error."),
    ])
    func aBadValueIsRefusedNamingTheOption(arguments: [String], message: String) {
        #expect(refusal(arguments) == message)
    }

    @Test func aMissingStubsFolderSaysHowToPassOne() {
        let message = (try? ServeOptions.parse(["--stubs", "/no/such/folder"])).map { _ in "" } ?? "refused"
        #expect(message == "refused")
        do {
            _ = try ServeOptions.parse(["--stubs", "/no/such/folder"])
        } catch {
            #expect(ServeOptions.message(for: error).contains("pass --stubs DIR"))
        }
    }
}
