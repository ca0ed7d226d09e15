#ifndef LOADERLAB_CIMAGEQUANT_SHIM_H
#define LOADERLAB_CIMAGEQUANT_SHIM_H
/* libimagequant: palettes and dithered remapping for GIF frames. */
#include <libimagequant.h>
#endif
