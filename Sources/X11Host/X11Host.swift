// X11Host module.
