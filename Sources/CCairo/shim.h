#ifndef LOADERLAB_CCAIRO_SHIM_H
#define LOADERLAB_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#endif
