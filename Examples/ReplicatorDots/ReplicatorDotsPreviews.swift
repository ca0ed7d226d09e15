//
//  ReplicatorDotsPreviews.swift
//  A ring of twelve dots on a dark background.
//

import UIKit

struct ReplicatorDotsPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("replicator-dots", size: CGSize(width: 200, height: 200)) { layer in
                let spinner = ReplicatorDotsSpinner(
                    color: UIColor(red: 90 / 255.0, green: 200 / 255.0, blue: 200 / 255.0, alpha: 1))
                spinner.setUpAnimation(in: layer, size: CGSize(width: 80, height: 80))
            }
        ]
    }
}
