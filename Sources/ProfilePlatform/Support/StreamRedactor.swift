/// Replaces every occurrence of a set of byte strings in a stream, whatever the chunks it arrives in: the matcher
/// behind `run --redact` and `profile redact`.
///
/// One Aho–Corasick automaton over every secret at once, compiled to a table of transitions (256 per state), so each
/// byte costs one table read whatever the number of secrets; the output is linear in the input. Outside a partial
/// match, most bytes are not even read: a Wu–Manber shift table over blocks of four bytes (the last four of a window as
/// long as the shortest secret, read in one load and hashed into a table small enough for the first-level cache) says
/// how far the next possible start of a secret is, so ordinary output is skipped several bytes at a time (the shortest
/// secret masked is 8 bytes: shifts of up to 5). Four bytes rather than two: in log text, pairs such as `re` or `-S`
/// are in secrets often enough to cut the shifts short, and one load per step is fewer instructions than two
/// (`Benchmarks/run.sh --redact`: this loop is most of `profile`'s own time). Each step looks up four windows at once
/// (each a full shift after the last), used in order while the shifts before them were full: the lookups of one
/// window after another wait for each other, four independent ones cost about as much as one (2.8x the bytes per
/// second of one window a step on the benchmark's text). Bytes are held back
/// only while they may still be the start of a secret: at most the longest partial match (plus a match that a longer
/// secret may still extend), so a secret written one byte at a time, or split across writes anywhere, is masked, and
/// everything else passes at once.
///
/// Where matches overlap (a secret inside another, or two that share bytes), the union of their bytes is replaced by
/// one mask, named after the match that starts first (the longest of those): no byte of any secret reaches the output.
package struct StreamRedactor {
    /// `transitions[state << 8 | byte]`: the next state, with ``matchBit`` set when some secret ends there.
    private var transitions: [Int32]
    /// For each state: the length of the longest secret ending there (0: none) and its index in `masks`.
    private var matchLength: [Int32]
    private var matchIndex: [Int32]
    /// For each state: its depth (the bytes of the partial match it stands for).
    private var depth: [Int32]
    /// Whether a secret starts with the byte: in the root state, bytes that start none are skipped fast (when the
    /// shortest secret is too short for ``shifts``).
    private var starts: [Bool]
    /// The length of the shortest secret, and for each slot of four bytes (``slot(_:bits:)``) how far a window of
    /// that length whose last four bytes fall in the slot can move without passing the start of a secret (Wu–Manber;
    /// blocks that share a slot share the smallest shift); empty when the shortest secret is shorter than 5 bytes.
    private var window = 0
    private var shifts: [UInt8] = []
    /// The table's size: `1 << shiftBits` slots.
    private var shiftBits = 0
    /// The text that replaces each secret.
    private let masks: [[UInt8]]
    private static let matchBit: Int32 = 1 << 30

    /// The current state, the stream's position, and what is not yet written.
    private var state: Int32 = 0
    private var position = 0
    /// The bytes from `heldStart` to `position`, not yet written (they may still be part of a secret).
    private var held: [UInt8] = []
    private var heldStart = 0
    /// Matched ranges not yet written, in order, disjoint: start, end, mask index.
    private var pending: [(start: Int, end: Int, mask: Int)] = []

    /// A redactor replacing each of `secrets` (non-empty byte strings) by its mask. When the same bytes are given more
    /// than once, the first mask is used.
    package init(secrets: [(bytes: [UInt8], mask: [UInt8])]) {
        var goto: [[Int32]] = [Array(repeating: -1, count: 256)]
        var length: [Int32] = [0]
        var index: [Int32] = [-1]
        var depth: [Int32] = [0]
        var masks: [[UInt8]] = []
        starts = Array(repeating: false, count: 256)
        for (bytes, mask) in secrets where !bytes.isEmpty {
            var node = 0
            for byte in bytes {
                let next = goto[node][Int(byte)]
                if next >= 0 {
                    node = Int(next)
                } else {
                    goto.append(Array(repeating: -1, count: 256))
                    length.append(0)
                    index.append(-1)
                    depth.append(depth[node] + 1)
                    goto[node][Int(byte)] = Int32(goto.count - 1)
                    node = goto.count - 1
                }
            }
            starts[Int(bytes[0])] = true
            if length[node] == 0 {
                length[node] = Int32(bytes.count)
                index[node] = Int32(masks.count)
                masks.append(mask)
            }
        }
        self.masks = masks
        let shortest = secrets.map(\.bytes.count).filter { $0 > 0 }.min() ?? 0
        if shortest >= 5 {
            // A secret starting k bytes after the window's start puts its bytes m-4-k to m-1-k (m: the window) at the
            // window's last four places: the block at q...q+3 of a secret's first m bytes allows a shift of m-4-q at
            // most; any other block m-3 (a secret may start at the window's third-to-last byte).
            let m = min(shortest, 255)
            let blocks = secrets.count * (m - 3)
            // About 1/32 of the slots taken, 4 to 64 KiB: a block of ordinary text rarely falls in a secret's slot.
            var bits = 12
            while bits < 16 && blocks << 5 > 1 << bits { bits += 1 }
            var table = [UInt8](repeating: UInt8(m - 3), count: 1 << bits)
            for (bytes, _) in secrets where !bytes.isEmpty {
                bytes.withUnsafeBytes { bytes in
                    for q in 0...(m - 4) {
                        let slot = Self.slot(bytes.loadUnaligned(fromByteOffset: q, as: UInt32.self), bits: bits)
                        table[slot] = min(table[slot], UInt8(m - 4 - q))
                    }
                }
            }
            window = m
            shifts = table
            shiftBits = bits
        }
        // Breadth-first: failure links, the longest match ending at each state (its own, else its failure state's),
        // and the complete transition table.
        var failure = [Int32](repeating: 0, count: goto.count)
        var table = [Int32](repeating: 0, count: goto.count * 256)
        var queue: [Int] = []
        for byte in 0..<256 {
            let next = goto[0][byte]
            if next > 0 {
                table[byte] = next
                queue.append(Int(next))
            }
        }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            let fail = Int(failure[node])
            if length[node] == 0 {
                length[node] = length[fail]
                index[node] = index[fail]
            }
            for byte in 0..<256 {
                let next = goto[node][byte]
                if next >= 0 {
                    failure[Int(next)] = table[fail << 8 | byte]
                    table[node << 8 | byte] = next
                    queue.append(Int(next))
                } else {
                    table[node << 8 | byte] = table[fail << 8 | byte]
                }
            }
        }
        for slot in table.indices where length[Int(table[slot])] > 0 { table[slot] |= Self.matchBit }
        transitions = table
        matchLength = length
        matchIndex = index
        self.depth = depth
    }

    /// The shift table's slot of four bytes (as one load reads them: the table and the scan use the same loads): a
    /// multiplicative hash's top `bits` bits.
    @inline(__always)
    private static func slot(_ block: UInt32, bits: Int) -> Int {
        Int(truncatingIfNeeded: (block &* 0x9E37_79B1) >> UInt32(truncatingIfNeeded: 32 - bits))
    }

    /// Whether there is nothing to replace: every chunk passes as it is.
    package var isEmpty: Bool { masks.isEmpty }

    /// Takes the next chunk of the stream and appends to `output` what can be written now: everything except the
    /// bytes that may still be the start of a secret.
    package mutating func process(_ chunk: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        process(chunk) { output.append(contentsOf: $0) }
    }

    /// Takes the next chunk of the stream and hands `write` what can be written now, in order, in as few pieces as
    /// it can (the chunk's own bytes are not copied: a chunk without a secret is one or two pieces).
    package mutating func process(_ chunk: UnsafeRawBufferPointer, write: (UnsafeRawBufferPointer) -> Void) {
        guard !masks.isEmpty else {
            write(chunk)
            return
        }
        let chunkStart = position
        var state = self.state
        let transitions = self.transitions
        let starts = self.starts
        let shifts = self.shifts
        let window = self.window
        let bits = self.shiftBits
        transitions.withUnsafeBufferPointer { table in
            starts.withUnsafeBufferPointer { starts in
                shifts.withUnsafeBufferPointer { shifts in
                    let bytes = chunk.bindMemory(to: UInt8.self)
                    var index = 0
                    let count = bytes.count
                    while index < count {
                        if state == 0 {
                            if window > 0 && count >= window {
                                // The root: move the window by its last four bytes while no secret can start in it.
                                let lastStart = count &- window
                                // Four windows a step, each a full shift after the last, their loads and lookups
                                // independent: the shift of the first decides, the next ones count only while every
                                // shift before them was full, as they are in most text (one window after another,
                                // each lookup waits for the last: four at once take about the time of one).
                                let full = window &- 3
                                @inline(__always) func shift(at start: Int) -> Int {
                                    let block = chunk.loadUnaligned(
                                        fromByteOffset: start &+ window &- 4, as: UInt32.self)
                                    return Int(shifts[Self.slot(block, bits: bits)])
                                }
                                skip: while index &+ 3 &* full <= lastStart {
                                    let first = shift(at: index)
                                    let second = shift(at: index &+ full)
                                    let third = shift(at: index &+ 2 &* full)
                                    let fourth = shift(at: index &+ 3 &* full)
                                    if first != full {
                                        if first == 0 { break skip }
                                        index &+= first
                                        continue
                                    }
                                    index &+= full
                                    if second != full {
                                        if second == 0 { break skip }
                                        index &+= second
                                        continue
                                    }
                                    index &+= full
                                    if third != full {
                                        if third == 0 { break skip }
                                        index &+= third
                                        continue
                                    }
                                    index &+= full
                                    if fourth == 0 { break skip }
                                    index &+= fourth
                                }
                                while index <= lastStart {
                                    let block = chunk.loadUnaligned(
                                        fromByteOffset: index &+ window &- 4, as: UInt32.self)
                                    let shift = shifts[Self.slot(block, bits: bits)]
                                    if shift == 0 { break }
                                    index &+= Int(shift)
                                }
                            }
                            // Skip bytes that start no secret (no dependency between iterations).
                            while index < count && !starts[Int(bytes[index])] { index += 1 }
                            if index == count { break }
                        }
                        let next = table[Int(state) << 8 | Int(bytes[index])]
                        index += 1
                        if next & Self.matchBit != 0 {
                            state = next & ~Self.matchBit
                            record(end: chunkStart + index, state: state)
                        } else {
                            state = next
                        }
                    }
                }
            }
        }
        self.state = state
        position = chunkStart + chunk.count
        emit(upTo: position - Int(depth[Int(state)]), chunk: chunk, chunkStart: chunkStart, write: write)
    }

    /// Writes everything held (the stream ended: a partial match is no secret).
    package mutating func finish(into output: inout [UInt8]) {
        finish { output.append(contentsOf: $0) }
    }

    /// Hands `write` everything held (the stream ended: a partial match is no secret).
    package mutating func finish(write: (UnsafeRawBufferPointer) -> Void) {
        emit(upTo: position, chunk: UnsafeRawBufferPointer(start: nil, count: 0), chunkStart: position, write: write)
        state = 0
    }

    /// Notes the longest secret ending at `end` (the automaton is in `state`), merged with the pending matches it
    /// overlaps.
    private mutating func record(end: Int, state: Int32) {
        var start = end - Int(matchLength[Int(state)])
        var mask = Int(matchIndex[Int(state)])
        while let last = pending.last, last.end > start {
            pending.removeLast()
            // The match that starts first names the run; of two that start together, the longer (this one).
            if last.start < start {
                start = last.start
                mask = last.mask
            }
        }
        pending.append((start, end, mask))
    }

    /// Appends to `output` the stream from what was written last up to `final` (the bytes before it can no longer be
    /// part of a new match), masks for the matches that end by then, and keeps the rest.
    private mutating func emit(
        upTo final: Int, chunk: UnsafeRawBufferPointer, chunkStart: Int, write: (UnsafeRawBufferPointer) -> Void
    ) {
        var written = heldStart
        var closed = 0
        for match in pending {
            guard match.end <= final else { break }
            append(from: written, to: match.start, chunk: chunk, chunkStart: chunkStart, write: write)
            masks[match.mask].withUnsafeBytes(write)
            written = match.end
            closed += 1
        }
        pending.removeFirst(closed)
        // A match still open (a longer one may extend it) keeps its bytes back.
        let safe = min(final, pending.first?.start ?? final)
        if safe > written {
            append(from: written, to: safe, chunk: chunk, chunkStart: chunkStart, write: write)
            written = safe
        }
        // Keep the bytes from `written` to the end of the stream so far.
        var kept: [UInt8] = []
        if written < position {
            kept.reserveCapacity(position - written)
            append(from: written, to: position, chunk: chunk, chunkStart: chunkStart) { kept.append(contentsOf: $0) }
        }
        held = kept
        heldStart = written
    }

    /// Appends the stream's bytes from `start` to `end`: those before `chunkStart` from `held`, the rest from `chunk`.
    private func append(
        from start: Int, to end: Int, chunk: UnsafeRawBufferPointer, chunkStart: Int,
        write: (UnsafeRawBufferPointer) -> Void
    ) {
        guard end > start else { return }
        if start < chunkStart {
            let heldEnd = min(end, chunkStart)
            held.withUnsafeBytes {
                write(UnsafeRawBufferPointer(rebasing: $0[(start - heldStart)..<(heldEnd - heldStart)]))
            }
        }
        if end > chunkStart {
            let from = max(start, chunkStart) - chunkStart
            write(UnsafeRawBufferPointer(rebasing: chunk[from..<(end - chunkStart)]))
        }
    }
}
