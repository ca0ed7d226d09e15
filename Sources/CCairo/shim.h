#ifndef LOADERLAB_CCAIRO_SHIM_H
#define LOADERLAB_CCAIRO_SHIM_H
#include <cairo/cairo.h>
/* zlib: LayerKitCairo's PNG encoder deflates with it. */
#include <zlib.h>
#endif
