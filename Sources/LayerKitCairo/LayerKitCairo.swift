// LayerKitCairo module.
