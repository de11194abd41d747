/// Every request, in arrival order of completion (the order their answers were decided).
actor RequestLog {
    private var records: [DemoRequestRecord] = []

    func append(_ record: DemoRequestRecord) {
        records.append(record)
    }

    func all() -> [DemoRequestRecord] {
        records
    }

    func clear() {
        records.removeAll()
    }
}
