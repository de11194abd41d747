/// GET /api/config: the part of Frigate's config the web UI's types name (web/src/types/frigateConfig.ts)
/// for the demo's cameras and groups, dumped as `model_dump(exclude_none=True)` dumps it (so a
/// camera without `friendly_name` has no such key).
extension FrigateCatalog {
    func configJSON(options: FrigateDemoOptions) -> FrigateJSON {
        let roles: FrigateJSON = .object([("admin", .array([])), ("viewer", .array([]))])
        var auth: [(String, FrigateJSON)] = [
            ("enabled", .bool(options.requiresAuth)), ("reset_admin_password", .bool(false)),
            ("cookie_name", .string("frigate_token")), ("cookie_secure", .bool(false)),
            ("session_length", .int(Int(options.sessionLength))), ("refresh_time", .int(Int(options.refreshTime))),
        ]
        if let limit = options.failedLoginRateLimit { auth.append(("failed_login_rate_limit", .string(limit))) }
        auth += [("trusted_proxies", .array([])), ("hash_iterations", .int(600_000)), ("roles", roles),
                 ("admin_first_time_login", .bool(false))]
        let groups = FrigateCamera.groups.map { group in
            (group.name, FrigateJSON.object([("cameras", .strings(group.cameras)), ("icon", .string(group.icon)),
                                             ("order", .int(group.order))]))
        }
        return .object([
            ("safe_mode", .bool(false)),
            ("auth", .object(auth)),
            ("mqtt", .object([("enabled", .bool(false))])),
            ("ui", .object([("time_format", .string("browser")), ("unit_system", .string("metric"))])),
            ("record", .object([("enabled", .bool(true)), ("expire_interval", .int(60)),
                                ("continuous", .object([("days", .int(Int(recordings.days.rounded(.up))))]))])),
            ("detect", .object([("enabled", .bool(true)), ("fps", .int(5))])),
            ("semantic_search", .object([("enabled", .bool(options.semanticSearch)), ("reindex", .bool(false)),
                                         ("model", .string("jinav1")), ("model_size", .string("small"))])),
            ("camera_groups", .object(groups)),
            ("cameras", .object(cameras.map { ($0.name, cameraJSON($0)) })),
        ])
    }

    private func cameraJSON(_ camera: FrigateCamera) -> FrigateJSON {
        var pairs: [(String, FrigateJSON)] = [("name", .string(camera.name))]
        if let friendly = camera.friendlyName { pairs.append(("friendly_name", .string(friendly))) }
        let alertLabels = FrigateJSON.strings(camera.alertLabels)
        let otherLabels = FrigateJSON.strings(camera.labels.filter { !camera.alertLabels.contains($0) })
        pairs += [
            ("enabled", .bool(camera.enabled)),
            ("enabled_in_config", .bool(camera.enabled)),
            ("type", .string("generic")),
            ("audio", .object([("enabled", .bool(false)), ("enabled_in_config", .bool(false)), ("listen", .strings(["bark", "speech"]))])),
            ("detect", .object([("enabled", .bool(camera.enabled)), ("height", .int(camera.height)), ("width", .int(camera.width)),
                                ("fps", .int(5))])),
            ("objects", .object([("track", .strings(camera.labels))])),
            ("record", .object([("enabled", .bool(camera.recordEnabled)), ("enabled_in_config", .bool(camera.recordEnabled)),
                                ("continuous", .object([("days", .int(Int(recordings.days.rounded(.up))))]))])),
            ("review", .object([
                ("alerts", .object([("enabled", .bool(true)), ("labels", alertLabels), ("required_zones", .array([]))])),
                ("detections", .object([("enabled", .bool(true)), ("labels", otherLabels), ("required_zones", .array([]))])),
            ])),
            ("snapshots", .object([("enabled", .bool(true))])),
            ("ui", .object([("order", .int(camera.order)), ("dashboard", .bool(true)), ("review", .bool(true))])),
            ("webui_url", .null),
            ("zones", .object(camera.zones.map { zone in
                (zone.name, FrigateJSON.object([
                    ("enabled", .bool(true)), ("filters", .object([])), ("coordinates", .string(zone.coordinates)),
                    ("inertia", .int(3)), ("loitering_time", .int(0)), ("objects", .strings(zone.objects)),
                    ("color", .array(zone.color.map(FrigateJSON.int))),
                ]))
            })),
        ]
        return .object(pairs)
    }
}
