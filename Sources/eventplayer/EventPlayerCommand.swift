import App
import ArgumentParser

@main
struct EventPlayerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "eventplayer")
    func run() async throws {}
}
