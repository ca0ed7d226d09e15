#ifndef LOADERLAB_CX11_SHIM_H
#define LOADERLAB_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xrandr.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <poll.h>
#include <sys/timerfd.h>

// libdispatch's hooks for a run loop that serves the main queue on the main thread (what
// Foundation's CFRunLoop uses on Linux): an eventfd that becomes readable when the main
// queue has work, and the call that runs that work. The host's event loop polls the X
// connection and this descriptor itself instead of handing the main queue to dispatchMain().
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);
#endif
