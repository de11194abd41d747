/// Which tracked objects are kept past retention (Frigate's `Event.retain_indefinitely`, set by
/// `POST /api/events/<id>/retain`, cleared by `DELETE`), for every user alike.
actor FrigateRetained {
    private var ids: Set<String> = []

    func set(_ id: String, retained: Bool) {
        if retained { ids.insert(id) } else { ids.remove(id) }
    }

    /// The retained ids.
    var all: Set<String> { ids }
}
