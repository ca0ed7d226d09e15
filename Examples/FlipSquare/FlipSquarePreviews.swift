//
//  FlipSquarePreviews.swift
//  The flipping square on a dark background (it needs 3D rendering to look right).
//

import UIKit

struct FlipSquarePreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("flip-square", size: CGSize(width: 200, height: 200)) { layer in
                let spinner = FlipSquareSpinner(
                    color: UIColor(red: 250 / 255.0, green: 85 / 255.0, blue: 78 / 255.0, alpha: 1))
                spinner.setUpAnimation(in: layer, size: CGSize(width: 60, height: 60))
            }
        ]
    }
}
