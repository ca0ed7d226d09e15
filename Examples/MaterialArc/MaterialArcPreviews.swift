//
//  MaterialArcPreviews.swift
//  A 64-point Material arc spinner on a dark background.
//

import UIKit

struct MaterialArcPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("material-arc", size: CGSize(width: 200, height: 200)) { layer in
                let side: CGFloat = 64
                let spinner = MaterialArcSpinner(
                    frame: CGRect(
                        x: (layer.bounds.width - side) / 2, y: (layer.bounds.height - side) / 2, width: side,
                        height: side),
                    color: UIColor(red: 66 / 255.0, green: 133 / 255.0, blue: 244 / 255.0, alpha: 1))
                layer.addSublayer(spinner.layer)
                spinner.startAnimating()
            }
        ]
    }
}
