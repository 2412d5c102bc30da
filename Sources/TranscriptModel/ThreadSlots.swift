/// Results of a parallel loop (`DispatchQueue.concurrentPerform`), one slot per iteration, and the
/// one place the codebase argues why sharing them is safe:
///
/// - each iteration writes only its own slot (`slots[iteration]`), so no two threads ever touch
///   the same element, and the slots are raw memory, not a Swift array, so a write is not an
///   access to a shared collection value (no copy-on-write, no exclusivity check across threads);
/// - the caller reads the slots only after the loop returns, which orders every write before
///   every read (the loop waits for all its iterations).
///
/// Under those two rules the type is `Sendable` although the compiler cannot prove it. Memory is
/// the caller's: `free()` when done (usually in a `defer`).
///
///     let results = ThreadSlots<HitList>(count: pieces.count, repeating: HitList())
///     defer { results.free() }
///     DispatchQueue.concurrentPerform(iterations: pieces.count) { piece in results[piece] = search(piece) }
///     for hits in results.slots { all.append(contentsOf: hits) }
package struct ThreadSlots<Element>: @unchecked Sendable {
    /// The slots, in iteration order.
    package let slots: UnsafeMutableBufferPointer<Element>

    /// `count` slots, each `initial`.
    package init(count: Int, repeating initial: Element) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
    }

    /// The slot of iteration `index`: written by that iteration only, read after the loop.
    package subscript(index: Int) -> Element {
        get { slots[index] }
        nonmutating set { slots[index] = newValue }
    }

    /// The slots' values, copied out (after the loop).
    package var values: [Element] { Array(slots) }

    /// Deinitializes and frees the slots; the type must not be used afterwards.
    package func free() {
        slots.deinitialize().deallocate()
    }
}

/// Memory the iterations of a parallel loop only read (the text being searched, a file's bytes),
/// handed to them as one value: `Sendable` because nobody writes it while they run, the same
/// argument as `ThreadSlots`'s second rule, made by the caller that owns the memory.
package struct ReadOnlyShared<Value>: @unchecked Sendable {
    /// The memory, read by every iteration and written by none.
    package let value: Value

    /// `value`, shared for reading only.
    package init(_ value: Value) {
        self.value = value
    }
}
