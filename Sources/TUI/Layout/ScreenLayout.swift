/// Where every view goes, as a pure function of the terminal size.
///
/// Wide terminals (≥ 100 columns) put the player beside the list; narrower ones put it below.
/// Full-pane video (`f`) gives the video everything but the status line. Below 40×12 only
/// ``tooSmall`` is set.
///
/// ```swift
/// let layout = ScreenLayout(columns: 120, rows: 40)
/// layout.isSideBySide   // true
/// layout.slider         // 59x1+61+37
/// ```
public struct ScreenLayout: Hashable, Sendable {
    public static let minimumColumns = 40
    public static let minimumRows = 12
    public static let sideBySideColumns = 100

    public let columns: Int
    public let rows: Int
    /// The whole screen when the terminal is below 40×12, else nil.
    public let tooSmall: Rect?
    public let isSideBySide: Bool
    /// The video covers the whole terminal but the status line; the other views are empty.
    public let isFullPane: Bool
    public let header: Rect
    /// List column headings + rows.
    public let list: Rect
    /// The vertical (side by side) or horizontal (stacked) divider; the player title sits on it when stacked.
    public let divider: Rect
    /// The player pane's title line.
    public let playerTitle: Rect
    public let video: Rect
    public let slider: Rect
    public let status: Rect
    /// Bottom line: filter prompt, messages, errors.
    public let message: Rect
    /// The whole screen (sign-in form, overlays are placed inside it).
    public var screen: Rect { Rect(x: 0, y: 0, width: columns, height: rows) }

    public init(columns: Int, rows: Int, fullPane: Bool = false) {
        self.columns = columns
        self.rows = rows
        let tiny = columns < Self.minimumColumns || rows < Self.minimumRows
        tooSmall = tiny ? Rect(x: 0, y: 0, width: columns, height: rows) : nil
        isFullPane = fullPane && !tiny
        guard !tiny else {
            isSideBySide = false
            (header, list, divider, playerTitle, video, slider, status, message) = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
            return
        }
        if fullPane {
            isSideBySide = false
            (header, list, divider, playerTitle, slider, message) = (.zero, .zero, .zero, .zero, .zero, .zero)
            video = Rect(x: 0, y: 0, width: columns, height: rows - 1)
            status = Rect(x: 0, y: rows - 1, width: columns, height: 1)
            return
        }
        header = Rect(x: 0, y: 0, width: columns, height: 1)
        status = Rect(x: 0, y: rows - 2, width: columns, height: 1)
        message = Rect(x: 0, y: rows - 1, width: columns, height: 1)
        let bodyTop = 1
        let bodyHeight = rows - 3
        isSideBySide = columns >= Self.sideBySideColumns
        if isSideBySide {
            let listWidth = columns / 2
            list = Rect(x: 0, y: bodyTop, width: listWidth, height: bodyHeight)
            divider = Rect(x: listWidth, y: bodyTop, width: 1, height: bodyHeight)
            let px = listWidth + 1
            let pw = columns - px
            playerTitle = Rect(x: px, y: bodyTop, width: pw, height: 1)
            video = Rect(x: px, y: bodyTop + 1, width: pw, height: bodyHeight - 2)
            slider = Rect(x: px, y: bodyTop + bodyHeight - 1, width: pw, height: 1)
        } else {
            let playerHeight = max(5, bodyHeight * 2 / 5)
            let listHeight = bodyHeight - playerHeight
            list = Rect(x: 0, y: bodyTop, width: columns, height: listHeight)
            let top = bodyTop + listHeight
            divider = Rect(x: 0, y: top, width: columns, height: 1)
            playerTitle = divider
            video = Rect(x: 0, y: top + 1, width: columns, height: playerHeight - 2)
            slider = Rect(x: 0, y: top + playerHeight - 1, width: columns, height: 1)
        }
    }

    /// Rows of the list that show events (the list minus its heading line).
    public var listPageSize: Int { max(1, list.height - 1) }
}
