#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The process-wide layers of ``ActiveProfile/current``: the preview profile and the baked one, behind one lock.
///
/// `@unchecked Sendable`, the only one in the runtime: every stored `var` is read and written only between
/// `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex` (``withLock(_:)``), which orders those accesses across
/// threads (POSIX: the mutex "shall synchronize memory"); the lock and the three one-time flags are allocated once,
/// never move (they are not Swift stored values, which may be moved) and are freed only with the object. The flags
/// are read and set only through the standard library's atomic one-time initialisation
/// (`_stdlib_atomicAcquiringLoadARCRef` / `_stdlib_atomicAcquiringInitializeARCRef`, emitted into this module), so
/// the read of a process where no preview or baked profile was ever set takes no lock, and one where no scope was
/// ever entered does not look the task local up. A lock of
/// the C library rather than `Synchronization.Mutex` because the runtime supports systems older than the ones
/// `Mutex` needs (macOS 15, iOS 18). swift-nio's `NIOLock` is the same `pthread_mutex_t` behind a pointer on Darwin
/// and Linux alike (swift-nio 2.101.3, `Sources/NIOConcurrencyHelpers/lock.swift:49-54`, `:103`, `:116`).
final class ProcessProfiles: @unchecked Sendable {
    /// The one the process reads through ``ActiveProfile/current``; tests make their own.
    static let shared = ProcessProfiles(launch: { ActiveProfile.launch })

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    /// The launch profile, parsed at the first read that needs it.
    private let makeLaunch: @Sendable () -> ActiveProfile
    /// The preview profile, if one is set.
    private var previewProfile: ActiveProfile?
    /// The configuration the preview profile was made from.
    private var previewConfiguration: LaunchConfiguration?
    /// The baked configuration, if ``bake(_:)`` was called.
    private var bakedConfiguration: LaunchConfiguration?
    /// The launch with the baked profile under it, made by ``bake(_:)``.
    private var bakedLaunch: ActiveProfile?
    /// What ``current`` answers once a preview or a baked profile was set: the preview, else the launch over the
    /// baked profile (`nil`: the launch).
    private var resolved: ActiveProfile?

    init(launch: @escaping @Sendable () -> ActiveProfile) {
        makeLaunch = launch
        layersSet = UnsafeMutablePointer<Marker?>.allocate(capacity: 1)
        layersSet.initialize(to: nil)
        launchRead = UnsafeMutablePointer<Marker?>.allocate(capacity: 1)
        launchRead.initialize(to: nil)
        scopeEntered = UnsafeMutablePointer<Marker?>.allocate(capacity: 1)
        scopeEntered.initialize(to: nil)
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
        layersSet.deinitialize(count: 1)
        layersSet.deallocate()
        launchRead.deinitialize(count: 1)
        launchRead.deallocate()
        scopeEntered.deinitialize(count: 1)
        scopeEntered.deallocate()
    }

    @inline(__always)
    private func withLock<R>(_ body: () -> R) -> R {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #endif
        return body()
    }

    /// The profile a read outside any scope answers from: the preview, else the launch (over the baked profile).
    ///
    /// Until a preview or a baked profile is first set, the launch, without the lock: ``layersSet`` is published once
    /// (an acquiring load here, the stdlib's one-time atomic initialisation where it is set, after the state it
    /// guards), so a read that sees it `nil` answers as if it came before that first set. After that, one lock round
    /// trip.
    var current: ActiveProfile {
        if _stdlib_atomicAcquiringLoadARCRef(object: layersSet) == nil {
            if _stdlib_atomicAcquiringLoadARCRef(object: launchRead) == nil {
                _ = _stdlib_atomicAcquiringInitializeARCRef(object: launchRead, desired: Marker())
            }
            return makeLaunch()
        }
        return withLock { resolved ?? makeLaunch() }
    }

    /// Whether a preview or a baked profile was ever set (else ``current`` is the launch); notes a read of the launch.
    @inline(__always)
    var layersWereSet: Bool {
        if _stdlib_atomicAcquiringLoadARCRef(object: layersSet) != nil { return true }
        if _stdlib_atomicAcquiringLoadARCRef(object: launchRead) == nil {
            _ = _stdlib_atomicAcquiringInitializeARCRef(object: launchRead, desired: Marker())
        }
        return false
    }

    /// Whether a scope was ever entered in the process (``ActiveProfile/withProfile(_:operation:)``).
    @inline(__always)
    var scopeWasEntered: Bool { _stdlib_atomicAcquiringLoadARCRef(object: scopeEntered) != nil }

    /// Notes that a scope is entered.
    func noteScopeEntered() {
        if !scopeWasEntered { _ = _stdlib_atomicAcquiringInitializeARCRef(object: scopeEntered, desired: Marker()) }
    }

    /// A non-nil pointer: the one-time flags below hold one once set.
    final class Marker: Sendable {}

    /// Set (once, never cleared) when a preview or a baked profile is first set.
    private let layersSet: UnsafeMutablePointer<Marker?>
    /// Set (once) when a read first answers from the launch.
    private let launchRead: UnsafeMutablePointer<Marker?>
    /// Set (once) when a scope is first entered.
    private let scopeEntered: UnsafeMutablePointer<Marker?>

    /// Publishes ``layersSet``; called with the lock held, after the state is changed.
    private func publishLayers() {
        if _stdlib_atomicAcquiringLoadARCRef(object: layersSet) == nil {
            _ = _stdlib_atomicAcquiringInitializeARCRef(object: layersSet, desired: Marker())
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
                resolved = profile ?? bakedLaunch
                publishLayers()
            }
        }
    }

    /// Bakes `configuration` under the launch; see ``ActiveProfile/bake(_:)``.
    @discardableResult
    func bake(_ configuration: LaunchConfiguration) -> ActiveProfile.BakeResult {
        let launch = makeLaunch()
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
            resolved = previewProfile ?? combined
            publishLayers()
            return _stdlib_atomicAcquiringLoadARCRef(object: launchRead) == nil ? .baked : .bakedAfterReads
        }
    }

    /// The baked configuration, if any.
    var baked: LaunchConfiguration? { withLock { bakedConfiguration } }
}
