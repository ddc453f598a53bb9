/// Ends the command with an exit status after its message has been printed (the CLI prints its own diagnostics,
/// like swift-format, then exits).
struct Exit: Error {
    let status: Int32
}
