import ArgumentParser
import ProfileCore

extension ProfileCommand {
    /// `profile export FORMAT NAME... [overrides]` (being written).
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a resolved profile in another tool's format.")

        func run() throws {}
    }
}
