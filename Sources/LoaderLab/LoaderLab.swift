// LoaderLab module.
