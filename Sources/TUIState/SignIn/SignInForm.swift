import Foundation
import TUI

/// The sign-in form's text (the password is never shown, only its length).
struct SignInForm: Sendable, Equatable {
    /// What the server calls the user: "Email" (the events service) or "User" (an NVR).
    var userLabel = "Email"
    var email = ""
    var password = ""
    var focus: SignInSnapshot.Field = .email
    var errorText: String?
    var isBusy = false

    /// Applies a text-entry action; returns the credentials when the form is submitted complete.
    mutating func apply(_ action: UserAction) -> (email: String, password: String)? {
        guard !isBusy else { return nil }
        switch action {
        case .insertText(let text):
            if focus == .password { password += text } else { email += text }
        case .deleteBackward:
            if focus == .password { _ = password.popLast() } else { _ = email.popLast() }
        case .clearField:
            if focus == .password { password = "" } else { email = "" }
        case .nextField, .previousField:
            focus = focus == .email ? .password : .email
        case .submit:
            let address = email.trimmingCharacters(in: .whitespaces)
            if address.isEmpty { focus = .email; errorText = "Enter your \(userLabel == "Email" ? "email" : "user name")."; return nil }
            if password.isEmpty {
                errorText = focus == .password ? "Enter your password." : nil
                focus = .password
                return nil
            }
            errorText = nil
            isBusy = true
            return (address, password)
        default:
            break
        }
        return nil
    }

    func snapshot(server: String) -> SignInSnapshot {
        SignInSnapshot(email: email, passwordLength: password.count, server: server, focus: focus,
                       errorText: errorText, isBusy: isBusy, userLabel: userLabel)
    }
}
