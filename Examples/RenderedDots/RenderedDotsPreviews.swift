//
//  RenderedDotsPreviews.swift
//  Three bouncing dots made from one rendered image.
//

import UIKit

struct RenderedDotsPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("rendered-dots", size: CGSize(width: 200, height: 200)) { layer in
                let view = RenderedDotsView(frame: CGRect(x: 40, y: 70, width: 120, height: 60))
                layer.addSublayer(view.layer)
                view.startAnimating()
            }
        ]
    }
}
