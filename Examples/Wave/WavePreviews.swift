//
//  WavePreviews.swift
//  The display-link wave filling a 200×120 card.
//

import UIKit

struct WavePreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("wave", size: CGSize(width: 200, height: 120)) { layer in
                let wave = WaveView(
                    frame: layer.bounds, color: UIColor(red: 84 / 255.0, green: 170 / 255.0, blue: 1, alpha: 1))
                layer.addSublayer(wave.layer)
                wave.startAnimating()
            }
        ]
    }
}
