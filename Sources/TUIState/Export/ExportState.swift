/// `e`: the one export running in the background, and whether `q` has warned about it.
struct ExportState: Sendable, Equatable {
    var job: ExportJob?
    /// `q` said an export is running; the next `q` quits.
    var quitWarned = false
}
