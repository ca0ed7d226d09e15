//
//  LoadingStatusView.swift
//  A status line as apps show it under a list or in place of content while it loads: the
//  system spinner and a label beside it, centred together, or a HUD card with a large spinner
//  over a caption.
//

import UIKit

/// A spinner and a message, side by side and centred as one in the view.
final class LoadingStatusView: UIView {
    let spinner = UIActivityIndicatorView(style: .medium)
    let messageLabel = UILabel()
    /// Between the spinner and the text.
    private let spacing: CGFloat = 8

    init(frame: CGRect, message: String) {
        super.init(frame: frame)
        messageLabel.text = message
        messageLabel.font = UIFont.systemFont(ofSize: 15, weight: .medium)
        messageLabel.textColor = .secondaryLabel
        addSubview(spinner)
        addSubview(messageLabel)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        messageLabel.sizeToFit()
        let spinnerSize = spinner.intrinsicContentSize
        let total = spinnerSize.width + spacing + messageLabel.bounds.width
        var x = (bounds.width - total) / 2
        spinner.frame = CGRect(
            x: x, y: (bounds.height - spinnerSize.height) / 2, width: spinnerSize.width,
            height: spinnerSize.height)
        x += spinnerSize.width + spacing
        messageLabel.frame = CGRect(
            x: x, y: (bounds.height - messageLabel.bounds.height) / 2, width: messageLabel.bounds.width,
            height: messageLabel.bounds.height)
    }

    /// Starts the spinner and shows the view.
    func startLoading() {
        isHidden = false
        spinner.startAnimating()
    }

    /// Swaps the message with a cross-fade, as apps do when a load moves on a stage.
    func show(message: String) {
        UIView.transition(
            with: messageLabel, duration: 0.25, options: .transitionCrossDissolve,
            animations: { self.messageLabel.text = message })
        setNeedsLayout()
    }
}

/// A rounded dark card with a large white spinner above a caption (a "HUD").
final class LoadingHUDView: UIView {
    let spinner = UIActivityIndicatorView(style: .large)
    let captionLabel = UILabel()

    init(frame: CGRect, caption: String) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0, alpha: 0.75)
        layer.cornerRadius = 14
        spinner.color = .white
        captionLabel.text = caption
        captionLabel.font = .preferredFont(forTextStyle: .footnote)
        captionLabel.textColor = .white
        captionLabel.textAlignment = .center
        captionLabel.numberOfLines = 2
        addSubview(spinner)
        addSubview(captionLabel)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let inset: CGFloat = 12
        let width = bounds.width - 2 * inset
        let captionSize = captionLabel.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
        let side = spinner.intrinsicContentSize.height
        let gap: CGFloat = 10
        let top = (bounds.height - side - gap - captionSize.height) / 2
        spinner.frame = CGRect(x: (bounds.width - side) / 2, y: top, width: side, height: side)
        captionLabel.frame = CGRect(x: inset, y: top + side + gap, width: width, height: captionSize.height)
    }
}
