// Loaders module.
