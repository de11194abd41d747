import AppCore
import CLIFrontEnd
import ArgumentParser

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Save an event's video to one file (MPEG-TS to .ts, fMP4 to .mp4), with progress.",
        discussion: """
            A master playlist exports its best variant, with its separate audio rendition if it has one \
            (joined by ffmpeg). AES-128 encrypted segments are decrypted and byte ranges fetched as they \
            download. The file is downloaded into NAME.part and renamed \
            when complete; running the same command again after an interruption resumes. An event that is \
            still recording exports what exists now. `-o -` streams the source's container to standard \
            output (refused when it is a terminal, and when ffmpeg must process the whole download: a \
            --format remux, a discontinuity, a separate audio rendition). Exit status: 0 saved, 1 error, 2 usage error, 128 + the \
            signal that interrupted it (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP), 141 standard output closed (a broken pipe).
            """
    )

    @OptionGroup var global: GlobalFlags

    @Argument(help: "The event id (see `eventplayer events`).")
    var eventID: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file, a directory for the default name (camera and start time), or - for standard output (progress then goes to stderr).", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("ts or mp4 (default: the source's container; mp4 remuxes MPEG-TS with ffmpeg, stream copy).", valueName: "format"))
    var format: ExportFormat?

    @Flag(help: "Overwrite the output file if it exists (a regular file only: never a link, FIFO or device).")
    var force = false

    func validate() throws {
        if let output, output.isEmpty { throw ValidationError("-o needs a path") }
    }

    func run() async throws {
        let request = ExportFlow.Request(eventID: eventID, output: output, format: format,
                                         force: force)
        let code = try await AppServices.with(global) { services in
            try await ExportFlow.run(request, services: services)
        }
        if code != 0 { throw ExitCode(code) }
    }
}
