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
/// `@unchecked Sendable`, the only one in the runtime: every stored property but the lock is read and written only
/// between `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex` (``withLock(_:)``), which orders those
/// accesses across threads (POSIX: the mutex "shall synchronize memory"); the lock itself is allocated once, never
/// moves (it is not a Swift stored value, which may be moved) and is never freed while the object lives. A lock of
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
    /// Whether a read answered from the launch before anything was baked.
    private var launchWasRead = false

    init(launch: @escaping @Sendable () -> ActiveProfile) {
        makeLaunch = launch
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
    var current: ActiveProfile {
        if let profile = withLock({ previewProfile ?? bakedLaunch }) { return profile }
        let launch = makeLaunch()
        withLock { launchWasRead = true }
        return launch
    }

    /// The preview profile's configuration; setting it (or `nil`) replaces it for the whole process.
    var preview: LaunchConfiguration? {
        get { withLock { previewConfiguration } }
        set {
            let profile = newValue.map { ActiveProfile(configuration: $0, layer: .preview) }
            withLock {
                previewConfiguration = newValue
                previewProfile = profile
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
            return launchWasRead ? .bakedAfterReads : .baked
        }
    }

    /// The baked configuration, if any.
    var baked: LaunchConfiguration? { withLock { bakedConfiguration } }
}
