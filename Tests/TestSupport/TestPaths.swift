import Foundation

/// Where the tests find the repository and the built products.
package enum TestPaths {
    /// The repository root (this file is `Tests/TestSupport/TestPaths.swift`).
    package static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The absolute path of `relative` (`Sources/ProfileRuntime`) in the repository.
    package static func repositoryPath(_ relative: String) -> String {
        repositoryRoot.appendingPathComponent(relative).path
    }

    /// The folder holding the built products (`profile`, `countries`, the modules and objects of each target).
    package static let productsDirectory: URL = {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
        #else
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
        #endif
    }()
}
