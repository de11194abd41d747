import Foundation

/// libchafa (Debian 12: 1.12.4) encoding sixel, loaded with `dlopen` so the build needs neither
/// its headers nor glib's: only this benchmark uses it, and without libchafa installed the
/// benchmark says so and measures the others. The canvas is exactly the frame's pixels (8×6-pixel
/// cells: every frame here is whole sixel bands, so chafa never scales and the PSNR compares the
/// same pixels) in sixel pixel mode with chafa's default settings; output formatted for a sixel
/// terminal (term info detected for `TERM=mlterm`).
final class Chafa {
    private typealias ConfigNew = @convention(c) () -> OpaquePointer?
    private typealias SetMode = @convention(c) (OpaquePointer?, Int32) -> Void
    private typealias SetSize = @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    private typealias CanvasNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    private typealias Unref = @convention(c) (OpaquePointer?) -> Void
    private typealias Draw = @convention(c) (OpaquePointer?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32) -> Void
    /// Returns a GString (`{ char *str; size_t len; size_t allocated_len; }`).
    private typealias Print = @convention(c) (OpaquePointer?, OpaquePointer?) -> UnsafeMutableRawPointer?
    private typealias TermDB = @convention(c) () -> OpaquePointer?
    private typealias Detect = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer?
    private typealias StringFree = @convention(c) (UnsafeMutableRawPointer?, Int32) -> UnsafeMutableRawPointer?

    private static let pixelModeSixels: Int32 = 1        // CHAFA_PIXEL_MODE_SIXELS
    private static let pixelRGBA8Unassociated: Int32 = 4 // CHAFA_PIXEL_RGBA8_UNASSOCIATED

    private let canvas: OpaquePointer?
    private let termInfo: OpaquePointer?
    private let draw: Draw
    private let printCanvas: Print
    private let stringFree: StringFree
    private let canvasUnref: Unref

    /// nil when libchafa is not installed.
    init?(width: Int, height: Int) {
        guard let library = dlopen("libchafa.so.0", RTLD_NOW) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let configNew = symbol("chafa_canvas_config_new", as: ConfigNew.self),
              let setMode = symbol("chafa_canvas_config_set_pixel_mode", as: SetMode.self),
              let setGeometry = symbol("chafa_canvas_config_set_geometry", as: SetSize.self),
              let setCell = symbol("chafa_canvas_config_set_cell_geometry", as: SetSize.self),
              let canvasNew = symbol("chafa_canvas_new", as: CanvasNew.self),
              let canvasUnref = symbol("chafa_canvas_unref", as: Unref.self),
              let configUnref = symbol("chafa_canvas_config_unref", as: Unref.self),
              let draw = symbol("chafa_canvas_draw_all_pixels", as: Draw.self),
              let print = symbol("chafa_canvas_print", as: Print.self),
              let termDB = symbol("chafa_term_db_get_default", as: TermDB.self),
              let detect = symbol("chafa_term_db_detect", as: Detect.self),
              let stringFree = symbol("g_string_free", as: StringFree.self)
        else { return nil }
        let config = configNew()
        setMode(config, Self.pixelModeSixels)
        setGeometry(config, Int32(width / 8), Int32(height / 6))
        setCell(config, 8, 6)
        canvas = canvasNew(config)
        configUnref(config)
        var term = strdup("TERM=mlterm")
        var environment: [UnsafeMutablePointer<CChar>?] = [term, nil]
        termInfo = environment.withUnsafeMutableBufferPointer { detect(termDB(), $0.baseAddress) }
        free(term)
        term = nil
        self.draw = draw
        self.printCanvas = print
        self.stringFree = stringFree
        self.canvasUnref = canvasUnref
    }

    deinit { canvasUnref(canvas) }

    /// The sixel image of an RGBA frame.
    func encode(_ rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        rgba.withUnsafeBufferPointer { draw(canvas, Self.pixelRGBA8Unassociated, $0.baseAddress, Int32(width), Int32(height), Int32(width * 4)) }
        guard let string = printCanvas(canvas, termInfo) else { return [] }
        let text = string.load(as: UnsafePointer<UInt8>?.self)
        let length = string.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: Int.self)
        let bytes = text.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        _ = stringFree(string, 1)
        return bytes
    }
}
