// Placeholder so the skeleton builds; replaced by the module's real files.
enum PlayerPlaceholder {}
internal import CMPV
func mpvClientAPIVersion() -> UInt { UInt(mpv_client_api_version()) }
