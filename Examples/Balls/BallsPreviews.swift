//
//  BallsPreviews.swift
//  Balls: the loader filling a 200×200 view, its box in the middle.
//

import UIKit

struct BallsPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview(
                "balls", size: CGSize(width: 200, height: 200),
                background: UIColor(red: 62 / 255.0, green: 72 / 255.0, blue: 88 / 255.0, alpha: 1)
            ) { layer in
                // `showInView:`: a loading view as large as its host, started at once. The
                // running animation's delegate (the loading view) is kept by the animation.
                let loading = XLBallLoading(frame: layer.bounds)
                layer.addSublayer(loading.layer)
                loading.start()
            }
        ]
    }
}
