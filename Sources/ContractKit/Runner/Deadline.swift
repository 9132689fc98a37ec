
/// Runs work with an upper bound on the wait: the harness never awaits a team's closure forever.
enum Deadline {
    struct Exceeded: Error, CustomStringConvertible {
        let seconds: Double
        var description: String { "the operation did not finish within \(Int(seconds)) s; it is cancelled" }
    }

    /// The result of `body`, or `Exceeded` after `seconds`. The work is cancelled when the time
    /// runs out, and is not waited for: a closure that ignores cancellation cannot hang the run.
    static func run<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let once = Locked<CheckedContinuation<T, any Error>?>(nil)
        let work = Locked<[Task<Void, Never>]>([])
        @Sendable func finish(_ result: Result<T, any Error>) {
            let continuation = once.withLock { box in defer { box = nil }; return box }
            continuation?.resume(with: result)
            for task in work.withLock({ $0 }) { task.cancel() }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                once.withLock { $0 = continuation }
                let operation = Task {
                    do { finish(.success(try await body())) } catch { finish(.failure(error)) }
                }
                let timer = Task {
                    do { try await Task.sleep(for: .seconds(seconds)) } catch { return }
                    finish(.failure(Exceeded(seconds: seconds)))
                }
                work.withLock { $0 = [operation, timer] }
            }
        } onCancel: {
            finish(.failure(CancellationError()))
        }
    }
}
