/// The current hit: a position among a search's hits, or none, and the moves that change it.
///
/// A pure value: `next`/`previous` move by one hit (not by row) and say whether they wrapped; at the
/// ends they wrap unless `wrapping` is `.stops`, in which case they stay and say so. `select` makes
/// any hit current (a click, `goto K`). Re-anchoring after the query or the files change is in
/// `HitCursor+Reanchoring.swift`.
public struct HitCursor: Hashable, Sendable {
    /// What happens at either end.
    public enum Wrapping: Hashable, Sendable {
        /// Past the last hit comes the first, and before the first the last.
        case wraps
        /// The ends are walls.
        case stops
    }

    /// How a move went.
    public enum Outcome: Hashable, Sendable {
        /// Moved without passing an end.
        case moved
        /// Passed an end and continued from the other (at least once).
        case wrapped
        /// Hit an end and stopped there (`.stops`); the cursor may have moved part of the way.
        case stoppedAtEnd
        /// There are no hits; nothing is current.
        case noHits
    }

    /// The number of hits the cursor moves over.
    public let count: Int
    /// What a step past the first or last hit does.
    public let wrapping: Wrapping
    /// The current hit's position (0-based), or nil when there are no hits.
    public private(set) var current: Int?

    /// A cursor over `count` hits with the first one current (as a search in `less` or vim puts you
    /// on the first match), or none when there are no hits.
    public init(count: Int, wrapping: Wrapping = .wraps) {
        precondition(count >= 0, "a hit count is never negative")
        self.count = count
        self.wrapping = wrapping
        self.current = count > 0 ? 0 : nil
    }

    /// A cursor over `count` hits with `current` current (clamped into range).
    public init(count: Int, current: Int?, wrapping: Wrapping = .wraps) {
        self.init(count: count, wrapping: wrapping)
        if let current, count > 0 { self.current = min(max(current, 0), count - 1) }
    }

    /// Whether the first hit is current.
    public var isAtFirstHit: Bool { current == 0 }
    /// Whether the last hit is current.
    public var isAtLastHit: Bool { current != nil && current == count - 1 }

    /// Moves `steps` hits forward (backward when negative).
    @discardableResult
    public mutating func move(by steps: Int) -> Outcome {
        guard let position = current else { return .noHits }
        let target = position + steps
        if (0..<count).contains(target) {
            current = target
            return .moved
        }
        switch wrapping {
        case .wraps:
            current = ((target % count) + count) % count
            return .wrapped
        case .stops:
            current = target < 0 ? 0 : count - 1
            return .stoppedAtEnd
        }
    }

    /// Moves to the next hit (wrapping or stopping at the last, as `wrapping` says).
    @discardableResult
    public mutating func next() -> Outcome { move(by: 1) }

    /// Moves to the previous hit (wrapping or stopping at the first, as `wrapping` says).
    @discardableResult
    public mutating func previous() -> Outcome { move(by: -1) }

    /// Makes hit `position` current. Returns false (and changes nothing) for a position that is not
    /// a hit: every position from 0 to `count - 1` is selectable.
    @discardableResult
    public mutating func select(_ position: Int) -> Bool {
        guard (0..<count).contains(position) else { return false }
        current = position
        return true
    }

    /// Makes the first hit current (nothing when there are no hits).
    public mutating func first() { if count > 0 { current = 0 } }
    /// Makes the last hit current (nothing when there are no hits).
    public mutating func last() { if count > 0 { current = count - 1 } }
}
