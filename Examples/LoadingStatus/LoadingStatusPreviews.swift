//
//  LoadingStatusPreviews.swift
//  The status line on a white list background, and the HUD over dimmed content.
//

import UIKit

struct LoadingStatusPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview(
                "loading-status", size: CGSize(width: 240, height: 64), background: .systemBackground
            ) {
                layer in
                let status = LoadingStatusView(frame: layer.bounds, message: "Loading messages…")
                layer.addSublayer(status.layer)
                status.startLoading()
            },
            LoaderPreview("loading-hud", size: CGSize(width: 200, height: 200)) { layer in
                let size = CGSize(width: 150, height: 120)
                let hud = LoadingHUDView(
                    frame: CGRect(
                        x: (layer.bounds.width - size.width) / 2, y: (layer.bounds.height - size.height) / 2,
                        width: size.width, height: size.height),
                    caption: "Syncing photos")
                layer.addSublayer(hud.layer)
                hud.spinner.startAnimating()
            },
        ]
    }
}
