#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The process-wide layers of ``ActiveProfile/current``: the preview profile and the baked one, behind one lock, and
/// the state word that lets a read skip both (and the task-local lookup) when they cannot answer.
///
/// `@unchecked Sendable`, the only one in the runtime: every stored `var` is read and written only between
/// `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex` (``withLock(_:)``), which orders those accesses across
/// threads (POSIX: the mutex "shall synchronize memory"); the lock and the state word are allocated once, never move
/// (they are not Swift stored values, which may be moved) and are freed only with the object. The state word is read
/// and changed only through the standard library's sequentially consistent atomic operations on an `Int`
/// (`_swift_stdlib_atomicLoadInt`, `…FetchAddInt`, `…FetchOrInt`: public functions of the standard library since Swift
/// 4, so every OS that ships Swift has them), so a read in a process where no preview or baked profile was ever set
/// and no scope is alive takes one load and no lock. A lock of the C library rather than `Synchronization.Mutex`,
/// and these functions rather than `Synchronization.Atomic`, because the runtime supports systems older than the ones
/// those need (macOS 15, iOS 18). swift-nio's `NIOLock` is the same `pthread_mutex_t` behind a pointer on Darwin and
/// Linux alike (swift-nio 2.101.3, `Sources/NIOConcurrencyHelpers/lock.swift:49-54`, `:103`, `:116`).
@usableFromInline
final class ProcessProfiles: @unchecked Sendable {
    /// The one the process reads through ``ActiveProfile/current``, over the launch: the process's arguments, payload
    /// and environment, parsed when the process first reads a profile or enters a scope. Tests make their own.
    @usableFromInline
    static let shared = ProcessProfiles(
        launch: ActiveProfile(
            arguments: CommandLine.arguments,
            source: .process,
            payloadText: ProcessEnvironment.process.value(WireFormat.environmentVariable)
        ))

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    /// The launch profile, at an address of its own for the life of the object (``ActiveProfile/current`` lends it
    /// out by address, as the `static let` it was).
    @usableFromInline
    let launchCell: UnsafeMutablePointer<ActiveProfile>
    /// The launch profile.
    var launch: ActiveProfile { launchCell.pointee }
    /// The preview profile, if one is set.
    private var previewProfile: ActiveProfile?
    /// The configuration the preview profile was made from.
    private var previewConfiguration: LaunchConfiguration?
    /// The baked configuration, if ``bake(_:)`` was called.
    private var bakedConfiguration: LaunchConfiguration?
    /// The launch with the baked profile under it, made by ``bake(_:)``.
    private var bakedLaunch: ActiveProfile?
    /// What ``current`` answers once a preview or a baked profile was set: the preview, else the launch over the
    /// baked profile (`nil`: the launch). One of ``kept``.
    private var resolved: UnsafeMutablePointer<ActiveProfile>?
    /// Every profile ``resolved`` has held, each at its own address, freed only with the object: a read may still be
    /// borrowing one when another thread sets the preview again (a preview is set once per preview render: a few
    /// kilobytes each, for the life of a preview process).
    private var kept: [UnsafeMutablePointer<ActiveProfile>] = []

    /// The state word: ``layersBit`` (a preview or a baked profile was set, once, never cleared), ``launchReadBit``
    /// (a read answered from the launch) and, in the bits below, the number of scopes alive (``ScopeToken``).
    @usableFromInline
    let state: UnsafeMutablePointer<Int>

    /// Non-nil exactly while the state word is ``launchReadBit`` alone (no scope alive, no preview or baked profile,
    /// the launch read before): the one test of a read's fast path, an acquiring load the compiler emits inline
    /// (`_stdlib_atomicAcquiringLoadARCRef`, `@_alwaysEmitIntoClient`), where the state word's load is a call into the
    /// standard library. Changed only with the lock held, together with the state word (``changeState(_:)``).
    @usableFromInline
    let quiet: UnsafeMutablePointer<Marker?>
    /// What ``quiet`` holds when it is not `nil`: unretained there, kept alive here for the life of the object.
    private let marker = Marker()

    /// A non-nil value for ``quiet``.
    @usableFromInline
    final class Marker: Sendable {}

    /// Set once a preview or a baked profile was set: reads go through ``current`` and its lock.
    static var layersBit: Int { 1 << 62 }
    /// Set once a read answered from the launch (``bake(_:)`` says whether reads came first).
    @inlinable
    static var launchReadBit: Int { 1 << 61 }
    /// The bits that count the scopes alive.
    static var scopeCountMask: Int { launchReadBit - 1 }

    init(launch: ActiveProfile) {
        launchCell = UnsafeMutablePointer<ActiveProfile>.allocate(capacity: 1)
        launchCell.initialize(to: launch)
        state = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        state.initialize(to: 0)
        quiet = UnsafeMutablePointer<Marker?>.allocate(capacity: 1)
        quiet.initialize(to: nil)
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        #endif
        state.deinitialize(count: 1)
        state.deallocate()
        // ``quiet`` holds ``marker`` unretained (``changeState(_:)`` writes its bits): cleared without a release.
        quiet.withMemoryRebound(to: UnsafeRawPointer?.self, capacity: 1) { $0.pointee = nil }
        quiet.deinitialize(count: 1)
        quiet.deallocate()
        for cell in kept + [launchCell] {
            cell.deinitialize(count: 1)
            cell.deallocate()
        }
    }

