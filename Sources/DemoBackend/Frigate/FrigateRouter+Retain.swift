import Foundation

/// POST and DELETE /api/events/<id>/retain (event.py `set_retain`, `delete_retain`): Frigate keeps
/// a tracked object past retention, or lets it go. Both routes depend on `require_role(["admin"])`
/// (auth.py): any other role is 403 `{"detail": "Role viewer not authorized. Required: admin"}`
/// (FastAPI's HTTPException) before the route runs (the path is exempt from the global admin check:
/// its prefix `/events/`). An unknown id is 404 `{"success": false, "message": "Event <id> not found"}`;
/// done is `{"success": true, "message": "Event <id> retained"}` (or `un-retained`).
extension FrigateRouter {
    func retain(_ id: String, retained: Bool, caller: Caller) async -> Reply {
        guard caller.role == "admin" else {
            let role = caller.role.isEmpty ? nil : caller.role
            return .fastAPIDetail(403, role.map { "Role \($0) not authorized. Required: admin" } ?? "Role not provided")
        }
        guard frigate.catalog.detectionsByID[id] != nil else {
            return .frigate(.object([("success", .bool(false)), ("message", .string("Event \(id) not found"))]), status: 404)
        }
        await frigate.retained.set(id, retained: retained)
        return .frigate(.object([("success", .bool(true)), ("message", .string("Event \(id) \(retained ? "retained" : "un-retained")"))]))
    }
}
