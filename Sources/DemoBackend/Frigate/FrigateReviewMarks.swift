/// Which review items each user has marked reviewed (Frigate's `UserReviewStatus`, per user id:
/// the JWT's `sub`, or `anonymous` without auth).
///
/// ```swift
/// await marks.set(["1718000000.1-abc123"], reviewed: true, user: "admin")
/// await marks.reviewed(by: "viewer")   // still empty
/// ```
actor FrigateReviewMarks {
    private var marks: [String: [String: Bool]] = [:]

    func set(_ ids: [String], reviewed: Bool, user: String) {
        for id in ids { marks[user, default: [:]][id] = reviewed }
    }

    /// Forgets the user's mark (DELETE /api/review/<id>/viewed deletes the row).
    func remove(_ id: String, user: String) {
        marks[user]?[id] = nil
    }

    /// The ids the user has marked reviewed.
    func reviewed(by user: String) -> Set<String> {
        Set((marks[user] ?? [:]).filter(\.value).keys)
    }
}