    @inline(__always)
    private func withLock<R>(_ body: () -> R) -> R {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #endif
        return body()
    }

    /// The state word, loaded once: what a read of ``ActiveProfile/current`` decides by.
    @inlinable
    var stateWord: Int { _swift_stdlib_atomicLoadInt(object: state) }

    /// Where ``ActiveProfile/current`` reads when the state word is not just ``launchReadBit``: the scope bound to
    /// this task or thread while scopes are alive (its binding, which the scope keeps alive while code in it reads),
    /// else ``currentAddress``.
    @usableFromInline
    func addressPastTheLaunch() -> UnsafePointer<ActiveProfile> {
        if stateWord & Self.scopeCountMask != 0, let bound = ProfileScope.boundAddress { return bound }
        return currentAddress
    }

    /// Where the profile a read outside any scope answers from is: the preview, else the launch (over the baked
    /// profile).
    ///
    /// Until a preview or a baked profile is first set, the launch, without the lock: ``layersBit`` is set once, after
    /// the state it guards (with the lock held), so a read that sees it clear answers as if it came before that first
    /// set. After that, one lock round trip.
    var currentAddress: UnsafePointer<ActiveProfile> {
        let word = stateWord
        if word & Self.layersBit == 0 {
            if word & Self.launchReadBit == 0 { noteLaunchRead() }
            return UnsafePointer(launchCell)
        }
        return UnsafePointer(withLock { resolved ?? launchCell })
    }

    /// The profile a read outside any scope answers from.
    var current: ActiveProfile { currentAddress.pointee }

    /// Keeps `profile` at an address of its own until the object goes; called with the lock held.
    private func keep(_ profile: ActiveProfile) -> UnsafeMutablePointer<ActiveProfile> {
        let cell = UnsafeMutablePointer<ActiveProfile>.allocate(capacity: 1)
        cell.initialize(to: profile)
        kept.append(cell)
        return cell
    }

    /// Notes that a read answered from the launch.
    func noteLaunchRead() {
        withLock { changeState { _swift_stdlib_atomicFetchOrInt(object: $0, operand: Self.launchReadBit) } }
    }

    /// Counts a scope in (`1`) or out (`-1`); see ``ScopeToken``.
    func countScope(_ change: Int) {
        withLock { changeState { _swift_stdlib_atomicFetchAddInt(object: $0, operand: change) } }
    }

    /// Publishes ``layersBit``; called with the lock held, after the state is changed.
    private func publishLayers() {
        changeState { _swift_stdlib_atomicFetchOrInt(object: $0, operand: Self.layersBit) }
    }

    /// Changes the state word with `change` (an atomic operation that answers the word as it was) and sets ``quiet``
    /// to match the new word, with the lock held: writers are ordered by the lock, readers see each change whole or not
    /// at all (a read that sees ``quiet`` set and a scope being entered on another thread answers as before that entry:
    /// a scope only binds the task that enters it, which sees its own change).
    private func changeState(_ change: (UnsafeMutablePointer<Int>) -> Int) {
        _ = change(state)
        let isQuiet = _swift_stdlib_atomicLoadInt(object: state) == Self.launchReadBit
        quiet.withMemoryRebound(to: UnsafeRawPointer?.self, capacity: 1) { slot in
            var expected = slot.pointee
            let desired = isQuiet ? UnsafeRawPointer(Unmanaged.passUnretained(marker).toOpaque()) : nil
            while !_stdlib_atomicCompareExchangeStrongPtr(object: slot, expected: &expected, desired: desired) {}
        }
    }

    /// The preview profile's configuration; setting it (or `nil`) replaces it for the whole process.
    var preview: LaunchConfiguration? {
        get { withLock { previewConfiguration } }
        set {
            let profile = newValue.map { ActiveProfile(configuration: $0, layer: .preview) }
            withLock {
                previewConfiguration = newValue
                previewProfile = profile
                resolved = (profile ?? bakedLaunch).map(keep)
                publishLayers()
            }
        }
    }

    /// Bakes `configuration` under the launch; see ``ActiveProfile/bake(_:)``.
    @discardableResult
    func bake(_ configuration: LaunchConfiguration) -> ActiveProfile.BakeResult {
        let readsCameFirst = stateWord & Self.launchReadBit != 0
        let baked = ActiveProfile(configuration: configuration, layer: .baked)
        let combined = ActiveProfile(
            storage: launch.storage.with(
                profiles: baked.profiles + launch.profiles,
                payloadError: .some(launch.payloadError ?? baked.payloadError),
                baked: .some(baked)))
        return withLock {
            if let bakedConfiguration {
                return bakedConfiguration == configuration ? .alreadyBaked : .refused(current: bakedConfiguration)
            }
            bakedConfiguration = configuration
            bakedLaunch = combined
            resolved = keep(previewProfile ?? combined)
            publishLayers()
            return readsCameFirst ? .bakedAfterReads : .baked
        }
    }

    /// The baked configuration, if any.
    var baked: LaunchConfiguration? { withLock { bakedConfiguration } }
}
