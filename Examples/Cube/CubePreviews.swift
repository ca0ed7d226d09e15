//
//  CubePreviews.swift
//  The turning cube on a dark background (it needs 3D rendering: CATransformLayer).
//

import UIKit

struct CubePreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("cube", size: CGSize(width: 200, height: 200)) { layer in
                CubeSpinner().setUpAnimation(in: layer, size: 60)
            }
        ]
    }
}
