#ifndef LOADERLAB_CGIF_SHIM_H
#define LOADERLAB_CGIF_SHIM_H
/* giflib (no pkg-config file upstream: linked by name). */
#include <gif_lib.h>
#endif
