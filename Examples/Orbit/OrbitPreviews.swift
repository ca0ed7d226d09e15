//
//  OrbitPreviews.swift
//  Orbit ring: the 200×200 matching view on a dark background.
//

import UIKit

struct OrbitPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("orbit", size: CGSize(width: 200, height: 200)) { layer in
                let side: CGFloat = 200
                let matchingView = CPMatchingView(
                    frame: CGRect(
                        x: (layer.bounds.width - side) / 2, y: (layer.bounds.height - side) / 2, width: side,
                        height: side))
                layer.addSublayer(matchingView.layer)
            }
        ]
    }
}
