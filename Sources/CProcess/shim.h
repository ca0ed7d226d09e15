#ifndef LOADERLAB_CPROCESS_SHIM_H
#define LOADERLAB_CPROCESS_SHIM_H
// What the preview process and its supervisor need of Linux that Swift cannot call directly:
// glibc declares these as variadic functions or only under _GNU_SOURCE. Only the syscall
// numbers' header is included (macros, no types), so this module declares nothing that the
// C library's own module declares differently.
#include <sys/syscall.h>

extern int memfd_create(const char *name, unsigned int flags);
extern int prctl(int option, ...);
extern long syscall(long number, ...);

// libdispatch's main queue as a descriptor to poll, and the call that drains it (what a run
// loop of one's own uses: the preview process serves the main queue in its poll loop).
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);

/// An anonymous file in memory that two processes can map (close-on-exec: MFD_CLOEXEC), or -1.
static inline int loaderlab_memfd(const char *name) {
    return memfd_create(name, 1U);
}

/// The calling process gets `sig` when its parent dies (PR_SET_PDEATHSIG); 0, or -1 with errno.
static inline int loaderlab_parent_death_signal(int sig) {
    return prctl(1, (unsigned long)sig);
}

/// Sends `sig` to thread `tid` of process `pid` (the main thread's id is the process's);
/// 0, or -1 with errno.
static inline int loaderlab_thread_kill(int pid, int tid, int sig) {
    return (int)syscall(SYS_tgkill, pid, tid, sig);
}

// Return addresses of the calling thread (glibc's execinfo, which unwinds through the C
// library's own frames by their unwind tables, as `exit`'s handlers need).
extern int backtrace(void **buffer, int size);

// dladdr's answer, laid out as glibc's Dl_info (declared here: glibc shows it only to
// _GNU_SOURCE).
typedef struct {
    const char *dli_fname;
    void *dli_fbase;
    const char *dli_sname;
    void *dli_saddr;
} loaderlab_dl_info;
extern int dladdr(const void *address, loaderlab_dl_info *info);

/// The file of the loaded image holding `address`, and where it is loaded; 1, or 0 if none.
static inline int loaderlab_image_of(const void *address, const char **path, void **base) {
    loaderlab_dl_info info;
    if (!dladdr(address, &info) || !info.dli_fname) return 0;
    *path = info.dli_fname;
    *base = info.dli_fbase;
    return 1;
}
#endif
