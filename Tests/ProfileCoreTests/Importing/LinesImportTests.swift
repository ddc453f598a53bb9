import ProfileCore
import Testing

/// `lines` (a trial): each line one argument, as it is.
@Suite struct LinesImportTests {
    @Test func eachLineIsOneArgument() {
        let output = ProfileImporter.importProfile(
            Array("-a\n\n-b c\n".utf8), path: "args.txt", from: ImportSource(LinesImport()), catalog: nil)
        #expect(output.diagnostics.isEmpty)
        #expect(
            output.text == """
                # imported from args.txt by profile import
                description: Imported from args.txt

                arguments:
                  - -a  # args.txt:1
                  - -b c  # args.txt:3

                """)
    }
}
