import Dispatch
import TranscriptModel
import TranscriptSearch

/// The one budgeted path every search of the search flow takes (search, export, the pager's first
/// search, and a saved search run again by next/prev/goto/show because its files changed): the
/// search runs on another thread and the caller stops waiting when the time limit is spent (the
/// command line then exits, ending that thread), so a catastrophic regular expression (`(a+)+$` on
/// a long row) is reported instead of hanging.
package enum SearchExecution {
    /// The hits of `runner` over `corpus`, or why the search was abandoned.
    package static func search(
        _ runner: SearchRunner, over corpus: Corpus, request: SearchRequest?, budget: SearchBudget
    ) -> Result<HitIndex, SearchAbandoned> {
        if budget.testPause > 0 { FileCalls.pause(milliseconds: budget.testPause) }
        guard let timeout = budget.timeout else { return .success(runner.search(corpus)) }
        let deadline = ContinuousClock.now + timeout
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.index = try? runner.search(corpus, until: deadline, isCancelled: { false })
            done.signal()
        }
        let milliseconds = Int(timeout.components.seconds) * 1000 + Int(timeout.components.attoseconds / 1_000_000_000_000_000)
        if done.wait(timeout: .now() + .milliseconds(milliseconds + 50)) == .success, let index = box.index {
            return .success(index)
        }
        return .failure(SearchAbandoned(
            .timedOut(SearchTimedOut(timeout: timeout)), description: abandonedMessage(timeout: timeout, runner: runner, request: request)))
    }

    /// What ran out (`SearchTimedOut`'s words) and why the search was slow when that can be told
    /// from the query.
    package static func abandonedMessage(timeout: Duration, runner: SearchRunner, request: SearchRequest?) -> String {
        var message = SearchTimedOut(timeout: timeout).description
        if let request, request.options.syntax == .regularExpression {
            if hasNestedRepetition(request.text) {
                message += "; the pattern repeats a group that itself repeats, such as (a+)+, which can take forever"
            } else if runner.matcher is RegexMatcher {
                message += "; the pattern has no literal text every match must contain, so every row went through the regular expression"
            }
        }
        return message
    }

    /// Whether `pattern` has a quantified group with a quantifier inside: `(a+)+`, `(a|b*)*`, `(\w+\s?){2,}`.
    package static func hasNestedRepetition(_ pattern: String) -> Bool {
        var groups: [Bool] = []  // per open group: whether it holds a quantifier so far
        var escaped = false
        var inClass = false
        var closedWithQuantifier = false
        for character in pattern {
            defer { if character != ")" { closedWithQuantifier = false } }
            if escaped { escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case "[": inClass = true
            case "]": inClass = false
            case _ where inClass: break
            case "(": groups.append(false)
            case ")":
                let held = groups.popLast() ?? false
                if held, !groups.isEmpty { groups[groups.count - 1] = true }
                closedWithQuantifier = held
                continue
            case "*", "+", "?", "{":
                if closedWithQuantifier && character != "?" { return true }
                if !groups.isEmpty && character != "?" { groups[groups.count - 1] = true }
            default: break
            }
        }
        return false
    }

    /// The search's result, handed from its thread to the waiting one (the semaphore orders them).
    private final class ResultBox: @unchecked Sendable {
        var index: HitIndex?
    }
}
