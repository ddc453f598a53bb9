/// Replaces every occurrence of a set of byte strings in a stream, whatever the chunks it arrives in: the matcher
/// behind `run --redact` and `profile redact`.
///
/// One Aho–Corasick automaton over every secret at once, compiled to a table of transitions (256 per state), so each
/// byte costs one table read whatever the number of secrets; the output is linear in the input. Bytes are held back
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
    /// Whether a secret starts with the byte: in the root state, bytes that start none are skipped fast.
    private var starts: [Bool]
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

    /// Whether there is nothing to replace: every chunk passes as it is.
    package var isEmpty: Bool { masks.isEmpty }

    /// Takes the next chunk of the stream and appends to `output` what can be written now: everything except the
    /// bytes that may still be the start of a secret.
    package mutating func process(_ chunk: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        guard !masks.isEmpty else {
            output.append(contentsOf: chunk)
            return
        }
        let chunkStart = position
        var state = self.state
        let transitions = self.transitions
        let starts = self.starts
        transitions.withUnsafeBufferPointer { table in
            starts.withUnsafeBufferPointer { starts in
                let bytes = chunk.bindMemory(to: UInt8.self)
                var index = 0
                let count = bytes.count
                while index < count {
                    if state == 0 {
                        // The root: skip bytes that start no secret (no dependency between iterations).
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
        self.state = state
        position = chunkStart + chunk.count
        emit(upTo: position - Int(depth[Int(state)]), chunk: chunk, chunkStart: chunkStart, into: &output)
    }

    /// Writes everything held (the stream ended: a partial match is no secret).
    package mutating func finish(into output: inout [UInt8]) {
        emit(upTo: position, chunk: UnsafeRawBufferPointer(start: nil, count: 0), chunkStart: position, into: &output)
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
        upTo final: Int, chunk: UnsafeRawBufferPointer, chunkStart: Int, into output: inout [UInt8]
    ) {
        var written = heldStart
        var closed = 0
        for match in pending {
            guard match.end <= final else { break }
            append(from: written, to: match.start, chunk: chunk, chunkStart: chunkStart, into: &output)
            output.append(contentsOf: masks[match.mask])
            written = match.end
            closed += 1
        }
        pending.removeFirst(closed)
        // A match still open (a longer one may extend it) keeps its bytes back.
        let safe = min(final, pending.first?.start ?? final)
        if safe > written {
            append(from: written, to: safe, chunk: chunk, chunkStart: chunkStart, into: &output)
            written = safe
        }
        // Keep the bytes from `written` to the end of the stream so far.
        var kept: [UInt8] = []
        if written < position {
            kept.reserveCapacity(position - written)
            append(from: written, to: position, chunk: chunk, chunkStart: chunkStart, into: &kept)
        }
        held = kept
        heldStart = written
    }

    /// Appends the stream's bytes from `start` to `end`: those before `chunkStart` from `held`, the rest from `chunk`.
    private func append(
        from start: Int, to end: Int, chunk: UnsafeRawBufferPointer, chunkStart: Int, into output: inout [UInt8]
    ) {
        guard end > start else { return }
        if start < chunkStart {
            let heldEnd = min(end, chunkStart)
            output.append(contentsOf: held[(start - heldStart)..<(heldEnd - heldStart)])
        }
        if end > chunkStart {
            let from = max(start, chunkStart) - chunkStart
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[from..<(end - chunkStart)]))
        }
    }
}
