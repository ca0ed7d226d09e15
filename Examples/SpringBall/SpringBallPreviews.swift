//
//  SpringBallPreviews.swift
//  The spring ball on a dark background.
//

import UIKit

struct SpringBallPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("spring-ball", size: CGSize(width: 200, height: 200)) { layer in
                let view = SpringBallView(
                    frame: layer.bounds, color: UIColor(red: 253 / 255.0, green: 175 / 255.0, blue: 75 / 255.0, alpha: 1))
                layer.addSublayer(view.layer)
                view.startAnimating()
            }
        ]
    }
}
