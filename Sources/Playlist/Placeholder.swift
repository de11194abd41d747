// Placeholder so the skeleton builds; replaced by the module's real files.
enum PlaylistPlaceholder {}
