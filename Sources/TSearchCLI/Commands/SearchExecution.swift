import Dispatch
import TranscriptModel
import TranscriptSearch

/// Runs a search under a time budget, so a catastrophic regular expression (`(a+)+$` on a long row)
/// is reported instead of hanging: the search runs on another thread and the command stops waiting
/// when the budget is spent (the process then exits, ending that thread). The budget is 10 seconds,
/// or `TSEARCH_SEARCH_BUDGET_MS`.
enum SearchExecution {
    static func run(_ runner: SearchRunner, over corpus: Corpus, environment: CommandEnvironment) -> HitIndex? {
        let budget = Int(environment.variables["TSEARCH_SEARCH_BUDGET_MS"] ?? "") ?? 10_000
        let deadline = ContinuousClock.now + .milliseconds(budget)
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.index = try? runner.search(corpus, until: deadline, isCancelled: { false })
            done.signal()
        }
        if done.wait(timeout: .now() + .milliseconds(budget + 50)) == .success, let index = box.index {
            return index
        }
        environment.report("the search took longer than \(budget) ms and was abandoned"
            + (runner.matcher == nil ? "" : " (a regular expression with nested repetition, such as (a+)+, can take forever)"))
        return nil
    }

    /// The search's result, handed from its thread to the waiting one (the semaphore orders them).
    private final class ResultBox: @unchecked Sendable {
        var index: HitIndex?
    }
}
