import SystemSupport

extension Redactor {
    /// Header fields with the values of `Authorization`, `Cookie`, `Set-Cookie` and
    /// `Proxy-Authorization` replaced, the others redacted as text, for debug output.
    public func redact(_ headers: HTTPHeaderFields) -> HTTPHeaderFields {
        let secret: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
        return HTTPHeaderFields(headers.map { field in
            (field.name, secret.contains(field.name.lowercased()) ? Self.placeholder : redact(field.value))
        })
    }
}
