// RefreshKit module.
